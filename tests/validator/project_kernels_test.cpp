// The project's own OpenCL C kernels (tests/interpreter/kernels, examples),
// compiled by clang + llvm-spirv at every build (-O0 to -O3, -g) (tests/validator/CMakeLists.txt),
// must validate for spvsim's own device and for the --target-env of their
// OpenCL C version; warnings (tolerated producer output, RULES.md) are allowed.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "spvsim/common/finding.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/loader.h"
#include "spvsim/validator/validator.h"

namespace spvsim {
namespace {

std::string errors(const ValidationResult &r) {
  std::string s;
  for (const Finding &f : r.findings)
    if (f.severity == Severity::Error) s += f.kind + ": " + f.message + "\n";
  return s;
}

void validateAll(const std::string &dir, const char *targetEnv) {
  std::vector<std::filesystem::path> modules;
  for (const auto &e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".spv") modules.push_back(e.path());
  ASSERT_FALSE(modules.empty()) << dir;
  const auto target = DeviceDescription::fromTargetEnv(targetEnv);
  ASSERT_TRUE(target.has_value()) << targetEnv;
  for (const auto &path : modules) {
    for (const DeviceDescription &device : {DeviceDescription::spvsim(), *target}) {
      std::shared_ptr<const Module> loaded = loadFile(path.string());
      ASSERT_TRUE(loaded) << path;
      const ValidationResult r = validate(loaded, device);
      EXPECT_TRUE(errors(r).empty()) << path << " (" << targetEnv << ")\n" << errors(r);
    }
  }
}

TEST(ProjectKernels, OpenCL12ModulesValidate) {
  validateAll(SPVSIM_PROJECT_KERNELS_DIR "/cl12", "opencl1.2");
}

TEST(ProjectKernels, OpenCL20ModulesValidate) {
  validateAll(SPVSIM_PROJECT_KERNELS_DIR "/cl20", "opencl2.0");
}

TEST(ProjectKernels, OpenCL30ModulesValidate) {
  validateAll(SPVSIM_PROJECT_KERNELS_DIR "/cl30", "opencl3.0");
}

} // namespace
} // namespace spvsim
