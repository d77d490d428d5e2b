// The runtime's configuration from SPVSIM_* variables: values read, bad ones
// reported and ignored.
#include "core/config.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace spvsim::runtime {
namespace {

std::map<std::string, std::string> environment;

const char *fakeGetenv(const char *name) {
  auto it = environment.find(name);
  return it == environment.end() ? nullptr : it->second.c_str();
}

TEST(Config, DefaultsWithoutVariables) {
  environment.clear();
  std::vector<std::string> problems;
  Config c = Config::read(fakeGetenv, problems);
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(c.warpWidth, 32u);
  EXPECT_EQ(c.threads, 0u);
  EXPECT_EQ(c.checks, CheckSet());
  EXPECT_EQ(c.deviceType, CL_DEVICE_TYPE_CPU);
  EXPECT_TRUE(c.reportFile.empty());
  // The limits of `spvsim run` by default: half the memory, a 256 MiB printf buffer.
  EXPECT_EQ(c.maxMemory, defaultMemoryCapacity());
  EXPECT_EQ(c.printfBufferSize, uint64_t(256) << 20);
  EXPECT_EQ(c.maxInstructions, 0u);
  EXPECT_FALSE(c.runDeadline());
  EXPECT_FALSE(c.warpWidthGiven);
  EXPECT_EQ(c.explore, 1u);
  EXPECT_EQ(c.exploreSeed, 0u);
}

TEST(Config, EveryVariable) {
  environment = {{"SPVSIM_WARP_WIDTH", "8"},
                 {"SPVSIM_THREADS", "3"},
                 {"SPVSIM_TIMEOUT", "1.5"},
                 {"SPVSIM_CHECKS", "bounds,races"},
                 {"SPVSIM_PRINTF_BUFFER", "4096"},
                 {"SPVSIM_REPORT", "r.json"},
                 {"SPVSIM_CAPTURE", "cap"},
                 {"SPVSIM_DEVICE_TYPE", "gpu"},
                 {"SPVSIM_QUIET", "1"},
                 {"SPVSIM_DEBUG", "1"},
                 {"SPVSIM_RUN_TIMEOUT", "60"},
                 {"SPVSIM_MAX_INSTRUCTIONS", "1e9"},
                 {"SPVSIM_MAX_MEMORY", "64MiB"},
                 {"SPVSIM_EXPLORE", "16"},
                 {"SPVSIM_EXPLORE_SEED", "18446744073709551615"}};
  std::vector<std::string> problems;
  Config c = Config::read(fakeGetenv, problems);
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(c.warpWidth, 8u);
  EXPECT_TRUE(c.warpWidthGiven);
  EXPECT_EQ(c.explore, 16u);
  EXPECT_EQ(c.exploreSeed, UINT64_MAX);
  EXPECT_EQ(c.threads, 3u);
  EXPECT_DOUBLE_EQ(c.timeoutSeconds, 1.5);
  EXPECT_EQ(c.checks, CheckSet::only(uint32_t(Check::Races)));
  EXPECT_EQ(c.checks.describe(), "bounds,races");
  EXPECT_EQ(c.printfBufferSize, 4096u);
  EXPECT_EQ(c.reportFile, "r.json");
  EXPECT_EQ(c.captureDir, "cap");
  EXPECT_EQ(c.deviceType, CL_DEVICE_TYPE_GPU);
  EXPECT_TRUE(c.quiet);
  EXPECT_TRUE(c.debug);
  EXPECT_DOUBLE_EQ(c.runTimeoutSeconds, 60);
  ASSERT_TRUE(c.runDeadline());
  EXPECT_EQ(*c.runDeadline() - c.start, std::chrono::seconds(60));
  EXPECT_EQ(c.maxInstructions, 1000000000u);
  EXPECT_EQ(c.maxMemory, uint64_t(64) << 20);
}

TEST(Config, BadValuesAreReportedAndIgnored) {
  environment = {{"SPVSIM_WARP_WIDTH", "65"},         {"SPVSIM_THREADS", "-1"},
                 {"SPVSIM_TIMEOUT", "soon"},          {"SPVSIM_CHECKS", "bounds,speling"},
                 {"SPVSIM_DEVICE_TYPE", "fpga"},      {"SPVSIM_PRINTF_BUFFER", "lots"},
                 {"SPVSIM_RUN_TIMEOUT", "-5"},        {"SPVSIM_MAX_INSTRUCTIONS", "nan"},
                 {"SPVSIM_MAX_MEMORY", "64 parsecs"}, {"SPVSIM_EXPLORE", "0"},
                 {"SPVSIM_EXPLORE_SEED", "-3"}};
  std::vector<std::string> problems;
  Config c = Config::read(fakeGetenv, problems);
  EXPECT_EQ(problems.size(), 11u);
  EXPECT_EQ(c.explore, 1u);
  EXPECT_EQ(c.exploreSeed, 0u);
  EXPECT_FALSE(c.warpWidthGiven);
  EXPECT_EQ(c.maxMemory, defaultMemoryCapacity());
  EXPECT_EQ(c.maxInstructions, 0u);
  EXPECT_FALSE(c.runDeadline());
  EXPECT_EQ(c.warpWidth, 32u);
  EXPECT_EQ(c.threads, 0u);
  EXPECT_EQ(c.checks, CheckSet());
  EXPECT_EQ(c.deviceType, CL_DEVICE_TYPE_CPU);
  bool named = false;
  for (const std::string &p : problems) named = named || p.find("'speling'") != std::string::npos;
  EXPECT_TRUE(named);
}

TEST(Config, ThreadsAsRunTakesThem) {
  environment = {{"SPVSIM_THREADS", "1025"}};
  std::vector<std::string> problems;
  EXPECT_EQ(Config::read(fakeGetenv, problems).threads, 0u);
  EXPECT_EQ(problems.size(), 1u);
  environment = {{"SPVSIM_THREADS", "1024"}};
  EXPECT_EQ(Config::read(fakeGetenv, problems).threads, 1024u);
}

TEST(ByteCounts, UnitsAsSpvsimRunTakesThem) {
  EXPECT_EQ(parseByteCount("0"), 0u);
  EXPECT_EQ(parseByteCount("4096"), 4096u);
  EXPECT_EQ(parseByteCount("4096b"), 4096u);
  EXPECT_EQ(parseByteCount("2k"), 2000u);
  EXPECT_EQ(parseByteCount("2KB"), 2000u);
  EXPECT_EQ(parseByteCount("2KiB"), 2048u);
  EXPECT_EQ(parseByteCount("2ki"), 2048u);
  EXPECT_EQ(parseByteCount("3M"), 3000000u);
  EXPECT_EQ(parseByteCount("3 MiB"), uint64_t(3) << 20);
  EXPECT_EQ(parseByteCount("1G"), 1000000000u);
  EXPECT_EQ(parseByteCount("1GiB"), uint64_t(1) << 30);
  EXPECT_EQ(parseByteCount("2TiB"), uint64_t(2) << 40);
  EXPECT_EQ(parseByteCount("18446744073709551615"), UINT64_MAX);
  for (const char *bad : {"", "k", "-1", "1.5G", "1e9", "2 parsecs", "3Mx", "20000000TiB",
                          "18446744073709551616", "1 2"})
    EXPECT_FALSE(parseByteCount(bad)) << bad;
}

} // namespace
} // namespace spvsim::runtime
