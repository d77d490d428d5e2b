// Reverse execution: `reverse-step`, `reverse-next`, `reverse-stepi`,
// `reverse-continue` and `reverse-finish` (docs/debugging.md) by deterministic replay,
// never by logging writes. A stop of a launch under the debugger is an op count
// (DebugWatcher::opsReached): the launch runs with one work-group thread and the same
// schedule every time. Going back takes two runs of the stopped launch from the inputs
// it started with: a search replay up to the stop, whose session records where it
// would have stopped (breakpoints, watchpoints) and where the work-item in focus was
// (line starts, ops) instead of stopping; then the launch itself, abandoned and run
// again to the count found, where it stops as after `continue` — registers, memory,
// variables and bindings as they were then.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "debug_session.h"
#include "spvsim/debugger/debugger.h"

namespace spvsim::debugger {

enum class ReverseCommand : uint8_t { Step, Next, StepInstruction, Continue, Finish };

/// Where a reverse command takes the stopped launch.
struct ReverseTarget {
  /// Its op count, focus and reason: "step", "Breakpoint N", "Watchpoint N", or
  /// kLaunchStart when nothing earlier qualified.
  RewindStop stop;
  /// Each breakpoint's hit count there, and the op count its hits count from then
  /// (Breakpoint::countFrom: where it goes back to when that is before it was set).
  struct HitCount {
    uint32_t number = 0;
    uint64_t hits = 0, countFrom = 0;
  };
  std::vector<HitCount> hits;
};

/// The reason of a rewind to the launch's start (gdb: "No more reverse-execution history").
inline constexpr const char *kLaunchStart = "start";

/// What a replay interrupted by Ctrl-C answers.
inline constexpr const char *kReplayInterrupted =
    "Interrupted: the replay stopped; the launch is still where it stopped.";

/// Replays the launch `live` is stopped in up to its stop and finds where `command`
/// goes back to. `live` must be stopped; `control.replay` runs the search replay, which
/// live.requestInterrupt() (Ctrl-C) ends: then it throws kReplayInterrupted and the
/// launch stays as it was.
ReverseTarget findReverseTarget(DebugSession &live, ReverseCommand command,
                                const LaunchControl &control,
                                const std::map<std::string, BufferType> &buffers);

/// Takes the stopped launch back to `target`: asks the runner to run it again from its
/// inputs (control.restart) and lets the stopped launch go to be abandoned; the prompt
/// then waits for the stop as after `continue`.
void rewind(DebugSession &live, const ReverseTarget &target, const LaunchControl &control);

} // namespace spvsim::debugger
