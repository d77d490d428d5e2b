// DebugTypeArray lower bounds removed from the translator's words (see
// debug_array_bounds.h).
#include "debug_array_bounds.h"

#include <algorithm>
#include <cstring>
#include <set>
#include <string_view>

namespace spvsim::frontend {

namespace {

constexpr uint32_t kOpExtInstImport = 11, kOpExtInst = 12, kHeaderWords = 5;
// OpenCL.DebugInfo.100 instruction numbers (§4).
constexpr uint32_t kDebugInfoNone = 0, kDebugTypeArray = 5;

/// The literal string starting at words[first] of an instruction ending before `end`.
std::string_view literalString(const std::vector<uint32_t> &words, size_t first, size_t end) {
  if (first >= end) return {};
  const char *text = reinterpret_cast<const char *>(&words[first]);
  return std::string_view(text, strnlen(text, (end - first) * 4));
}

} // namespace

unsigned removeDefaultArrayLowerBounds(std::vector<uint32_t> &words) {
  // The OpenCL.DebugInfo.100 imports and the ids of its DebugInfoNone instructions.
  std::set<uint32_t> sets, none;
  for (size_t at = kHeaderWords; at < words.size();) {
    const uint32_t count = words[at] >> 16, opcode = words[at] & 0xFFFFu;
    if (count == 0 || at + count > words.size()) return 0; // not a module: leave it
    if (opcode == kOpExtInstImport && count > 2 &&
        literalString(words, at + 2, at + count) == "OpenCL.DebugInfo.100")
      sets.insert(words[at + 1]);
    if (opcode == kOpExtInst && count >= 5 && sets.count(words[at + 3]) &&
        words[at + 4] == kDebugInfoNone)
      none.insert(words[at + 2]);
    at += count;
  }
  if (sets.empty()) return 0;
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

} // namespace spvsim::frontend
