// Text helpers of the debugger's prompt (command_loop.h): splitting a command line
// into its word and arguments as gdb does, and file names as gdb shows them.
#pragma once

#include <array>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <utility>

namespace spvsim::debugger::command_text {

inline std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

/// Splits "cmd rest" into the command word (up to a space or '/') and the rest.
inline std::pair<std::string, std::string> splitCommand(const std::string &line) {
  size_t i = 0;
  while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])) && line[i] != '/')
    ++i;
  return {line.substr(0, i), trim(line.substr(i))};
}

/// Whether `word` is one of `names` (a command and its abbreviations).
inline bool isOneOf(const std::string &word, std::initializer_list<const char *> names) {
  for (const char *n : names)
    if (word == n) return true;
  return false;
}

/// A path as gdb shows a source file: its last component.
inline std::string baseName(const std::string &path) {
  return std::filesystem::path(path).filename().string();
}

/// A work-item's ids as the prompt and the DAP threads show them: "(3, 1)" for a launch
/// of `dims` dimensions.
inline std::string idTuple(const std::array<uint64_t, 3> &id, uint32_t dims) {
  std::string s = "(";
  for (uint32_t d = 0; d < dims && d < 3; ++d) s += (d ? ", " : "") + std::to_string(id[d]);
  return s + ")";
}

} // namespace spvsim::debugger::command_text
