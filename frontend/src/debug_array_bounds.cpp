// The translator's debug-information words after translation: DebugTypeArray lower
// bounds removed, DebugTypePointer storage classes given (see debug_array_bounds.h).
#include "debug_array_bounds.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>
#include <string_view>

namespace spvsim::frontend {

namespace {

constexpr uint32_t kOpString = 7, kOpExtInstImport = 11, kOpExtInst = 12, kHeaderWords = 5;
// OpenCL.DebugInfo.100 instruction numbers (§4).
constexpr uint32_t kDebugInfoNone = 0, kDebugTypePointer = 3, kDebugTypeArray = 5,
                   kDebugTypeComposite = 10;
// Storage classes (SPIR-V §3.7) and what llvm-spirv 15 writes for none.
constexpr uint32_t kUniformConstant = 0, kCrossWorkgroup = 5, kFunction = 7,
                   kNoStorageClass = 0xFFFFFFFFu;

/// The literal string starting at words[first] of an instruction ending before `end`.
std::string_view literalString(const std::vector<uint32_t> &words, size_t first, size_t end) {
  if (first >= end) return {};
  const char *text = reinterpret_cast<const char *>(&words[first]);
  return std::string_view(text, strnlen(text, (end - first) * 4));
}

/// Calls `visit(at, count, opcode)` for each instruction of a module; false when the
/// words are not a sequence of whole instructions (then nothing is to be rewritten).
template <typename Visit> bool forEachInstruction(const std::vector<uint32_t> &words, Visit visit) {
  for (size_t at = kHeaderWords; at < words.size();) {
    const uint32_t count = words[at] >> 16, opcode = words[at] & 0xFFFFu;
    if (count == 0 || at + count > words.size()) return false;
    visit(at, count, opcode);
    at += count;
  }
  return true;
}

/// Whether the instruction at `at` imports OpenCL.DebugInfo.100.
bool importsDebugInfo(const std::vector<uint32_t> &words, size_t at, uint32_t count,
                      uint32_t opcode) {
  return opcode == kOpExtInstImport && count > 2 &&
         literalString(words, at + 2, at + count) == "OpenCL.DebugInfo.100";
}

/// The storage class of the values of the opaque OpenCL type clang names `name` in its
/// debug information (`opencl_image2d_ro_t`): where clang's CodeGen puts them
/// (ASTContext::getOpenCLTypeAddrSpace: images and pipes global, samplers constant, the
/// rest private).
uint32_t opaqueTypeStorageClass(std::string_view name) {
  if (name.starts_with("opencl_image") || name.starts_with("opencl_pipe")) return kCrossWorkgroup;
  if (name == "opencl_sampler_t") return kUniformConstant;
  return kFunction;
}

} // namespace

unsigned removeDefaultArrayLowerBounds(std::vector<uint32_t> &words) {
  // The OpenCL.DebugInfo.100 imports and the ids of its DebugInfoNone instructions.
  std::set<uint32_t> sets, none;
  const bool whole = forEachInstruction(words, [&](size_t at, uint32_t count, uint32_t opcode) {
    if (importsDebugInfo(words, at, count, opcode)) sets.insert(words[at + 1]);
    if (opcode == kOpExtInst && count >= 5 && sets.count(words[at + 3]) &&
        words[at + 4] == kDebugInfoNone)
      none.insert(words[at + 2]);
  });
  if (!whole || sets.empty()) return 0;
  unsigned rewritten = 0;
  size_t out = std::min<size_t>(kHeaderWords, words.size());
  for (size_t at = kHeaderWords; at < words.size();) {
    const uint32_t original = words[at] >> 16, opcode = words[at] & 0xFFFFu;
    uint32_t count = original;
    // Words: opcode, result type, result, set, instruction, Base Type, then the
    // dimensions' counts followed by as many lower bounds. Decided before the words
    // move: the copy below may overwrite them.
    if (opcode == kOpExtInst && count >= 8 && sets.count(words[at + 3]) &&
        words[at + 4] == kDebugTypeArray && (count - 6) % 2 == 0) {
      const uint32_t dimensions = (count - 6) / 2;
      if (std::all_of(words.begin() + at + 6 + dimensions, words.begin() + at + count,
                      [&](uint32_t id) { return none.count(id) > 0; })) {
        count -= dimensions;
        ++rewritten;
      }
    }
    std::copy(words.begin() + at, words.begin() + at + count, words.begin() + out);
    words[out] = (count << 16) | opcode;
    at += original;
    out += count;
  }
  words.resize(out);
  return rewritten;
}

unsigned setMissingPointerStorageClasses(std::vector<uint32_t> &words) {
  // The OpenCL.DebugInfo.100 imports, the module's strings and each DebugTypeComposite's
  // name (the id of its OpString). Debug types follow the strings and the import.
  std::set<uint32_t> sets;
  std::map<uint32_t, std::string_view> strings;
  std::map<uint32_t, uint32_t> compositeNames;
  unsigned rewritten = 0;
  forEachInstruction(words, [&](size_t at, uint32_t count, uint32_t opcode) {
    if (importsDebugInfo(words, at, count, opcode)) sets.insert(words[at + 1]);
    if (opcode == kOpString && count > 2)
      strings[words[at + 1]] = literalString(words, at + 2, at + count);
    if (opcode != kOpExtInst || count < 6 || !sets.count(words[at + 3])) return;
    // Words: opcode, result type, result, set, instruction, then the operands.
    if (words[at + 4] == kDebugTypeComposite) compositeNames[words[at + 2]] = words[at + 5];
    // DebugTypePointer: Base Type, Storage Class, Flags.
    if (words[at + 4] == kDebugTypePointer && count >= 8 && words[at + 6] == kNoStorageClass) {
      auto name = compositeNames.find(words[at + 5]);
      auto text = name == compositeNames.end() ? strings.end() : strings.find(name->second);
      words[at + 6] = opaqueTypeStorageClass(text == strings.end() ? "" : text->second);
      ++rewritten;
    }
  });
  return rewritten;
}

} // namespace spvsim::frontend
