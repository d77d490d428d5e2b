// Config: the runtime's options, read once from the SPVSIM_* environment
// variables that mirror `spvsim run`'s options (`spvsim exec` sets them):
//   SPVSIM_WARP_WIDTH       work-items executed in lockstep (1..64, default 32)
//   SPVSIM_THREADS          worker threads per launch (0: hardware threads; at most 1024)
//   SPVSIM_TIMEOUT          seconds after which a launch is stopped (hang.timeout)
//   SPVSIM_RUN_TIMEOUT      seconds after the runtime's start after which launches stop
//                           (hang.run-timeout) and no later launch runs
//   SPVSIM_MAX_INSTRUCTIONS instructions one launch may execute (hang.instruction-limit)
//   SPVSIM_MAX_MEMORY       bytes the process's buffers may take in all
//                           (CL_MEM_OBJECT_ALLOCATION_FAILURE beyond; CL_DEVICE_GLOBAL_MEM_SIZE)
//   SPVSIM_CHECKS           comma-separated checks (all, bounds, ...); bounds are always on
//   SPVSIM_PRINTF_BUFFER    bytes of printf output per launch (CL_DEVICE_PRINTF_BUFFER_SIZE)
//   SPVSIM_REPORT           file that receives the findings as JSON
//   SPVSIM_CAPTURE          folder that receives every launch as a run file
//   SPVSIM_DEVICE_TYPE      cpu, gpu or accelerator (CL_DEVICE_TYPE; default cpu)
//   SPVSIM_QUIET            1: findings only in the report, not on standard error
//   SPVSIM_DEBUG            1: each launch under the debugger's prompt (spvsim exec --debug)
//   SPVSIM_SUPPRESS         findings to accept, one `--suppress` rule a line
//   SPVSIM_SUPPRESSIONS     files of such rules, one path a line
//   SPVSIM_INTERRUPT        1: the first SIGINT stops the running launches, or the next
//                           one at its start, and fails the commands after it
//                           (core/interrupt.h; `spvsim exec` sets it)
//   SPVSIM_PROFILE          1: every launch is profiled as `spvsim run --profile` profiles
//                           it; the report's "profiles" (core/profiles.h)
//   SPVSIM_EXPLORE          N > 1: every launch runs under N schedules, the ordered one and
//                           N-1 shuffles, and a result that differs is nondeterminism.result
//                           (core/explore_launch.h; spvsim exec --explore; default 1)
//   SPVSIM_EXPLORE_SEED     the base the shuffles' seeds count up from (default 0)
// Sizes take the units of `spvsim run` (k, M, G = 1000^n; KiB, MiB, GiB = 1024^n).
// A value that cannot be read is reported once on standard error and ignored.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/cl.h"
#include "spvsim/common/suppressions.h"
#include "spvsim/interpreter/checks.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/limits.h"

namespace spvsim::runtime {

struct Config {
  uint32_t warpWidth = 32;
  bool warpWidthGiven = false; ///< SPVSIM_WARP_WIDTH: explored shuffles keep the width
  uint32_t threads = 0;
  double timeoutSeconds = 0;
  double runTimeoutSeconds = 0; ///< 0: no limit
  uint64_t maxInstructions = 0; ///< 0: no limit
  uint64_t maxMemory = defaultMemoryCapacity();
  CheckSet checks{};
  /// SPVSIM_CHECKS was given (the debugger runs the bounds check alone otherwise).
  bool checksGiven = false;
  uint64_t printfBufferSize = kDefaultPrintfBufferSize; ///< 0: no limit
  std::string reportFile;
  std::string captureDir;
  cl_device_type deviceType = CL_DEVICE_TYPE_CPU;
  bool quiet = false;
  /// SPVSIM_DEBUG: each launch stops at its kernel's first line under the debugger's
  /// prompt (spvsim exec --debug; core/debug_launch.h).
  bool debug = false;
  bool stopOnInterrupt = false; ///< SPVSIM_INTERRUPT
  bool profile = false;         ///< SPVSIM_PROFILE
  uint32_t explore = 1;         ///< SPVSIM_EXPLORE: schedules each launch runs under
  uint64_t exploreSeed = 0;     ///< SPVSIM_EXPLORE_SEED
  Suppressions suppressions;    ///< SPVSIM_SUPPRESS, SPVSIM_SUPPRESSIONS
  /// When the configuration was read: SPVSIM_RUN_TIMEOUT counts from here.
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();

  /// When launches must stop (SPVSIM_RUN_TIMEOUT), if there is such a bound.
  std::optional<std::chrono::steady_clock::time_point> runDeadline() const;

  /// The process's configuration (read on first use).
  static const Config &get();
  /// Reads the variables through `getenv`; problems are appended to `problems`.
  static Config read(const char *(*getenv)(const char *), std::vector<std::string> &problems);
};

/// A byte count as `spvsim run` takes it: digits and an optional unit (k, kb, M, MB, G, GB,
/// T, TB = 1000^n; KiB, MiB, GiB, TiB or Ki, Mi, Gi, Ti = 1024^n; b; any case). nullopt
/// when the text is not such a count or it does not fit in 64 bits.
std::optional<uint64_t> parseByteCount(const std::string &text);

} // namespace spvsim::runtime
