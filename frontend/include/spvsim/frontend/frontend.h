// spvsim's OpenCL C front end: OpenCL C (and C++ for OpenCL) source to a SPIR-V
// module, in the process (clang, LLVM's optimiser, a legalization of what the
// SPIR-V translator cannot express, then the translator). Only standard types
// cross this header; LLVM and clang stay inside frontend/.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace spvsim::frontend {

/// What a compile needs to know of the device it compiles for.
struct DeviceFacts {
  unsigned addressBits = 64; ///< 32: target spir, 64: spir64
  /// Driver options naming the device's extensions and features
  /// (e.g. "-Xclang", "-cl-ext=-all,+cl_khr_fp64").
  std::vector<std::string> extensionOptions;
  /// Source included before the program (feature macros the device does not have).
  std::string prelude;
};

/// A compile: the program, its embedded headers (clCompileProgram), its options.
struct CompileInput {
  std::string source; ///< named `sourceName` in locations and diagnostics
  /// The source's name: "input.cl" for a program the application gave as text, the
  /// file's path for a file (its folder is then searched for `#include "…"` first, as
  /// a compiler does, and locations below the current folder are relative to it).
  std::string sourceName = "input.cl";
  std::vector<std::pair<std::string, std::string>> headers; ///< include name, text
  /// Driver options as the application gave them, checked: -D, -I, -cl-* math and
  /// warning options, -w, -Werror ("-cl-std=", "-O", "-g" come from the fields below).
  std::vector<std::string> options;
  std::string clStd = "CL1.2"; ///< CL1.0 .. CL3.0, or CLC++2021
  bool optimize = true;        ///< -O2; false: -O0 (-cl-opt-disable)
  bool debugInfo = false;      ///< -g: full debug information; otherwise line tables only
  /// Folders searched after the given -I folders (the application's current folder).
  std::vector<std::string> lastIncludeFolders;
  /// The highest SPIR-V version the module may have, as its header word (0x00010000 is
  /// 1.0); 0: the translator's highest (1.4). 1.1 at least: every module has debug
  /// information (line tables), which needs it.
  uint32_t maxSpirvVersion = 0;
};

/// The outcome: SPIR-V words on success; the build log either way.
struct CompileResult {
  bool ok = false;
  std::vector<uint32_t> spirv;
  std::string log;
  /// Every file the preprocessor read besides input.cl (the embedded headers by their
  /// include names), with its contents: what a cached result depends on.
  std::vector<std::pair<std::string, std::string>> includedFiles;
};

/// Compiles `input` for `device`. Never throws for bad source; errors go to the log.
/// Thread-safe (each call has its own LLVM context).
CompileResult compile(const CompileInput &input, const DeviceFacts &device);

/// Names this front end's version (clang's and the translator's, and its own
/// legalization), for cache keys.
std::string version();

} // namespace spvsim::frontend
