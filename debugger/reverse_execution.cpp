// Reverse execution (reverse_execution.h): the search replay and the choice of the op
// count a reverse command stops at.
#include "reverse_execution.h"

#include <algorithm>
#include <vector>

#include "evaluator.h"
#include "interrupt_scope.h"
#include "spvsim/common/error.h"

namespace spvsim::debugger {

namespace {

/// The first line start of the run of line starts `steps[last]` belongs to: the
/// consecutive starts of one line at one depth (a line split over blocks, a loop of
/// one line) are one line to step over, as forward `step` does.
size_t runStart(const std::vector<FocusStep> &steps, size_t last) {
  size_t first = last;
  while (first > 0 && steps[first - 1].line == steps[last].line &&
         steps[first - 1].depth == steps[last].depth)
    --first;
  return first;
}

/// `reverse-step` / `reverse-next`: the start of the last source line the work-item in
/// focus started before the stop: the line before this one, or this one when stopped in
/// its middle (gdb's rule). Stepping
/// back from a line that continues after a call enters the call at its last line
/// (`reverse-step`) or goes over it to the line's start (`reverse-next`).
std::optional<uint64_t> lineTarget(const std::vector<FocusStep> &all, const DebugSession &live,
                                   bool overCalls) {
  const uint32_t depth = live.opDepth(live.stopPoint().index);
  std::vector<FocusStep> steps;
  for (const FocusStep &s : all)
    if (!s.declaration && !(overCalls && s.depth > depth)) steps.push_back(s);
  if (steps.empty()) return std::nullopt;
  size_t first = runStart(steps, steps.size() - 1);
  if (!overCalls && first > 0 && steps[first - 1].depth > steps[first].depth) {
    // The line goes on after a call returned: its start is before the call, which
    // `reverse-step` enters backwards, at the callee's last line.
    for (size_t i = first; i-- > 0 && steps[i].depth >= steps[first].depth;)
      if (steps[i].depth == steps[first].depth) {
        if (steps[i].line == steps[first].line) first = runStart(steps, first - 1);
        break;
      }
  }
  return steps[first].position;
}

} // namespace

ReverseTarget findReverseTarget(DebugSession &live, ReverseCommand command,
                                const LaunchControl &control,
                                const std::map<std::string, BufferType> &buffers) {
  if (!control.replay || !control.restart) throw Error("This launch cannot be replayed.");
  const StopPoint &stop = live.stopPoint();
  // A session of the same module with the same breakpoints, watchpoints and focus that
  // records instead of stopping.
  DebugSession search(live.info().module());
  search.breakpoints = live.breakpoints;
  for (Breakpoint &b : search.breakpoints) b.hits = b.hitsAtCountFrom; // counted again
  search.watchpoints = live.watchpoints;
  search.edits = live.edits; // `set var`: stored again where it was
  search.programScopeStart = live.programScopeStart;
  search.stopOnFindings = false;
  search.conditionHolds = [&](const ExecState &x, uint32_t lane, const std::string &condition) {
    try {
      return Evaluator(search, x, lane, buffers).truth(condition);
    } catch (const Error &) {
      return false;
    }
  };
  std::atomic<bool> cancel{false};
  SearchReplay replay;
  replay.until = stop.position;
  replay.focus = live.focus;
  replay.cancel = &cancel;
  replay.record = command == ReverseCommand::Continue          ? SearchReplay::Record::Stops
                  : command == ReverseCommand::StepInstruction ? SearchReplay::Record::LastOp
                  : command == ReverseCommand::Finish          ? SearchReplay::Record::CallSite
                                                               : SearchReplay::Record::LineStarts;
  // reverse-finish: the last op of the work-item in focus in a caller's frame before the
  // stop is where the call it is in was made (its arguments computed, the call next).
  replay.callerDepth = live.opDepth(stop.index);
  search.searchInto(replay);
  live.takeInterrupt(); // one that came as the launch stopped is not for this replay
  {
    const ReplayCancelScope cancelOnInterrupt(live, cancel);
    control.replay(search, cancel);
  }
  if (live.takeInterrupt()) throw Error(kReplayInterrupted);

  ReverseTarget target;
  RewindStop &to = target.stop;
  to.focus = live.focus;
  to.reason = "step";
  std::optional<uint64_t> position;
  switch (command) {
  case ReverseCommand::Step:
  case ReverseCommand::Next:
    position = lineTarget(replay.steps, live, command == ReverseCommand::Next);
    break;
  case ReverseCommand::StepInstruction:
  case ReverseCommand::Finish:
    if (!replay.steps.empty()) position = replay.steps.back().position;
    break;
  case ReverseCommand::Continue: {
    // The last stop before this one: at an earlier op count, or made before it at the
    // same op (the watch stops of one store, one per work-item that wrote).
    auto &stops = replay.stops;
    auto before = [&](const RecordedStop &s) {
      return s.position < stop.position || s.sequence < stop.sequence;
    };
    size_t i = stops.size();
    while (i > 0 && !before(stops[i - 1])) --i;
    if (i == 0) break;
    RecordedStop &s = stops[i - 1];
    position = s.position;
    to.sequence = s.sequence;
    to.focus = s.focus;
    to.reason = std::move(s.reason);
    to.watches = std::move(s.watches);
    if (!to.watches.empty()) // the same store's watch stops after it, this one's among them
      for (size_t j = i; j < stops.size() && stops[j].position == s.position; ++j)
        if (!stops[j].watches.empty())
          to.laterWatches.push_back({stops[j].focus, std::move(stops[j].watches)});
    break;
  }
  }
  if (!replay.reached)
    throw Error("The replay ended before it reached this stop; the launch stays here.");
  if (position) {
    to.position = *position;
  } else {
    to.position = 1;
    to.sequence = 0;
    to.reason = kLaunchStart;
    to.watches.clear();
    to.laterWatches.clear();
  }
  // The hit counts there: as they were where each breakpoint's hits count from, and the
  // hits the replay counted after that up to it. Going back to before a breakpoint was set
  // takes its count as it was set, counting from there.
  for (const Breakpoint &b : live.breakpoints) {
    ReverseTarget::HitCount count{b.number, b.hitsAtCountFrom, std::min(b.countFrom, to.position)};
    for (const auto &[at, number] : replay.hits)
      count.hits += number == b.number && at <= to.position;
    target.hits.push_back(count);
  }
  return target;
}

void rewind(DebugSession &live, const ReverseTarget &target, const LaunchControl &control) {
  control.restart();
  for (const ReverseTarget::HitCount &count : target.hits)
    for (Breakpoint &b : live.breakpoints)
      if (b.number == count.number) {
        b.hits = count.hits;
        if (count.countFrom < b.countFrom) { // before it was set: counting from there
          b.countFrom = count.countFrom;
          b.hitsAtCountFrom = count.hits;
        }
      }
  live.rewindTo(target.stop);
}

} // namespace spvsim::debugger
