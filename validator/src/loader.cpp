// Loader: bytes or words or assembly text -> Module. Checks the header and
// the instruction stream (word counts, opcodes, id bound) itself, so every
// malformed input ends in spvsim::Error "<file>: word <offset>: <what>";
// spvBinaryParse checks operands against the grammar and feeds ModuleBuilder.
#include "spvsim/validator/loader.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>

#include "ext_inst_sets.h"
#include "module_builder.h"
#include "spirv_tools_handles.h"
#include "spvsim/common/error.h"

namespace spvsim {

namespace {

/// SPIR-V §2.17 Universal Limits: the largest id bound a module may declare.
constexpr uint32_t kMaxIdBound = 0x3fffff;
constexpr uint32_t kHeaderWords = 5;

[[noreturn]] void fail(const std::string &source, uint64_t word, const std::string &what) {
  throw Error(source + ": word " + std::to_string(word) + ": " + what);
}

uint32_t byteSwapped(uint32_t v) {
  return __builtin_bswap32(v);
}

std::string hex(uint32_t v) {
  std::ostringstream os;
  os << "0x" << std::hex << v;
  return os.str();
}

bool isIdOperand(spv_operand_type_t type) {
  switch (type) {
  case SPV_OPERAND_TYPE_ID:
  case SPV_OPERAND_TYPE_TYPE_ID:
  case SPV_OPERAND_TYPE_RESULT_ID:
  case SPV_OPERAND_TYPE_MEMORY_SEMANTICS_ID:
  case SPV_OPERAND_TYPE_SCOPE_ID:
    return true;
  default:
    return false;
  }
}

/// Parsing state shared with the spvBinaryParse callback.
struct ParseState {
  ModuleBuilder &builder;
  const std::string &source;
  uint32_t bound = 0;
  /// Word offset (in the original module) of each instruction handed to the parser.
  const std::vector<uint32_t> &parsedOffsets;
  /// Instructions the parser does not see (raw debug extended instructions), in order.
  const std::vector<uint32_t> &rawOffsets;
  size_t nextParsed = 0;
  size_t nextRaw = 0;
  std::optional<Error> error; ///< first problem found by the callback

  void addRawBefore(uint32_t offset) {
    while (nextRaw < rawOffsets.size() && rawOffsets[nextRaw] < offset) {
      const uint32_t raw = rawOffsets[nextRaw++];
      for (uint32_t k = 1; k <= 3; ++k) // result type, result, set
        if (builder.words()[raw + k] >= bound)
          fail(source, raw + k,
               "id " + std::to_string(builder.words()[raw + k]) + " is not below the id bound " +
                   std::to_string(bound));
      builder.add(raw, nullptr);
    }
  }
};

spv_result_t onInstruction(void *userData, const spv_parsed_instruction_t *parsed) {
  auto &state = *static_cast<ParseState *>(userData);
  try {
    const uint32_t offset = state.parsedOffsets.at(state.nextParsed++);
    for (uint16_t k = 0; k < parsed->num_operands; ++k) {
      const spv_parsed_operand_t &operand = parsed->operands[k];
      if (!isIdOperand(operand.type)) continue;
      const uint32_t id = parsed->words[operand.offset];
      if (id >= state.bound)
        fail(state.source, offset + operand.offset,
             "id " + std::to_string(id) + " is not below the id bound " +
                 std::to_string(state.bound));
    }
    state.addRawBefore(offset);
    state.builder.add(offset, parsed);
    return SPV_SUCCESS;
  } catch (const Error &e) {
    state.error = e;
  } catch (const std::exception &e) {
    state.error = Error(state.source + ": " + e.what());
  }
  return SPV_ERROR_INVALID_BINARY;
}

/// Word offsets of all instructions; checks that the word counts tile the module.
std::vector<uint32_t> instructionOffsets(std::span<const uint32_t> words,
                                         const std::string &source) {
  std::vector<uint32_t> offsets;
  size_t offset = kHeaderWords;
  while (offset < words.size()) {
    const uint32_t wordCount = words[offset] >> spv::WordCountShift;
    const uint32_t opcode = words[offset] & spv::OpCodeMask;
    if (wordCount == 0) fail(source, offset, "instruction word count is 0");
    if (offset + wordCount > words.size())
      fail(source, offset,
           "instruction word count " + std::to_string(wordCount) + " runs past the end (" +
               std::to_string(words.size()) + " words)");
    if (std::string_view(spvOpcodeString(opcode)) == "unknown")
      fail(source, offset, "unknown opcode " + std::to_string(opcode));
    offsets.push_back(uint32_t(offset));
    offset += wordCount;
  }
  return offsets;
}

/// Result ids of OpExtInstImport of debug-information sets.
std::set<uint32_t> debugInfoImports(std::span<const uint32_t> words,
                                    const std::vector<uint32_t> &offsets) {
  std::set<uint32_t> ids;
  for (uint32_t offset : offsets) {
    const uint32_t wordCount = words[offset] >> spv::WordCountShift;
    if (static_cast<spv::Op>(words[offset] & spv::OpCodeMask) != spv::Op::OpExtInstImport ||
        wordCount < 3)
      continue;
    if (detail::isDebugInfoSet(Module::literalString(words.subspan(offset + 2, wordCount - 2))))
      ids.insert(words[offset + 1]);
  }
  return ids;
}

bool isDebugExtInst(std::span<const uint32_t> words, uint32_t offset,
                    const std::set<uint32_t> &debugSets) {
  const uint32_t wordCount = words[offset] >> spv::WordCountShift;
  return static_cast<spv::Op>(words[offset] & spv::OpCodeMask) == spv::Op::OpExtInst &&
         wordCount >= 5 && debugSets.count(words[offset + 3]) != 0;
}

/// Index of the instruction containing word `word`.
size_t instructionAt(const std::vector<uint32_t> &offsets, size_t word) {
  auto it = std::upper_bound(offsets.begin(), offsets.end(), word);
  return it == offsets.begin() ? 0 : size_t(it - offsets.begin()) - 1;
}

struct ParseFailure {
  uint32_t word; ///< in the original module
  std::string message;
};

/// Runs spvBinaryParse over the module, or over a copy without the raw
/// instructions. Returns the failure, if any; callback errors are thrown.
std::optional<ParseFailure> parse(ModuleBuilder &builder, const std::string &source,
                                  const std::vector<uint32_t> &offsets,
                                  const std::vector<uint32_t> &rawOffsets) {
  std::span<const uint32_t> words = builder.words();
  std::vector<uint32_t> parsedOffsets;
  std::vector<uint32_t> parsedWords(words.begin(), words.begin() + kHeaderWords);
  if (rawOffsets.empty()) {
    parsedOffsets = offsets;
  } else {
    for (uint32_t offset : offsets) {
      if (std::binary_search(rawOffsets.begin(), rawOffsets.end(), offset)) continue;
      const uint32_t wordCount = words[offset] >> spv::WordCountShift;
      parsedOffsets.push_back(offset);
      parsedWords.insert(parsedWords.end(), words.begin() + offset,
                         words.begin() + offset + wordCount);
    }
  }
  std::span<const uint32_t> input = rawOffsets.empty() ? words : std::span(parsedWords);

  ParseState state{builder, source, words[3], parsedOffsets, rawOffsets, 0, 0, std::nullopt};
  auto context = detail::makeContext(SPV_ENV_UNIVERSAL_1_6);
  spv_diagnostic rawDiagnostic = nullptr;
  const spv_result_t result = spvBinaryParse(context.get(), &state, input.data(), input.size(),
                                             nullptr, onInstruction, &rawDiagnostic);
  detail::DiagnosticHandle diagnostic(rawDiagnostic);
  if (state.error) throw *state.error;
  if (result == SPV_SUCCESS) {
    state.addRawBefore(UINT32_MAX);
    return std::nullopt;
  }
  // spvBinaryParse locates a problem by the 1-based ordinal of the instruction
  // it was parsing; report that instruction's word offset.
  ParseFailure failure{0, diagnostic && diagnostic->error ? diagnostic->error : "invalid binary"};
  const size_t ordinal = diagnostic ? diagnostic->position.index : 0;
  uint32_t word = 0;
  if (ordinal >= 1 && ordinal <= parsedOffsets.size()) word = parsedOffsets[ordinal - 1];
  failure.word = word;
  return failure;
}

std::vector<uint32_t> hostOrder(std::span<const uint32_t> words, const std::string &source) {
  if (words.size() < kHeaderWords)
    fail(source, words.size(),
         "truncated header: " + std::to_string(words.size()) +
             " words, a SPIR-V module starts with 5");
  std::vector<uint32_t> host(words.begin(), words.end());
  if (host[0] == byteSwapped(spv::MagicNumber)) {
    // SPIR-V §2.3 / OpenCL-Env §2: a module may be in either byte order.
    for (uint32_t &w : host) w = byteSwapped(w);
  } else if (host[0] != spv::MagicNumber) {
    fail(source, 0,
         "bad magic number " + hex(host[0]) + " (expected " + hex(spv::MagicNumber) + ")");
  }
  if (host[3] > kMaxIdBound)
    fail(source, 3,
         "id bound " + std::to_string(host[3]) + " exceeds the SPIR-V limit of " +
             std::to_string(kMaxIdBound));
  return host;
}

} // namespace

std::shared_ptr<const Module> loadBinary(std::span<const uint32_t> words,
                                         const std::string &sourceName) {
  ModuleBuilder builder(hostOrder(words, sourceName), sourceName);
  const std::span<const uint32_t> host = builder.words();
  const std::vector<uint32_t> offsets = instructionOffsets(host, sourceName);

  std::optional<ParseFailure> failure = parse(builder, sourceName, offsets, {});
  if (failure) {
    // Debug information from producers newer than SPIRV-Tools may not parse;
    // it is never fatal: take those extended instructions as raw words.
    const std::set<uint32_t> debugSets = debugInfoImports(host, offsets);
    const uint32_t failedAt = offsets.empty() ? 0 : offsets[instructionAt(offsets, failure->word)];
    if (!debugSets.empty() && isDebugExtInst(host, failedAt, debugSets)) {
      std::vector<uint32_t> raw;
      for (uint32_t offset : offsets)
        if (isDebugExtInst(host, offset, debugSets)) raw.push_back(offset);
      ModuleBuilder retry(std::vector<uint32_t>(host.begin(), host.end()), sourceName);
      failure = parse(retry, sourceName, offsets, raw);
      if (!failure) return retry.finish();
    }
    fail(sourceName, failure->word, failure->message);
  }
  return builder.finish();
}

std::shared_ptr<const Module> loadBinaryBytes(std::span<const std::byte> bytes,
                                              const std::string &sourceName) {
  if (bytes.size() % 4 != 0)
    fail(sourceName, bytes.size() / 4,
         "truncated: " + std::to_string(bytes.size()) + " bytes is not a whole number of words");
  std::vector<uint32_t> words(bytes.size() / 4);
  if (!words.empty()) std::memcpy(words.data(), bytes.data(), bytes.size());
  return loadBinary(words, sourceName);
}

std::shared_ptr<const Module> loadAssembly(std::string_view text, const std::string &sourceName) {
  // Assemble as SPIR-V 1.0 (what OpenCL producers target) unless the text
  // names its version; text using a later version's instructions takes the
  // first version that accepts it.
  const spv_target_env envs[] = {
      SPV_ENV_UNIVERSAL_1_0, SPV_ENV_UNIVERSAL_1_1, SPV_ENV_UNIVERSAL_1_2, SPV_ENV_UNIVERSAL_1_3,
      SPV_ENV_UNIVERSAL_1_4, SPV_ENV_UNIVERSAL_1_5, SPV_ENV_UNIVERSAL_1_6};
  // A "; Version: 1.N" line in the leading comments (as spirv-dis writes it)
  // names the version to assemble for.
  size_t firstEnv = 0;
  for (size_t at = 0; at < text.size() && text[at] == ';';) {
    const size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    constexpr std::string_view kVersion = "; Version: 1.";
    if (line.starts_with(kVersion) && line.size() > kVersion.size()) {
      const char minor = line[kVersion.size()];
      if (minor >= '0' && minor <= '6') firstEnv = static_cast<size_t>(minor - '0');
    }
    at = end + 1;
  }
  std::string firstError;
  for (spv_target_env env : std::span(envs).subspan(firstEnv)) {
    auto context = detail::makeContext(env);
    spv_binary rawBinary = nullptr;
    spv_diagnostic rawDiagnostic = nullptr;
    const spv_result_t result =
        spvTextToBinary(context.get(), text.data(), text.size(), &rawBinary, &rawDiagnostic);
    detail::BinaryHandle binary(rawBinary);
    detail::DiagnosticHandle diagnostic(rawDiagnostic);
    if (result == SPV_SUCCESS && binary)
      return loadBinary(std::span<const uint32_t>(binary->code, binary->wordCount), sourceName);
    if (firstError.empty()) {
      std::ostringstream os;
      os << sourceName;
      if (diagnostic) {
        os << ":" << diagnostic->position.line + 1 << ":" << diagnostic->position.column + 1 << ": "
           << (diagnostic->error ? diagnostic->error : "invalid assembly");
      } else {
        os << ": invalid assembly";
      }
      firstError = os.str();
    }
  }
  throw Error(firstError);
}

std::shared_ptr<const Module> loadFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ": cannot open file: " + std::strerror(errno));
  std::string contents((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw Error(path + ": cannot read file");
  if (path.ends_with(".spvasm")) return loadAssembly(contents, path);
  return loadBinaryBytes(std::as_bytes(std::span(contents.data(), contents.size())), path);
}

} // namespace spvsim
