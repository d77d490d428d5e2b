// Helpers of the front end's tests: what a SPIR-V module contains.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace spvsim::frontend::test {

/// The instructions of `words` with opcode `opcode` (each as its words).
inline std::vector<std::vector<uint32_t>> instructions(const std::vector<uint32_t> &words,
                                                       uint32_t opcode) {
  std::vector<std::vector<uint32_t>> found;
  for (size_t at = 5; at < words.size();) {
    const uint32_t count = words[at] >> 16;
    if (count == 0 || at + count > words.size()) break;
    if ((words[at] & 0xffff) == opcode)
      found.emplace_back(words.begin() + at, words.begin() + at + count);
    at += count;
  }
  return found;
}

/// The result id of OpExtInstImport of `set`, 0 when absent.
inline uint32_t importOf(const std::vector<uint32_t> &words, const std::string &set) {
  for (const auto &i : instructions(words, 11)) {
    std::string name(reinterpret_cast<const char *>(&i[2]), (i.size() - 2) * 4);
    if (std::strcmp(name.c_str(), set.c_str()) == 0) return i[1];
  }
  return 0;
}

/// How many OpExtInst of instruction `number` of the set imported as `set` there are.
inline size_t extInstCount(const std::vector<uint32_t> &words, uint32_t set, uint32_t number) {
  size_t n = 0;
  for (const auto &i : instructions(words, 12))
    if (i.size() > 4 && i[3] == set && i[4] == number) ++n;
  return n;
}

} // namespace spvsim::frontend::test
