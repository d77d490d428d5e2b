// Schedule exploration of a host program's launches (SPVSIM_EXPLORE, `spvsim exec
// --explore N`; docs/run-files.md "Exploring schedules"): an NDRange command runs under
// the ordered schedule and then N-1 shuffles, each from the bytes its buffer and image
// arguments held when it started. A buffer, image or printf output that differs from the
// ordered run's is a nondeterminism finding, as `spvsim run --explore` reports it, and
// the ordered run's results are what the program sees.
#pragma once

#include <vector>

#include "core/launch.h"
#include "spvsim/common/finding_sink.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/launch.h"

namespace spvsim::runtime {

/// Runs `launch` (its arguments bound as `bindings` in `memory`) Config::explore times,
/// each run on one thread: first under the ordered schedule, its printf output written
/// to standard output, then under shuffles seeded SPVSIM_EXPLORE_SEED + 1, + 2, ...
/// (which also draw the warp width unless SPVSIM_WARP_WIDTH was set). `findings`
/// receives the ordered run's findings, those only a shuffle had (each once, naming
/// its schedule), and one nondeterminism.result (or .rounding) finding per argument and
/// for printf output that a shuffle changed, naming the kernel and the command's
/// enqueue index. Returns the ordered run's statistics; its results are left in memory.
/// The launch's errors (LimitError, Unsupported) are raised as launchKernel raises them.
LaunchStats exploreLaunch(const LaunchCommand &launch, const std::vector<ArgBinding> &bindings,
                          GlobalMemory &memory, FindingSink &findings, ExecOptions options);

} // namespace spvsim::runtime
