// Config from the SPVSIM_* environment variables (see config.h).
#include "core/config.h"

#include <algorithm>
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

} // namespace

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
      c.warpWidth = n;
    else
      problem("SPVSIM_WARP_WIDTH", v, "expected a number from 1 to 64");
  }
  if (std::string v = value("SPVSIM_THREADS"); !v.empty()) {
    uint32_t n = 0;
    if (parseNumber(v, n))
      c.threads = n;
    else
      problem("SPVSIM_THREADS", v, "expected a number of threads (0: one per hardware thread)");
  }
  if (std::string v = value("SPVSIM_TIMEOUT"); !v.empty()) {
    double s = 0;
    char *end = nullptr;
    s = std::strtod(v.c_str(), &end);
    if (end && *end == '\0' && s >= 0 && s < 1e9)
      c.timeoutSeconds = s;
    else
      problem("SPVSIM_TIMEOUT", v, "expected seconds (0: no limit)");
  }
  if (std::string v = value("SPVSIM_PRINTF_BUFFER"); !v.empty()) {
    uint64_t n = 0;
    if (parseNumber(v, n))
      c.printfBufferSize = n;
    else
      problem("SPVSIM_PRINTF_BUFFER", v, "expected a number of bytes (0: no limit)");
  }
  if (std::string v = value("SPVSIM_CHECKS"); !v.empty()) {
    try {
      c.checks = CheckSet::parse(v);
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
