// Config: the runtime's options, read once from the SPVSIM_* environment
// variables that mirror `spvsim run`'s options (`spvsim exec` sets them):
//   SPVSIM_WARP_WIDTH    work-items executed in lockstep (1..64, default 32)
//   SPVSIM_THREADS       worker threads per launch (0: hardware threads)
//   SPVSIM_TIMEOUT       seconds after which a launch is stopped (hang.timeout)
//   SPVSIM_CHECKS        comma-separated checks (all, bounds, ...); bounds are always on
//   SPVSIM_PRINTF_BUFFER bytes of printf output per launch (CL_DEVICE_PRINTF_BUFFER_SIZE)
//   SPVSIM_REPORT        file that receives the findings as JSON
//   SPVSIM_CAPTURE       folder that receives every launch as a run file
//   SPVSIM_DEVICE_TYPE   cpu, gpu or accelerator (CL_DEVICE_TYPE; default cpu)
//   SPVSIM_QUIET         1: findings only in the report, not on standard error
// A value that cannot be read is reported once on standard error and ignored.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/cl.h"
#include "spvsim/interpreter/checks.h"

namespace spvsim::runtime {

struct Config {
  uint32_t warpWidth = 32;
  uint32_t threads = 0;
  double timeoutSeconds = 0;
  CheckSet checks{};
  uint64_t printfBufferSize = 0; ///< 0: no limit
  std::string reportFile;
  std::string captureDir;
  cl_device_type deviceType = CL_DEVICE_TYPE_CPU;
  bool quiet = false;

  /// The process's configuration (read on first use).
  static const Config &get();
  /// Reads the variables through `getenv`; problems are appended to `problems`.
  static Config read(const char *(*getenv)(const char *), std::vector<std::string> &problems);
};

} // namespace spvsim::runtime
