// Build options of a run file's OpenCL C module (see build_options.h). The options and
// their meaning follow OpenCL API §5.8.6, as the runtime's clBuildProgram takes them.
#include "spvsim/frontend/build_options.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace spvsim::frontend {

namespace {

/// Options passed to clang as they are (OpenCL API §5.8.6.2 to §5.8.6.4, §5.8.6.6).
constexpr std::array<std::string_view, 12> kClangFlags{"-cl-single-precision-constant",
                                                       "-cl-denorms-are-zero",
                                                       "-cl-fp32-correctly-rounded-divide-sqrt",
                                                       "-cl-mad-enable",
                                                       "-cl-no-signed-zeros",
                                                       "-cl-unsafe-math-optimizations",
                                                       "-cl-finite-math-only",
                                                       "-cl-fast-relaxed-math",
                                                       "-cl-strict-aliasing",
                                                       "-cl-kernel-arg-info",
                                                       "-w",
                                                       "-Werror"};

/// The -cl-std values of OpenCL API §5.8.6.5, and C++ for OpenCL. CL2.0 too, although the
/// device does not list OpenCL C 2.0 (OpenCL C 2.0 requires pipes and device-side
/// enqueue, which spvsim lacks, so the runtime's clBuildProgram refuses it): a run file
/// is not clBuildProgram, and Oclgrind's simulator files and many kernels ask for 2.0
/// for what OpenCL C 3.0 also has. Such a program compiles as OpenCL C 2.0; a kernel
/// that uses pipes or device-side enqueue then fails validation with the capability
/// named.
constexpr std::array<std::string_view, 8> kLanguages{"CL1.0", "CL1.1",     "CL1.2",    "CL2.0",
                                                     "CL3.0", "CLC++2021", "CLC++1.0", "CLC++"};

} // namespace

std::optional<std::string> clStdLanguage(std::string_view value) {
  for (std::string_view language : kLanguages)
    if (std::equal(value.begin(), value.end(), language.begin(), language.end(),
                   [](char a, char b) { return std::toupper(static_cast<unsigned char>(a)) == b; }))
      return std::string(language);
  return std::nullopt;
}

bool isPassThroughBuildOption(std::string_view option) {
  return std::find(kClangFlags.begin(), kClangFlags.end(), option) != kClangFlags.end();
}

std::vector<std::string> splitBuildOptions(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false, quoted = false;
  for (char c : text) {
    if (c == '"') {
      quoted = !quoted;
      inWord = true;
    } else if (!quoted && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
      if (inWord) words.push_back(word);
      word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push_back(word);
  return words;
}

std::optional<std::string> llvmOptionProblem(const std::vector<std::string> &words, size_t &i) {
  std::string option;
  if (words[i] == "-mllvm")
    option = i + 1 < words.size() ? "-mllvm " + words[++i] : "-mllvm";
  else if (words[i].rfind("-mllvm=", 0) == 0)
    option = words[i];
  else
    return std::nullopt;
  return "option '" + option +
         "' is not supported: LLVM's own options (of clang's optimiser and the SPIR-V "
         "translator) are settings of a whole process, shared by every build, and spvsim "
         "cannot set them for one build";
}

std::optional<std::string> applyBuildOptions(std::string_view text,
                                             const std::filesystem::path &includeBase,
                                             CompileInput &input) {
  const std::vector<std::string> words = splitBuildOptions(text);
  auto folder = [&](const std::string &dir) {
    std::filesystem::path path(dir);
    return (path.is_absolute() ? path : includeBase / path).lexically_normal().string();
  };
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string &w = words[i];
    if (w == "-D" || w == "-I") {
      if (i + 1 == words.size()) return "option " + w + " needs a value";
      const std::string &value = words[++i];
      input.options.push_back(w);
      input.options.push_back(w == "-I" ? folder(value) : value);
    } else if (w.rfind("-D", 0) == 0) {
      input.options.push_back(w);
    } else if (w.rfind("-I", 0) == 0) {
      input.options.push_back("-I");
      input.options.push_back(folder(w.substr(2)));
    } else if (w.rfind("-cl-std=", 0) == 0) {
      const std::optional<std::string> language = clStdLanguage(w.substr(8));
      if (!language)
        return "unsupported language in " + w +
               " (CL1.0, CL1.1, CL1.2, CL2.0, CL3.0, or CLC++2021 for C++ for OpenCL)";
      input.clStd = *language;
    } else if (w == "-cl-opt-disable") {
      input.optimize = false;
    } else if (w == "-g") {
      input.debugInfo = true;
    } else if (isPassThroughBuildOption(w) || w == "-cl-uniform-work-group-size") {
      input.options.push_back(w);
    } else if (std::optional<std::string> problem = llvmOptionProblem(words, i)) {
      return problem;
    } else {
      return "unknown build option '" + w +
             "' (-D, -I, -cl-std=, -cl-opt-disable, -g and "
             "the -cl-* options of clBuildProgram)";
    }
  }
  return std::nullopt;
}

} // namespace spvsim::frontend
