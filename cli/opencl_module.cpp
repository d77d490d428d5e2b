// Modules of runs, compiled from OpenCL C when they are source (see opencl_module.h).
#include "opencl_module.h"

#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>

#include "spvsim/common/error.h"
#include "spvsim/frontend/build_options.h"
#include "spvsim/frontend/frontend_module.h"
#include "spvsim/runfile/run_spec.h"
#include "spvsim/validator/compiler_device.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/loader.h"

namespace spvsim::cli {

namespace {

/// What the compiler knows of the device the command line runs kernels on: spvsim's own
/// device, described as the runtime's clBuildProgram describes it (compiler_device.h), so
/// that a kernel builds alike through `spvsim run`, `spvsim init` and clBuildProgram.
frontend::DeviceFacts spvsimDeviceFacts() {
  const DeviceDescription device = DeviceDescription::spvsim();
  frontend::DeviceFacts facts;
  facts.addressBits = device.addressBits;
  facts.extensionOptions = compilerExtensionOptions(device);
  facts.prelude = compilerFeaturePrelude(device);
  return facts;
}

std::string readSource(const std::filesystem::path &file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error(file.string() + ": cannot open");
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

} // namespace

std::vector<uint32_t> compileOpenCLFile(const std::filesystem::path &file,
                                        const std::string &buildOptions,
                                        const std::filesystem::path &base,
                                        const std::string &optionsKey) {
  frontend::CompileInput input;
  input.source = readSource(file);
  std::error_code ignored;
  // Locations name the file below the current folder as relative paths (the front end
  // maps the current folder away), others by their absolute path.
  input.sourceName = std::filesystem::absolute(file, ignored).lexically_normal().string();
  if (file.extension() == ".clcpp") input.clStd = "CLC++2021";
  if (std::optional<std::string> problem = frontend::applyBuildOptions(buildOptions, base, input))
    throw Error(optionsKey + ": " + *problem);
  input.debugInfo = true; // findings name source lines, the debugger shows variables

  // Through the build cache; clang and LLVM are loaded only now.
  const frontend::CompileResult compiled = frontend::compileInModule(input, spvsimDeviceFacts());
  if (!compiled.ok) {
    // The compiler's diagnostics; the front end's closing line repeats every driver
    // option, which says nothing to the author of the run file.
    std::string log = compiled.log;
    if (const size_t at = log.find("error: clang failed (options:"); at != std::string::npos)
      log.erase(at);
    while (!log.empty() && log.back() == '\n') log.pop_back();
    throw Error(file.string() + ": does not compile:\n" + log);
  }
  std::cerr << compiled.log;
  return compiled.spirv;
}

std::shared_ptr<const Module> loadModuleFile(const std::filesystem::path &file,
                                             const std::string &buildOptions,
                                             const std::filesystem::path &base,
                                             const std::string &optionsKey) {
  if (const std::string what = runfile::runFileGivenAsModule(file); !what.empty())
    throw Error(file.string() + ": " + what +
                ", not a module (.cl, .clcpp, .spv, .spvasm): `spvsim run " + file.string() +
                "` runs it");
  if (!runfile::isOpenCLSource(file)) return loadFile(file.string());
  const std::vector<uint32_t> words = compileOpenCLFile(file, buildOptions, base, optionsKey);
  return loadBinary(words, file.string());
}

} // namespace spvsim::cli
