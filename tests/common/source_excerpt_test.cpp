#include "spvsim/common/source_excerpt.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace spvsim {
namespace {

std::string writeSource(const std::string &name, const std::string &text) {
  const auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

TEST(SourceExcerpts, LineAndCaretUnderTheColumn) {
  const std::string file = writeSource("spvsim_excerpt_a.cl", "kernel void k() {\n  x = 1;\n}\n");
  SourceExcerpts excerpts;
  EXPECT_EQ(excerpts.excerpt({file, 2, 5}, "  "), "  2 |   x = 1;\n"
                                                  "    |     ^\n");
  // No column: the line alone.
  EXPECT_EQ(excerpts.excerpt({file, 1, 0}, ""), "1 | kernel void k() {\n");
  std::filesystem::remove(file);
}

TEST(SourceExcerpts, CaretFollowsTabsAndCarriageReturnsAreDropped) {
  const std::string file = writeSource("spvsim_excerpt_b.cl", "\tv[i] = 0;\r\n");
  SourceExcerpts excerpts;
  EXPECT_EQ(excerpts.excerpt({file, 1, 3}, ""), "1 | \tv[i] = 0;\n"
                                                "  | \t ^\n");
  std::filesystem::remove(file);
}

TEST(SourceExcerpts, TextHeldInMemoryStandsForTheFile) {
  // A file of the same name on disk is not read: the text given is the source.
  const std::string file = writeSource("spvsim_excerpt_d.cl", "not this\n");
  SourceExcerpts excerpts;
  excerpts.setText(file, "kernel void k() {\r\n  out[i] = 0;\n}");
  EXPECT_EQ(excerpts.excerpt({file, 2, 3}, ""), "2 |   out[i] = 0;\n"
                                                "  |   ^\n");
  EXPECT_EQ(excerpts.line(file, 1), "kernel void k() {");
  EXPECT_EQ(excerpts.line(file, 3), "}");
  EXPECT_EQ(excerpts.line(file, 4), std::nullopt);
  std::filesystem::remove(file);
}

TEST(SourceExcerpts, NothingForWhatCannotBeRead) {
  const std::string file = writeSource("spvsim_excerpt_c.cl", "one line\n");
  SourceExcerpts excerpts;
  EXPECT_EQ(excerpts.excerpt({file, 2, 1}, ""), "");                // past the end
  EXPECT_EQ(excerpts.excerpt({file, 0, 1}, ""), "");                // no line
  EXPECT_EQ(excerpts.excerpt({file, 1, 40}, ""), "1 | one line\n"); // column past the end
  EXPECT_EQ(excerpts.excerpt({"/nonexistent/k.cl", 1, 1}, ""), "");
  std::filesystem::remove(file);
}

} // namespace
} // namespace spvsim
