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
                 {"SPVSIM_QUIET", "1"}};
  std::vector<std::string> problems;
  Config c = Config::read(fakeGetenv, problems);
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(c.warpWidth, 8u);
  EXPECT_EQ(c.threads, 3u);
  EXPECT_DOUBLE_EQ(c.timeoutSeconds, 1.5);
  EXPECT_EQ(c.checks, CheckSet::only(uint32_t(Check::Races)));
  EXPECT_EQ(c.checks.describe(), "bounds,races");
  EXPECT_EQ(c.printfBufferSize, 4096u);
  EXPECT_EQ(c.reportFile, "r.json");
  EXPECT_EQ(c.captureDir, "cap");
  EXPECT_EQ(c.deviceType, CL_DEVICE_TYPE_GPU);
  EXPECT_TRUE(c.quiet);
}

TEST(Config, BadValuesAreReportedAndIgnored) {
  environment = {{"SPVSIM_WARP_WIDTH", "65"},    {"SPVSIM_THREADS", "-1"},
                 {"SPVSIM_TIMEOUT", "soon"},     {"SPVSIM_CHECKS", "bounds,speling"},
                 {"SPVSIM_DEVICE_TYPE", "fpga"}, {"SPVSIM_PRINTF_BUFFER", "1k"}};
  std::vector<std::string> problems;
  Config c = Config::read(fakeGetenv, problems);
  EXPECT_EQ(problems.size(), 6u);
  EXPECT_EQ(c.warpWidth, 32u);
  EXPECT_EQ(c.threads, 0u);
  EXPECT_EQ(c.checks, CheckSet());
  EXPECT_EQ(c.deviceType, CL_DEVICE_TYPE_CPU);
  bool named = false;
  for (const std::string &p : problems) named = named || p.find("'speling'") != std::string::npos;
  EXPECT_TRUE(named);
}

} // namespace
} // namespace spvsim::runtime
