// Compiling and linking programs (see compiler.h).
#include "core/compiler.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <memory>

#include "core/device.h"
#include "core/link_check.h"
#include "spvsim/frontend/build_cache.h"
#include "spvsim/frontend/build_options.h"
#include "spvsim/validator/compiler_device.h"

namespace spvsim::runtime {

namespace {

/// Options accepted and without effect on spvsim.
const char *const kIgnoredFlags[] = {"-cl-no-subgroup-ifp"};

bool isOneOf(const std::string &option, std::initializer_list<const char *> list) {
  for (const char *o : list)
    if (option == o) return true;
  return false;
}

template <size_t N> bool isOneOf(const std::string &option, const char *const (&list)[N]) {
  for (const char *o : list)
    if (option == o) return true;
  return false;
}

std::string absolutePath(const std::string &dir) {
  std::error_code ignored;
  std::filesystem::path p = std::filesystem::absolute(dir, ignored);
  return p.empty() ? dir : p.string();
}

std::vector<unsigned char> bytesOf(const std::vector<uint32_t> &words) {
  std::vector<unsigned char> bytes(words.size() * 4);
  if (!words.empty()) std::memcpy(bytes.data(), words.data(), bytes.size());
  return bytes;
}

} // namespace

std::vector<uint32_t> withoutDebugInstructions(const std::vector<uint32_t> &words) {
  constexpr uint32_t kHeaderWords = 5, kOpExtInstImport = 11, kOpExtInst = 12;
  if (words.size() < kHeaderWords) return words;
  // The result ids of the debug instruction sets.
  std::vector<uint32_t> debugSets;
  for (size_t at = kHeaderWords; at < words.size();) {
    const uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;
    if (count == 0 || at + count > words.size()) return words; // malformed: leave it alone
    if (opcode == kOpExtInstImport && count > 2) {
      const char *name = reinterpret_cast<const char *>(&words[at + 2]);
      const size_t length = strnlen(name, (count - 2) * 4);
      const std::string set(name, length);
      if (set == "OpenCL.DebugInfo.100" || set == "SPIRV.debug") debugSets.push_back(words[at + 1]);
    }
    at += count;
  }
  if (debugSets.empty()) return words;
  auto isDebug = [&](uint32_t id) {
    return std::find(debugSets.begin(), debugSets.end(), id) != debugSets.end();
  };
  // What DebugNoScope and DebugScope say of lines (as the loader reads them,
  // validator/RULES.md) is kept without them: a DebugNoScope after an OpLine becomes an
  // OpNoLine, and the DebugScope that ends it repeats that OpLine.
  constexpr uint32_t kOpLine = 8, kOpNoLine = 317, kOpLabel = 248, kOpFunctionEnd = 56;
  constexpr uint32_t kDebugScope = 23, kDebugNoScope = 24;
  size_t line = 0, lineWords = 0; // the OpLine in effect: its offset and size in `words`
  bool suspended = false;
  std::vector<uint32_t> out(words.begin(), words.begin() + kHeaderWords);
  for (size_t at = kHeaderWords; at < words.size();) {
    const uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;
    const bool debug = opcode == kOpExtInst && count > 3 && isDebug(words[at + 3]);
    const bool drop = debug || (opcode == kOpExtInstImport && isDebug(words[at + 1]));
    const uint32_t debugInstruction = debug && count > 4 ? words[at + 4] : ~0u;
    if (opcode == kOpLine) line = at, lineWords = count, suspended = false;
    if (opcode == kOpNoLine || opcode == kOpLabel || opcode == kOpFunctionEnd)
      lineWords = 0, suspended = false;
    if (debugInstruction == kDebugNoScope && lineWords && !suspended) {
      out.push_back(1u << 16 | kOpNoLine);
      suspended = true;
    }
    if (debugInstruction == kDebugScope && suspended) {
      out.insert(out.end(), words.begin() + line, words.begin() + line + lineWords);
      suspended = false;
    }
    if (!drop) out.insert(out.end(), words.begin() + at, words.begin() + at + count);
    at += count;
  }
  return out;
}

std::vector<uint32_t> toWords(const void *data, size_t size) {
  std::vector<uint32_t> words(size / 4);
  if (size) std::memcpy(words.data(), data, words.size() * 4);
  return words;
}

std::vector<std::string> splitOptions(std::string_view text) {
  return frontend::splitBuildOptions(text);
}

std::optional<CompileOptions> parseCompileOptions(std::string_view text, std::string &error) {
  CompileOptions options;
  std::vector<std::string> words = splitOptions(text);
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string &w = words[i];
    if (w == "-D" || w == "-I") {
      if (i + 1 == words.size()) {
        error = "option " + w + " needs a value";
        return std::nullopt;
      }
      const std::string &value = words[++i];
      options.clangArgs.push_back(w);
      options.clangArgs.push_back(w == "-I" ? absolutePath(value) : value);
    } else if (w.rfind("-D", 0) == 0) {
      options.clangArgs.push_back(w);
    } else if (w.rfind("-I", 0) == 0) {
      options.clangArgs.push_back("-I");
      options.clangArgs.push_back(absolutePath(w.substr(2)));
    } else if (w.rfind("-cl-std=", 0) == 0) {
      // CLC++2021 (and CLC++1.0, its predecessor): C++ for OpenCL, which clang 15
      // compiles to the same SPIR-V.
      const std::optional<std::string> language = frontend::clStdLanguage(w.substr(8));
      if (!language) {
        error = "unknown OpenCL C version in " + w +
                " (CL1.0, CL1.1, CL1.2, CL2.0, CL3.0, or CLC++2021 for C++ for OpenCL)";
        return std::nullopt;
      }
      options.clStd = *language;
    } else if (w == "-cl-opt-disable") {
      options.optDisable = true;
    } else if (w == "-cl-uniform-work-group-size") {
      options.uniformWorkGroupSize = true;
      options.clangArgs.push_back(w);
    } else if (w == "-cl-kernel-arg-info") {
      options.kernelArgInfo = true;
      options.clangArgs.push_back(w);
    } else if (frontend::isPassThroughBuildOption(w)) {
      options.clangArgs.push_back(w);
    } else if (w == "-g") {
      options.debugInfo = true;
    } else if (isOneOf(w, kIgnoredFlags)) {
      continue;
    } else if (std::optional<std::string> problem = frontend::llvmOptionProblem(words, i)) {
      error = *problem;
      return std::nullopt;
    } else {
      error = "unknown build option '" + w + "'";
      return std::nullopt;
    }
  }
  return options;
}

std::optional<LinkOptions> parseLinkOptions(std::string_view text, std::string &error) {
  LinkOptions options;
  for (const std::string &w : splitOptions(text)) {
    if (w == "-create-library") {
      options.createLibrary = true;
    } else if (w == "-enable-link-options") {
      options.enableLinkOptions = true;
    } else if (w == "-cl-uniform-work-group-size") {
      options.uniformWorkGroupSize = true;
    } else if (isOneOf(w, {"-cl-denorms-are-zero", "-cl-no-signed-zeros",
                           "-cl-unsafe-math-optimizations", "-cl-finite-math-only",
                           "-cl-fast-relaxed-math", "-cl-no-subgroup-ifp"})) {
      continue; // OpenCL API §5.8.7.2: the linker may apply them; the SPIR-V is final
    } else {
      error = "unknown link option '" + w + "'";
      return std::nullopt;
    }
  }
  if (options.enableLinkOptions && !options.createLibrary) {
    error = "-enable-link-options needs -create-library";
    return std::nullopt;
  }
  return options;
}

ToolResult compileOpenCLC(const Device &device, const std::string &source,
                          const std::vector<Header> &headers, const CompileOptions &options) {
  ToolResult result;
  if (options.clStd == "CL2.0") {
    // OpenCL API §5.8.6.5: the device does not list OpenCL C 2.0 (pipes and device-side
    // enqueue are not supported), so -cl-std=CL2.0 must fail.
    result.log = "error: OpenCL C 2.0 is not supported by this device (CL_DEVICE_OPENCL_C_ALL_"
                 "VERSIONS lists 1.0, 1.1, 1.2 and 3.0); use -cl-std=CL3.0\n";
    return result;
  }
  frontend::CompileInput input;
  input.source = source;
  input.headers = headers;
  input.options = options.clangArgs;
  input.clStd = options.clStd;
  input.optimize = !options.optDisable;
  input.debugInfo = options.debugInfo;
  // Relative #include names are resolved against the application's folder last.
  std::error_code ignored;
  const std::string cwd = std::filesystem::current_path(ignored).string();
  if (!cwd.empty()) input.lastIncludeFolders.push_back(cwd);
  frontend::DeviceFacts facts;
  facts.addressBits = device.description().addressBits;
  // The device as `spvsim run` describes it to the compiler (compiler_device.h).
  facts.extensionOptions = compilerExtensionOptions(device.description());
  facts.prelude = compilerFeaturePrelude(device.description());

  // Never destroyed, like the rest of the runtime's process-wide state.
  static const frontend::BuildCache *cache = [] {
    std::optional<frontend::BuildCache> fromEnvironment = frontend::BuildCache::fromEnvironment();
    return fromEnvironment
               ? std::make_unique<frontend::BuildCache>(std::move(*fromEnvironment)).release()
               : nullptr;
  }();
  frontend::CompileResult compiled = frontend::compile(input, facts, cache);
  result.log = std::move(compiled.log);
  if (!compiled.ok) return result;
  // Without -g only OpLine locations stay (findings name lines); the few debug
  // instructions of line tables go. With -g the module keeps its variables.
  result.spirv =
      options.debugInfo ? std::move(compiled.spirv) : withoutDebugInstructions(compiled.spirv);
  result.ok = true;
  return result;
}

namespace {

/// The module without OpLine and OpNoLine. spirv-link (SPIRV-Tools 2023.1) does not renumber
/// the file operand of OpLine in the modules after the first, so their lines would name
/// other ids; the first module keeps its lines.
std::vector<uint32_t> withoutLines(const std::vector<uint32_t> &words) {
  constexpr uint32_t kHeaderWords = 5, kOpLine = 8, kOpNoLine = 317;
  if (words.size() < kHeaderWords) return words;
  std::vector<uint32_t> out(words.begin(), words.begin() + kHeaderWords);
  for (size_t at = kHeaderWords; at < words.size();) {
    const uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;
    if (count == 0 || at + count > words.size()) return words; // malformed: leave it alone
    if (opcode != kOpLine && opcode != kOpNoLine)
      out.insert(out.end(), words.begin() + at, words.begin() + at + count);
    at += count;
  }
  return out;
}

} // namespace

ToolResult linkSpirv(const std::vector<std::vector<uint32_t>> &modules, bool library) {
  ToolResult result;
  // spirv-link would keep one of two exported definitions of a symbol.
  result.log = duplicateExports(modules);
  if (!result.log.empty()) return result;
  const Toolchain &tools = Toolchain::get();
  TempDir dir;
  std::vector<std::string> argv{tools.spirvLink};
  if (library) argv.insert(argv.end(), {"--create-library", "--allow-partial-linkage"});
  argv.insert(argv.end(), {"-o", "linked.spv"});
  for (size_t i = 0; i < modules.size(); ++i) {
    std::string name = "input" + std::to_string(i) + ".spv";
    std::vector<unsigned char> bytes = bytesOf(i == 0 ? modules[i] : withoutLines(modules[i]));
    writeFile(dir.path() / name, bytes.data(), bytes.size());
    argv.push_back(name);
  }
  ToolRun linked = runTool(argv, dir.path());
  result.log = linked.output;
  std::vector<unsigned char> bytes;
  if (linked.status != 0 || !readFile(dir.path() / "linked.spv", bytes) || bytes.size() % 4) {
    if (result.log.empty()) result.log = "error: spirv-link failed\n";
    return result;
  }
  result.spirv = toWords(bytes.data(), bytes.size());
  result.ok = true;
  return result;
}

} // namespace spvsim::runtime
