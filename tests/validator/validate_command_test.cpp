// `spvsim validate`: device options, text (findings on standard error, verdicts on
// standard output) and JSON reports, exit statuses.
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "test_modules.h"

namespace spvsim {
namespace {

struct CommandRun {
  int status = -1;
  std::string out, err;
};

CommandRun run(const std::string &arguments) {
  CLI::App app{"spvsim"};
  CommandRun r;
  cli::addValidateCommand(app, r.status);
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  try {
    app.parse("validate " + arguments, false);
  } catch (...) {
    ::testing::internal::GetCapturedStdout();
    ::testing::internal::GetCapturedStderr();
    throw;
  }
  r.out = ::testing::internal::GetCapturedStdout();
  r.err = ::testing::internal::GetCapturedStderr();
  return r;
}

std::string writeTemp(const std::string &name, std::string_view text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

constexpr std::string_view kFloat64Kernel = R"(
OpCapability Addresses
OpCapability Kernel
OpCapability Float64
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%double = OpTypeFloat 64
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
)";

TEST(ValidateCommand, ValidFile) {
  const std::string file = test::dataPath("reduce_O2.spv");
  const CommandRun r = run(file);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, file + ": valid (0 warnings)\n");
  EXPECT_EQ(r.err, "");
}

TEST(ValidateCommand, WarningsKeepAFileValidUnlessStrict) {
  const std::string file = test::dataPath("early_exit_search_O2.spv");
  CommandRun r = run(file);
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.err.find(file + ": warning[validation.layout]: SPIR-V §2.16.1"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, file + ": valid (1 warning)\n");
  r = run("--strict " + file);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(file + ": error[validation.layout]"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find(file + ": invalid (1 error)\n"), std::string::npos) << r.out;
}

TEST(ValidateCommand, UnreadableFileIsInvalid) {
  const std::string good = test::dataPath("reduce_O0.spv");
  const CommandRun r = run("/nonexistent/k.spv " + good);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("spvsim: /nonexistent/k.spv: cannot open file", 0), 0u) << r.err;
  EXPECT_NE(r.out.find(good + ": valid (0 warnings)"), std::string::npos) << r.out;
}

TEST(ValidateCommand, DeviceOptions) {
  const std::string file = writeTemp("double.spvasm", kFloat64Kernel);
  EXPECT_EQ(run(file).status, 0);
  EXPECT_EQ(run("--target-env opencl1.2 " + file).status, 0);
  CommandRun r = run("--target-env opencl1.2 --extensions none " + file);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("OpenCL-Env §5.2.5 cl_khr_fp64"), std::string::npos) << r.err;
  EXPECT_EQ(run("--extensions cl_khr_fp16,cl_khr_fp64 " + file).status, 0);
  EXPECT_EQ(run("--extensions cl_khr_fp16 " + file).status, 2);
  r = run("--address-bits 32 " + file);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("OpenCL-Env §4 Addressing Model"), std::string::npos) << r.err;
  EXPECT_EQ(run("--profile embedded --address-bits 64 " + file).status, 0);
  EXPECT_EQ(run("--no-images " + file).status, 0);
}

TEST(ValidateCommand, Json) {
  const std::string good = test::dataPath("early_exit_search_O2.spv");
  const std::string bad =
      writeTemp("logical.spvasm", test::replaced(test::kMinimalKernel, "Physical64", "Logical"));
  const CommandRun r = run("--format json " + good + " " + bad + " /nonexistent/k.spv");
  EXPECT_EQ(r.status, 2);
  const nlohmann::json report = nlohmann::json::parse(r.out);
  ASSERT_EQ(report["files"].size(), 3u);
  EXPECT_EQ(report["files"][0]["file"], good);
  EXPECT_EQ(report["files"][0]["valid"], true);
  EXPECT_EQ(report["files"][0]["findings"][0]["kind"], "validation.layout");
  EXPECT_EQ(report["files"][0]["findings"][0]["severity"], "warning");
  EXPECT_EQ(report["files"][1]["valid"], false);
  bool addressing = false;
  for (const auto &f : report["files"][1]["findings"])
    addressing = addressing || f["kind"] == "validation.memorymodel";
  EXPECT_TRUE(addressing) << r.out;
  EXPECT_EQ(report["files"][2]["valid"], false);
  EXPECT_TRUE(report["files"][2].contains("error"));
}

TEST(ValidateCommand, UsageErrors) {
  EXPECT_THROW(run("--target-env opencl9 k.spv"), CLI::ValidationError);
  EXPECT_THROW(run("--address-bits 16 k.spv"), CLI::ValidationError);
  EXPECT_THROW(run("--format xml k.spv"), CLI::ValidationError);
  EXPECT_THROW(run(""), CLI::RequiredError);
}

} // namespace
} // namespace spvsim
