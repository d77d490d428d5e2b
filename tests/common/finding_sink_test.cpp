#include "spvsim/common/finding_sink.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "finding_examples.h"

namespace spvsim {
namespace {

using test::oob;

TEST(FindingSink, IdenticalFindingsAreCountedOnce) {
  FindingSink sink;
  EXPECT_TRUE(sink.report(oob(7, "a")));
  EXPECT_FALSE(sink.report(oob(7, "a")));
  EXPECT_TRUE(sink.report(oob(7, "b")));
  EXPECT_TRUE(sink.report(oob(8, "a")));
  auto all = sink.findings();
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].count, 2u);
  EXPECT_EQ(sink.errorCount(), 3u);
}

TEST(FindingSink, ContainsAsReportDecides) {
  FindingSink sink;
  EXPECT_FALSE(sink.contains(oob(7, "a")));
  sink.report(oob(7, "a"));
  Finding elsewhere = oob(7, "a");
  elsewhere.message = "another message at the same site";
  EXPECT_TRUE(sink.contains(elsewhere)); // a site identifies the finding by itself
  EXPECT_FALSE(sink.contains(oob(7, "b")));
  EXPECT_FALSE(sink.contains(oob(8, "a")));
  EXPECT_EQ(sink.findings().front().count, 1u); // contains() counts nothing
}

TEST(FindingSink, LimitDropsAndCounts) {
  FindingSink sink(2);
  sink.report(oob(1, "a"));
  sink.report(oob(2, "a"));
  sink.report(oob(3, "a"));
  EXPECT_EQ(sink.findings().size(), 2u);
  EXPECT_EQ(sink.dropped(), 1u);
  sink.clear();
  EXPECT_TRUE(sink.findings().empty());
  EXPECT_EQ(sink.dropped(), 0u);
  EXPECT_TRUE(sink.report(oob(1, "a")));
}

TEST(FindingSink, ObserverSeesEachNewFindingOnce) {
  FindingSink sink(2);
  std::vector<std::string> seen;
  sink.setObserver([&](const Finding &f) {
    seen.push_back(f.memory->buffer);
    // Called outside the sink's lock: the observer may read the sink.
    EXPECT_FALSE(sink.findings().empty());
  });
  sink.report(oob(1, "a"));
  sink.report(oob(1, "a")); // a repeat: counted, not new
  sink.report(oob(2, "b"));
  sink.report(oob(3, "c")); // beyond the limit: dropped
  EXPECT_EQ(seen, (std::vector<std::string>{"a", "b"}));
}

// One finding per site (a source location) however many instructions share it: the
// count says how often, the instructions how many distinct instructions.
TEST(FindingSink, InstructionsOfOneSiteAreCounted) {
  FindingSink sink;
  for (uint32_t word : {100u, 110u, 120u, 110u}) {
    Finding f = oob(7, "v");
    f.wordOffset = word;
    sink.report(f);
  }
  Finding repeat = oob(7, "v"); // a counted repeat, without an instruction
  repeat.count = 5;
  sink.report(repeat);
  auto all = sink.findings();
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].count, 9u);
  EXPECT_EQ(all[0].instructions, 3u);
  EXPECT_NE(formatText(all[0]).find("(9 times: 3 instructions at this source location)"),
            std::string::npos);
  EXPECT_EQ(toJson(all[0])["instructions"], 3);
}

TEST(Finding, ElementIndexAndType) {
  Finding f = oob(1, "v");
  f.memory->offset = 400;
  f.elementSize = 4;
  f.elementType = "float";
  EXPECT_EQ(elementText(f), "v[100]");
  EXPECT_NE(formatText(f).find("offset 400 size 4 (v[100], float)"), std::string::npos);
  auto j = toJson(f);
  EXPECT_EQ(j["memory"]["element"], 100);
  EXPECT_EQ(j["memory"]["element_type"], "float");
  EXPECT_FALSE(j["memory"].contains("element_byte"));
  f.memory->offset = 402;
  EXPECT_EQ(elementText(f), "v[100] + 2 bytes");
  EXPECT_EQ(toJson(f)["memory"]["element_byte"], 2);
  // Before the start (offset -4, -2 in two's complement): a negative element and offset.
  f.memory->offset = uint64_t(-4);
  EXPECT_EQ(elementText(f), "v[-1]");
  EXPECT_NE(formatText(f).find("offset -4 size 4 (v[-1], float)"), std::string::npos);
  EXPECT_EQ(toJson(f)["memory"]["offset"], -4);
  EXPECT_EQ(toJson(f)["memory"]["element"], -1);
  EXPECT_FALSE(toJson(f)["memory"].contains("element_byte"));
  EXPECT_EQ(toJson(f).dump().find("18446744073709551"), std::string::npos);
  f.memory->offset = uint64_t(-2);
  EXPECT_EQ(elementText(f), "v[-1] + 2 bytes");
  EXPECT_EQ(toJson(f)["memory"]["offset"], -2);
  EXPECT_EQ(toJson(f)["memory"]["element"], -1);
  EXPECT_EQ(toJson(f)["memory"]["element_byte"], 2);
  f.memory->offset = uint64_t(-8);
  EXPECT_EQ(elementText(f), "v[-2]");
  f.elementSize = 0;
  EXPECT_EQ(elementText(f), "");
  EXPECT_FALSE(toJson(f)["memory"].contains("element"));
}

TEST(Finding, TextAndJsonCarryEveryField) {
  Finding f = oob(1, "in");
  f.kernel = "vecadd";
  f.workItem = WorkItemIds{1, {1024, 0, 0}, {0, 0, 0}, {16, 0, 0}};
  f.instruction = "%40 = OpLoad %float %39 Aligned 4";
  f.location = SourceLocation{"vecadd.cl", 3, 12};
  std::string text = formatText(f);
  EXPECT_EQ(text.substr(0, text.find('\n')),
            "error[oob.global.read]: read of 4 bytes past the end of buffer");
  EXPECT_NE(text.find("global (1024)"), std::string::npos);
  EXPECT_NE(text.find("vecadd.cl:3:12"), std::string::npos);
  auto j = toJson(f);
  EXPECT_EQ(j["kind"], "oob.global.read");
  EXPECT_EQ(j["work_item"]["global"], nlohmann::json::array({1024}));
  EXPECT_EQ(j["memory"]["buffer"], "in");
  EXPECT_EQ(j["memory"]["offset"], 4096);
  EXPECT_EQ(j["location"]["line"], 3);
}

} // namespace
} // namespace spvsim
