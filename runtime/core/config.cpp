// Config from the SPVSIM_* environment variables (see config.h).
#include "core/config.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>

#include "spvsim/common/error.h"

namespace spvsim::runtime {

namespace {

template <class T> bool parseNumber(const std::string &text, T &out) {
  const char *end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end;
}

const char *systemGetenv(const char *name) {
  return std::getenv(name);
}

/// Seconds as SPVSIM_TIMEOUT and SPVSIM_RUN_TIMEOUT take them (0: no limit).
bool parseSeconds(const std::string &text, double &out) {
  char *end = nullptr;
  const double s = std::strtod(text.c_str(), &end);
  if (!end || *end != '\0' || !(s >= 0 && s < 1e9)) return false;
  out = s;
  return true;
}

} // namespace

std::optional<uint64_t> parseByteCount(const std::string &text) {
  size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  uint64_t number = 0;
  if (digits == 0 || !parseNumber(text.substr(0, digits), number)) return std::nullopt;
  std::string unit;
  for (size_t i = digits; i < text.size(); ++i)
    if (text[i] != ' ')
      unit += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
  if (unit.empty() || unit == "b") return number;
  // As CLI11's AsSizeValue(true) reads --max-memory and --printf-buffer: k = kb = 1000,
  // ki = kib = 1024, and so on up to t.
  static const std::string prefixes = "kmgt";
  const size_t power = prefixes.find(unit[0]);
  const std::string rest = unit.substr(1);
  if (power == std::string::npos || !(rest.empty() || rest == "b" || rest == "i" || rest == "ib"))
    return std::nullopt;
  const uint64_t base = rest.empty() || rest == "b" ? 1000 : 1024;
  uint64_t value = number;
  for (size_t i = 0; i <= power; ++i)
    if (__builtin_mul_overflow(value, base, &value)) return std::nullopt;
  return value;
}

std::optional<std::chrono::steady_clock::time_point> Config::runDeadline() const {
  if (runTimeoutSeconds <= 0) return std::nullopt;
  return start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                     std::chrono::duration<double>(runTimeoutSeconds));
}

Config Config::read(const char *(*getenv)(const char *), std::vector<std::string> &problems) {
  Config c;
  auto value = [&](const char *name) -> std::string {
    const char *v = getenv(name);
    return v ? std::string(v) : std::string();
  };
  auto problem = [&](const char *name, const std::string &text, const std::string &why) {
    problems.push_back(std::string(name) + "=" + text + ": " + why + " (ignored)");
  };
  if (std::string v = value("SPVSIM_WARP_WIDTH"); !v.empty()) {
    uint32_t n = 0;
    if (parseNumber(v, n) && n >= 1 && n <= 64)
      c.warpWidth = n, c.warpWidthGiven = true;
    else
      problem("SPVSIM_WARP_WIDTH", v, "expected a number from 1 to 64");
  }
  if (std::string v = value("SPVSIM_THREADS"); !v.empty()) {
    uint32_t n = 0;
    if (parseNumber(v, n) && n <= 1024)
      c.threads = n;
    else
      problem("SPVSIM_THREADS", v,
              "expected a number of threads up to 1024 (0: one per hardware "
              "thread)");
  }
  if (std::string v = value("SPVSIM_TIMEOUT"); !v.empty())
    if (!parseSeconds(v, c.timeoutSeconds))
      problem("SPVSIM_TIMEOUT", v, "expected seconds (0: no limit)");
  if (std::string v = value("SPVSIM_RUN_TIMEOUT"); !v.empty())
    if (!parseSeconds(v, c.runTimeoutSeconds))
      problem("SPVSIM_RUN_TIMEOUT", v, "expected seconds (0: no limit)");
  if (std::string v = value("SPVSIM_MAX_INSTRUCTIONS"); !v.empty()) {
    char *end = nullptr;
    const double n = std::strtod(v.c_str(), &end); // 1e9 is accepted, as by spvsim run
    if (end && *end == '\0' && n >= 0 && n <= 1.8e19)
      c.maxInstructions = n >= 1 ? static_cast<uint64_t>(n) : 0;
    else
      problem("SPVSIM_MAX_INSTRUCTIONS", v, "expected a number of instructions (0: no limit)");
  }
  if (std::string v = value("SPVSIM_MAX_MEMORY"); !v.empty()) {
    if (auto n = parseByteCount(v))
      c.maxMemory = *n;
    else
      problem("SPVSIM_MAX_MEMORY", v, "expected a number of bytes (units k, M, G, KiB, MiB, GiB)");
  }
  if (std::string v = value("SPVSIM_PRINTF_BUFFER"); !v.empty()) {
    if (auto n = parseByteCount(v))
      c.printfBufferSize = *n;
    else
      problem("SPVSIM_PRINTF_BUFFER", v, "expected a number of bytes (0: no limit)");
  }
  if (std::string v = value("SPVSIM_CHECKS"); !v.empty()) {
    try {
      c.checks = CheckSet::parse(v);
      c.checksGiven = true;
    } catch (const Error &e) {
      problem("SPVSIM_CHECKS", v, e.what());
    }
  }
  c.reportFile = value("SPVSIM_REPORT");
  c.captureDir = value("SPVSIM_CAPTURE");
  if (std::string v = value("SPVSIM_DEVICE_TYPE"); !v.empty()) {
    if (v == "cpu")
      c.deviceType = CL_DEVICE_TYPE_CPU;
    else if (v == "gpu")
      c.deviceType = CL_DEVICE_TYPE_GPU;
    else if (v == "accelerator")
      c.deviceType = CL_DEVICE_TYPE_ACCELERATOR;
    else
      problem("SPVSIM_DEVICE_TYPE", v, "expected cpu, gpu or accelerator");
  }
  if (std::string v = value("SPVSIM_QUIET"); !v.empty()) c.quiet = v != "0";
  if (std::string v = value("SPVSIM_DEBUG"); !v.empty()) c.debug = v != "0";
  if (std::string v = value("SPVSIM_INTERRUPT"); !v.empty()) c.stopOnInterrupt = v != "0";
  if (std::string v = value("SPVSIM_PROFILE"); !v.empty()) c.profile = v != "0";
  if (std::string v = value("SPVSIM_EXPLORE"); !v.empty()) {
    uint32_t n = 0;
    if (parseNumber(v, n) && n >= 1 && n <= 100000)
      c.explore = n;
    else
      problem("SPVSIM_EXPLORE", v, "expected a number of schedules from 1 to 100000");
  }
  if (std::string v = value("SPVSIM_EXPLORE_SEED"); !v.empty())
    if (!parseNumber(v, c.exploreSeed)) problem("SPVSIM_EXPLORE_SEED", v, "expected a number");
  // Rules of `--suppress` and `--suppressions` files, one a line (common/suppressions.h).
  const auto addSuppressions = [&](const char *name, bool files) {
    const std::string v = value(name);
    try {
      std::istringstream lines(v);
      for (std::string line; std::getline(lines, line);)
        if (line.empty())
          continue;
        else if (files)
          c.suppressions.addFile(line);
        else
          c.suppressions.add(line, name);
    } catch (const Error &e) {
      problem(name, v, e.what());
    }
  };
  addSuppressions("SPVSIM_SUPPRESS", false);
  addSuppressions("SPVSIM_SUPPRESSIONS", true);
  return c;
}

const Config &Config::get() {
  // Never destroyed: the report is written at process exit, after function-local statics
  // created later than the exit hook are gone.
  static const Config *config = [] {
    std::vector<std::string> problems;
    auto c = std::make_unique<Config>(read(systemGetenv, problems));
    for (const std::string &p : problems) std::cerr << "spvsim: " << p << "\n";
    return c.release();
  }();
  return *config;
}

} // namespace spvsim::runtime
