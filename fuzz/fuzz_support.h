// What a fuzz target does with an exception that is not one of spvsim's own
// (spvsim::Error, Unsupported): `spvsim` reports it as an internal error
// (exit status 3) — a bug, though not a crash. By default a target stops on it
// like on a crash, so the input is kept (and scripts/fuzz.sh fails); with
// SPVSIM_FUZZ_INTERNAL_ERRORS=log (a long run that is to go on past a bug
// already known) it prints each distinct message once and goes on. Real
// crashes, hangs and sanitizer reports stop the target always.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <set>
#include <string>

namespace spvsim::fuzz {

inline void internalError(const std::exception &e) {
  static const bool logOnly = [] {
    const char *mode = std::getenv("SPVSIM_FUZZ_INTERNAL_ERRORS");
    return mode && std::strcmp(mode, "log") == 0;
  }();
  static std::mutex mutex;
  static std::set<std::string> seen;
  std::lock_guard lock(mutex);
  if (seen.insert(e.what()).second)
    std::fprintf(stderr, "spvsim fuzz: internal error: %s\n", e.what());
  if (!logOnly) std::abort();
}

} // namespace spvsim::fuzz
