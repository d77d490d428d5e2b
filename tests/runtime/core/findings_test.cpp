// The SPVSIM_REPORT file the FindingLog writes: a new finding at once, launches alone
// when their count has doubled since the last write (linear, not a rewrite per
// launch), everything at exit (flush).
#include "core/findings.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace spvsim::runtime {
namespace {

nlohmann::json readReport(const std::string &path) {
  std::ifstream in(path);
  if (!in) return nlohmann::json();
  return nlohmann::json::parse(in);
}

size_t launchesIn(const std::string &path) {
  const nlohmann::json report = readReport(path);
  return report.is_null() ? 0 : report["launches"].size();
}

TEST(FindingLog, ReportWrittenForNewFindingsAndAsLaunchesDouble) {
  const std::string path =
      (std::filesystem::temp_directory_path() / "spvsim-findings-test-report.json").string();
  std::filesystem::remove(path);
  Config config;
  config.reportFile = path;
  config.quiet = true;
  FindingLog log(config);

  // Each launch as the runtime records it: its entry, then its findings (none).
  size_t writes = 0;
  size_t listed = 0;
  for (int i = 1; i <= 300; ++i) {
    log.addLaunch({{"kernel", "k"}, {"number", i}});
    log.add(1, {});
    const size_t now = launchesIn(path);
    if (now != listed) ++writes;
    listed = now;
    // Never more than half the launches missing from the report.
    EXPECT_GE(2 * listed + 1, static_cast<size_t>(i)) << "after launch " << i;
  }
  EXPECT_LE(writes, 9u); // 1, 3, 7, ... 255: about log2 of the launches
  EXPECT_LT(listed, 300u);

  // A new finding is in the file as soon as it is recorded, with every launch so far.
  Finding f;
  f.kind = "oob.global.write";
  f.message = "write out of bounds";
  f.kernel = "k";
  f.site = 7;
  log.add(1, {f});
  nlohmann::json report = readReport(path);
  ASSERT_EQ(report["findings"].size(), 1u);
  EXPECT_EQ(report["findings"][0]["kind"], "oob.global.write");
  EXPECT_EQ(report["launches"].size(), 300u);

  // The same finding again only counts: written at exit with its count.
  log.addLaunch({{"kernel", "k"}, {"number", 301}});
  log.add(1, {f});
  EXPECT_EQ(readReport(path)["launches"].size(), 300u);
  log.flush();
  report = readReport(path);
  EXPECT_EQ(report["launches"].size(), 301u);
  EXPECT_EQ(report["findings"][0]["count"], 2);
  std::filesystem::remove(path);
}

} // namespace
} // namespace spvsim::runtime
