// Text helpers of the DAP adapter (dap_adapter.h) shared by its files: trimming the
// prompt's output, the breakpoint numbers in it, and paths as a client compares them.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>

namespace spvsim::debugger::dap::text {

inline std::string trim(const std::string &s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

/// "Breakpoint 3 at k.cl:12" / "Temporary breakpoint 3 at ...": the number (0: none).
inline uint32_t breakpointNumber(const std::string &text) {
  unsigned n = 0;
  if (std::sscanf(text.c_str(), "Breakpoint %u at", &n) == 1) return n;
  if (std::sscanf(text.c_str(), "Temporary breakpoint %u at", &n) == 1) return n;
  return 0;
}

/// A path made absolute and canonical as far as it exists.
inline std::filesystem::path normal(const std::filesystem::path &p) {
  std::error_code ec;
  std::filesystem::path absolute = std::filesystem::absolute(p, ec);
  if (ec) return p.lexically_normal();
  std::filesystem::path canonical = std::filesystem::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal() : canonical;
}

} // namespace spvsim::debugger::dap::text
