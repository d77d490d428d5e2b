// OpenCL build options (OpenCL API §5.8.6) as a user writes them, checked and sorted
// into the fields of a CompileInput: what `spvsim run` and `spvsim init` accept as a run
// file's "build_options" for an OpenCL C module.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spvsim/frontend/frontend.h"

namespace spvsim::frontend {

/// Splits options as a shell would for words and double quotes (`-I "a dir"`).
std::vector<std::string> splitBuildOptions(std::string_view text);

/// The language a -cl-std= value names, spelled as OpenCL API §5.8.6.5 and the
/// cl_ext_cxx_for_opencl extension spell it (CL1.2, CLC++2021), or nullopt when spvsim
/// compiles no such language. Case does not matter, as to clang: clc++2021 is CLC++2021.
std::optional<std::string> clStdLanguage(std::string_view value);

/// True for an option clang takes as it is: the math, warning and kernel-argument
/// options of OpenCL API §5.8.6.2 to §5.8.6.4 and §5.8.6.6 (not -cl-uniform-work-group-size,
/// which the runtime also records).
bool isPassThroughBuildOption(std::string_view option);

/// When `words[i]` is `-mllvm` (with its value in the next word) or `-mllvm=VALUE`: the
/// build log's message saying why such an option is refused, `i` moved to its last word.
/// LLVM's options (of clang's optimiser and of the SPIR-V translator library) are
/// settings of a whole process, shared by every build in it: the front end compiles in
/// the application's process (on any of its threads) and translates in one long-lived
/// translator process, so it cannot give one build its own. nullopt for other options.
std::optional<std::string> llvmOptionProblem(const std::vector<std::string> &words, size_t &i);

/// Applies `text` to `input`: -D and -I (relative -I folders are taken from
/// `includeBase`), -cl-std= (CL1.0 to CL3.0, CLC++2021, CLC++1.0, CLC++: CL2.0 too,
/// which the runtime's clBuildProgram refuses because the device lacks pipes),
/// -cl-opt-disable, -g, and the math, warning and kernel-argument options clang takes
/// as they are. Returns what is wrong with the options, or nullopt when they are good.
std::optional<std::string> applyBuildOptions(std::string_view text,
                                             const std::filesystem::path &includeBase,
                                             CompileInput &input);

} // namespace spvsim::frontend
