// The OpenCL C compiler and SPIR-V linker behind clBuildProgram,
// clCompileProgram and clLinkProgram: build options (OpenCL API §5.8.6,
// §5.8.7) parsed and checked, OpenCL C compiled in the process by spvsim's
// front end (frontend/) with debug information (findings name source lines),
// modules linked by spirv-link.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/cl.h"
#include "core/tools.h"

namespace spvsim::runtime {

class Device;

/// Build or compile options, checked.
struct CompileOptions {
  std::vector<std::string> clangArgs; ///< -D, -I (absolute), math and warning options
  std::string clStd = "CL1.2";        ///< the -cl-std value (default: OpenCL C 1.2)
  bool optDisable = false;            ///< -cl-opt-disable
  bool uniformWorkGroupSize = false;  ///< -cl-uniform-work-group-size
  /// -cl-kernel-arg-info (§5.8.6.6): clGetKernelArgInfo answers. The module records the
  /// argument information either way (findings name parameters by it).
  bool kernelArgInfo = false;
  bool debugInfo = false;             ///< -g: full debug information, kept in the module
};

/// Link options (OpenCL API §5.8.7).
struct LinkOptions {
  bool createLibrary = false;
  bool enableLinkOptions = false;
  bool uniformWorkGroupSize = false;
};

/// Splits options as a shell would for words and double quotes (`-I "a dir"`).
std::vector<std::string> splitOptions(std::string_view text);

/// Parses compile options; nullopt with `error` set for an option OpenCL does not define.
std::optional<CompileOptions> parseCompileOptions(std::string_view text, std::string &error);
/// Parses link options; nullopt with `error` set for one that is not a link option.
std::optional<LinkOptions> parseLinkOptions(std::string_view text, std::string &error);

/// The outcome of a compile or link: SPIR-V words, or a failure; the log either way.
struct ToolResult {
  bool ok = false;
  std::vector<uint32_t> spirv;
  std::string log;
};

/// An embedded header of clCompileProgram: its include name and source.
using Header = std::pair<std::string, std::string>;

/// Compiles OpenCL C source (named input.cl in locations) to a SPIR-V module with linkage
/// (a compiled object), for `device`.
ToolResult compileOpenCLC(const Device &device, const std::string &source,
                          const std::vector<Header> &headers, const CompileOptions &options);

/// Links SPIR-V modules; a library keeps every export and may leave imports unresolved.
ToolResult linkSpirv(const std::vector<std::vector<uint32_t>> &modules, bool library);

/// The module without the instructions of the OpenCL.DebugInfo.100 (and SPIRV.debug)
/// instruction sets; OpLine locations are kept, and where a DebugNoScope suspended one,
/// an OpNoLine (and the OpLine again at the DebugScope that resumed it) says so.
std::vector<uint32_t> withoutDebugInstructions(const std::vector<uint32_t> &words);

/// Bytes to SPIR-V words (size must be a multiple of 4).
std::vector<uint32_t> toWords(const void *data, size_t size);

} // namespace spvsim::runtime
