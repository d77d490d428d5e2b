// The module of a run: SPIR-V as it is, or OpenCL C (`.cl`) and C++ for OpenCL
// (`.clcpp`) compiled through spvsim's front end (frontend/, as the runtime's
// clBuildProgram does) with full debug information, so that findings name source lines,
// and through the build cache, so that an unchanged kernel is not compiled again.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "spvsim/validator/module.h"

namespace spvsim::cli {

/// Compiles an OpenCL C or C++ for OpenCL file with `buildOptions` (a run file's
/// "build_options"; relative -I folders are taken from `base`) and `-g`. Compiler
/// warnings go to standard error; a compile that fails is a spvsim::Error with the
/// compiler's log, and bad options one that starts with `optionsKey`.
std::vector<uint32_t> compileOpenCLFile(const std::filesystem::path &file,
                                        const std::string &buildOptions,
                                        const std::filesystem::path &base,
                                        const std::string &optionsKey);

/// Loads a module file: OpenCL C source compiled as compileOpenCLFile does, SPIR-V
/// assembly or a binary as the loader reads them.
std::shared_ptr<const Module> loadModuleFile(const std::filesystem::path &file,
                                             const std::string &buildOptions,
                                             const std::filesystem::path &base,
                                             const std::string &optionsKey);

} // namespace spvsim::cli
