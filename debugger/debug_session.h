// DebugSession: the debugger's watcher of a launch (exec/execution_events.h,
// DebugWatcher). The launch runs on a worker thread; at an op where something may
// stop it (a breakpoint's line, stepping, a finding, a watched store) the session
// decides for the work-item in focus and, when it stops, blocks that thread until
// the prompt thread resumes it. While stopped the prompt reads the work-group's
// registers and memory through the session (evaluator.h).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "debug_info.h"
#include "exec/execution_events.h"
#include "program_scope_bytes.h"
#include "spvsim/common/finding.h"
#include "state_edits.h"
#include "value.h"

namespace spvsim::debugger {

/// The part of its variable a DebugBind op binds, in bits (lower/lowering_debug.cpp
/// keeps it in the op's imm: offset << 32 | size); size 0: the whole variable.
struct BindPart {
  uint32_t offset = 0, bits = 0;
};
inline BindPart bindPartOf(const LoweredOp &op) {
  return {uint32_t(op.imm >> 32), uint32_t(op.imm & 0xffffffffu)};
}

using GlobalId = std::array<uint64_t, 3>;

struct Breakpoint {
  uint32_t number = 0;
  std::string file; ///< empty: any file
  uint32_t line = 0;
  std::string kernel;    ///< `break KERNEL`: the kernel's first line
  std::string condition; ///< an expression (evaluator.h); empty: always
  bool temporary = false;
  uint64_t hits = 0; ///< the times a work-item reached it with its condition true
  /// Stops only on some hits (DAP's hitCondition, gdb's `ignore`): hits >= n (AtLeast),
  /// > n, == n, or every n-th (Multiple); the hit count goes on counting the others.
  enum class HitRule : uint8_t {
    Every,
    AtLeast,
    Greater,
    Equal,
    Multiple
  } hitRule = HitRule::Every;
  uint64_t hitCount = 0;
  /// A log point (DAP's logMessage): instead of stopping, the message is logged with
  /// each `{EXPR}` replaced by its value in the work-item (DebugSession::logPointReached).
  std::string logMessage;
  /// Hits count from op count `countFrom` of the current launch on (0: its start; where it
  /// was stopped when the breakpoint was set then, or where a reverse command went back to
  /// before that): a replay counts the hits after it, from `hitsAtCountFrom`, so that the
  /// count is that of the passes the breakpoint saw going forward (docs/debugging.md).
  uint64_t countFrom = 0;
  uint64_t hitsAtCountFrom = 0;
  /// A log point: the op counts of the current launch where it logged, in order. Going
  /// forward again over a hit it logged (after a reverse command) logs nothing: once
  /// per real hit.
  std::vector<uint64_t> loggedAt;
  /// Whether the hit at op count `position` is one to log (and notes it as logged).
  bool firstLogAt(uint64_t position) {
    auto at = std::lower_bound(loggedAt.begin(), loggedAt.end(), position);
    if (at != loggedAt.end() && *at == position) return false;
    loggedAt.insert(at, position);
    return true;
  }
  /// Whether the hit just counted (`hits`) is one to stop (or log) at.
  bool hitStops() const {
    switch (hitRule) {
    case HitRule::AtLeast:
      return hits >= hitCount;
    case HitRule::Greater:
      return hits > hitCount;
    case HitRule::Equal:
      return hits == hitCount;
    case HitRule::Multiple:
      return hitCount && hits % hitCount == 0;
    default:
      return true;
    }
  }
};

struct Watchpoint {
  uint32_t number = 0;
  std::string expression;
  uint64_t pointer = 0; ///< tagged
  uint32_t bytes = 0;
  TypePtr type; ///< a scalar, a vector (`acc[70]`), a component (`acc[70].x`), ...
  std::vector<std::byte> last;
  /// A __local element: the work-group whose copy it is (each group has its own; OpenCL
  /// C §6.5.2): stores of other groups to theirs do not fire it.
  std::optional<GlobalId> group;
};

/// How the launch goes on when the prompt resumes it.
enum class Resume : uint8_t { Continue, Step, Next, Finish, StepInstruction };

/// A watched location that changed: its watchpoint and its bytes before and after.
struct WatchHit {
  uint32_t number = 0;
  std::vector<std::byte> before, after;
};

/// The watchpoints one store changed in one work-item: one stop, which reports them all
/// (as gdb reports every watchpoint one instruction triggers); each other work-item of
/// the warp that changed one stops on its own, in turn, at the same op.
struct WatchStop {
  GlobalId writer{0, 0, 0};
  std::vector<WatchHit> hits; ///< by watchpoint number
};

/// Where a stopped launch is: the op about to run in the warp that stopped.
struct StopPoint {
  std::vector<WatchHit> watches;  ///< the watchpoints it stopped for (WatchStop)
  std::optional<Finding> finding; ///< the finding it stopped for
  ExecState x;
  const LoweredOp *op = nullptr;
  uint32_t index = 0;
  uint64_t position = 0; ///< DebugWatcher::opsReached: where a replay runs to
  /// The stops made before this one at the same op count (the watch stops of one store,
  /// one per work-item that wrote): a position and this order the launch's stops.
  uint32_t sequence = 0;
  std::string reason; ///< "Breakpoint 1", "finding", ... (printed by the prompt)
};

/// A stop a search replay passed instead of stopping there (reverse_execution.h).
struct RecordedStop {
  uint64_t position = 0; ///< DebugWatcher::opsReached of the stop
  uint32_t sequence = 0; ///< StopPoint::sequence
  GlobalId focus{0, 0, 0};
  std::string reason;
  std::vector<WatchHit> watches;
};

/// Where a reverse command stops the launch when it runs it again (DebugSession::rewindTo).
struct RewindStop {
  uint64_t position = 1; ///< the op count to stop at (1: the launch's first op)
  uint32_t sequence = 0; ///< StopPoint::sequence
  GlobalId focus{0, 0, 0};
  std::string reason;
  std::vector<WatchHit> watches;
  /// A watch stop: those of the other work-items of the same store that come after it
  /// (going on from it stops at each again).
  std::deque<WatchStop> laterWatches;
};

/// An op the work-item in focus reached in a search replay: where it is in the source.
struct FocusStep {
  uint64_t position = 0;
  uint32_t line = 0;
  uint32_t depth = 0;
  bool lineStart = false;   ///< where `step` may stop
  bool declaration = false; ///< on the line its function is declared on
};

/// What a search replay records (reverse_execution.h): the launch runs from its start
/// to op count `until` without stopping; the stops it would have made and the ops of
/// the work-item in focus are written down instead.
struct SearchReplay {
  uint64_t until = 0;
  GlobalId focus{0, 0, 0};             ///< the work-item in focus at the stop
  std::atomic<bool> *cancel = nullptr; ///< set at `until`: the replay ends there
  /// What `steps` gets of the work-item in focus: nothing, each line start, its last op,
  /// its last op in a frame outside `callerDepth` (its last op before the call it is in).
  enum class Record : uint8_t { Stops, LineStarts, LastOp, CallSite } record = Record::Stops;
  uint32_t callerDepth = 0; ///< Record::CallSite: ops of depth below it are the callers'
  std::vector<RecordedStop> stops;
  std::vector<FocusStep> steps;
  /// Each breakpoint hit the replay counted (after the breakpoint's countFrom): its op
  /// count and the breakpoint's number (the hit counts at the point a reverse command
  /// goes back to).
  std::vector<std::pair<uint64_t, uint32_t>> hits;
  bool reached = false; ///< the replay got to `until`
};

class DebugSession : public DebugWatcher {
public:
  explicit DebugSession(const Module &module);

  // --- The launch's thread (DebugWatcher)
  void launchStarted(LaunchContext &L) override;
  void opReached(const ExecState &x, const LoweredOp &op, uint32_t index) override;
  void storeDone(const ExecState &x, const LoweredOp &op, uint32_t index, uint32_t bytes,
                 bool indexed) override;
  void launchEnded(LaunchContext &L) override;
  std::unique_ptr<GroupWatcher> makeGroupWatcher(LaunchContext &, std::span<Warp>) override;
  /// A new finding (FindingSink observer): stops before the next op of its work-item.
  void findingReported(const Finding &f);
  /// Makes this session a search replay's watcher (reverse_execution.h): it never
  /// stops, and records into `replay` until the replay reaches `replay.until`.
  void searchInto(SearchReplay &replay) {
    search_ = &replay;
    focus = replay.focus;
  }
  /// Stops the running launch at its next op (Ctrl-C, DAP `pause`), or the replay the
  /// prompt runs for it (setReplayCancel); safe in a signal handler. One that comes
  /// while the launch is stopped is dropped when the launch is resumed.
  void requestInterrupt() {
    interrupt_.store(true);
    everyOp.store(true);
    if (std::atomic<bool> *cancel = replayCancel_.load()) cancel->store(true);
  }
  /// While the prompt replays the stopped launch (a reverse command, last-write):
  /// requestInterrupt sets `cancel` too, which ends the replay (null: no replay).
  void setReplayCancel(std::atomic<bool> *cancel) { replayCancel_.store(cancel); }
  /// Whether an interrupt was requested since the last resume (and forgets it).
  bool takeInterrupt() { return interrupt_.exchange(false); }

  // --- The prompt's thread
  /// Waits until the launch stops or every launch has run (false then).
  bool waitForStop();
  /// Lets the stopped launch go on.
  void resume(Resume how);
  /// Reverse execution (reverse_execution.h), while stopped: the stopped launch goes on
  /// only to be abandoned (the runner was asked to run it again from its inputs); the
  /// next run of it stops, silently until then, at `to` (its op count, reason and focus).
  void rewindTo(RewindStop to);
  /// Every launch has run (the runner says so).
  void finishAll();
  bool finished() const { return finished_; }
  bool stopped() const { return stopped_; }
  const StopPoint &stopPoint() const { return stop_; }

  /// While stopped: `set var` stored `e` (Evaluator::assign) at this stop; every later
  /// run of this launch stores it again here (state_edits.h). The launch may go on
  /// differently from here: log points log their hits after it again.
  void recordEdit(StateEdit e);
  /// While stopped: a breakpoint set now counts its hits from here (Breakpoint::countFrom).
  void addBreakpoint(Breakpoint b);
  /// The values `set var` stored in this launch (a search replay's session gets a copy).
  StateEdits edits;
  /// The program-scope variables' bytes as the launch started (copied then): a run
  /// again of it starts from them, and a search replay's session (which gets a copy)
  /// replays from them and puts the variables back as they were when it ends.
  ProgramScopeBytes programScopeStart;

  // Breakpoints, watchpoints and focus (the prompt changes them only while stopped or
  // before the run).
  std::vector<Breakpoint> breakpoints;
  std::vector<Watchpoint> watchpoints;
  bool stopOnFindings = true;
  uint32_t nextNumber = 1;
  GlobalId focus{0, 0, 0};
  /// Evaluates a breakpoint condition for lane `lane` of the warp in `x` (set by the
  /// prompt: the evaluator lives above the session).
  std::function<bool(const ExecState &x, uint32_t lane, const std::string &condition)>
      conditionHolds;
  /// A log point was reached by the work-item in lane `lane` of the warp in `x`, with its
  /// condition and hit rule met: the front end logs the message (not in replays, nor
  /// while a reverse command runs the launch again to where it goes back to).
  std::function<void(const ExecState &x, uint32_t lane, const Breakpoint &b)> logPointReached;
  /// Called after each launch ends (a line for the prompt to print).
  std::function<void(const std::string &)> onLaunchEnded;

  // What the prompt reads while stopped.
  const DebugInfo &info() const { return info_; }
  const LaunchContext *launch() const { return launch_; }
  const GroupState *group() const { return group_; }
  std::span<Warp> warps() const { return warps_; }
  /// The ExecState of warp `w` of the running group.
  ExecState stateOfWarp(Warp &w) const;
  /// The launch without a work-item (no group, no warp): what global memory, buffers
  /// and program-scope variables are read through while the work-group of the
  /// work-item in focus is not running.
  ExecState launchState() const;
  /// A kernel argument's register as the launch's work-groups start (the same in every
  /// work-item; kept from the first group that ran): `offset` is its slot's byte offset
  /// (ParamBinding); nullopt before any group of the launch ran.
  std::optional<uint64_t> argumentRegister(uint32_t offset) const;
  /// The warp and lane of the work-item with global id `id` in the running group.
  std::optional<std::pair<Warp *, uint32_t>> findWorkItem(const GlobalId &id) const;
  GlobalId globalIdOf(const Warp &w, uint32_t lane) const;
  /// The module instruction the work-item in warp `w`, lane `lane`, is at (its next op).
  uint32_t instructionOf(const Warp &w, uint32_t lane) const;
  /// Whether the work-item in warp `w`, lane `lane`, has not run its first op yet: it
  /// waits at the entry block, which no branch targets (SPIR-V §2.16.1: the entry block
  /// is no branch's target), and its warp is not running that block now.
  static bool notStarted(const Warp &w, uint32_t lane) {
    return !w.pending.empty() && ((w.pending[0] >> lane) & 1);
  }
  /// The DebugBind ops that say where `variable` (its DebugLocalVariable id) is for the
  /// work-item of local linear index `localIndex` now: the one it reached last for the
  /// whole variable, if any, first, then those of parts of it (fragments) reached since;
  /// empty when none.
  std::vector<uint32_t> bindingsOf(uint32_t localIndex, uint32_t variable) const;
  /// Per op of the kernel: its source line (0: none) and the function it comes from.
  uint32_t opLine(uint32_t index) const { return index < opLines_.size() ? opLines_[index] : 0; }
  uint32_t opFunction(uint32_t index) const {
    return index < opFunctions_.size() ? opFunctions_[index] : 0;
  }
  uint32_t opDepth(uint32_t index) const { return index < opDepths_.size() ? opDepths_[index] : 0; }
  uint32_t kernelFunction() const { return kernelFunction_; }
  /// While stopped: reads each watchpoint's bytes again (after `set var` wrote memory,
  /// so that the debugger's own store does not fire them).
  void refreshWatchpoints() {
    if (stopped_) rereadWatchpoints(stop_.x);
  }
  /// Re-marks the ops where the launch must call back (after breakpoints change).
  void updateFlags();
  /// Whether a breakpoint location matches anything in the kernel's ops.
  bool lineHasCode(const std::string &file, uint32_t line) const;

  void setGroup(GroupState *g, std::span<Warp> warps);

private:
  /// Rewinding: the launch being abandoned, then run again up to a count.
  enum class Rewind : uint8_t { None, Abandon, Position };
  /// opReached of a live session not rewinding: decides whether to stop here.
  void decide(const ExecState &x, const LoweredOp &op, uint32_t index);
  /// opReached of a search replay's session.
  void searchOp(const ExecState &x, const LoweredOp &op, uint32_t index);
  /// opReached while running again to a rewind's count: stops there.
  void positionOp(const ExecState &x, const LoweredOp &op, uint32_t index);
  /// Keeps the kernel arguments' registers of warp `w` (argumentRegister).
  void keepArguments(Warp &w);
  /// Numbers the variables and parts of variables the kernel's DebugBind ops bind.
  void numberBindings(const LoweredKernel &k);
  /// A DebugBind op: the variable of each lane moves.
  void bind(const ExecState &x, const LoweredOp &op, uint32_t index);
  /// Reads each watchpoint's bytes as they are now (its `last`), a __local one's in its
  /// own work-group only.
  void rereadWatchpoints(const ExecState &x);
  /// Stores the edits made at this op count (state_edits.h) before the op runs.
  void applyEdits(const ExecState &x);
  /// Whether watchpoint `w` is about the memory of the work-group `x` runs in.
  static bool watchesGroupOf(const Watchpoint &w, const ExecState &x) {
    return !w.group || (x.group && x.group->id == *w.group);
  }
  void stopHere(const ExecState &x, const LoweredOp &op, uint32_t index, std::string reason,
                std::vector<WatchHit> watches = {}, std::optional<Finding> finding = std::nullopt);
  /// Stops for each pending WatchStop in turn, in the work-item that wrote.
  void stopAtWatches(const ExecState &x, const LoweredOp &op, uint32_t index);
  bool breakpointMatches(const Breakpoint &b, uint32_t index) const;
  /// Whether op `index` is on the line its function is declared on.
  bool isDeclarationLine(uint32_t index) const;
  std::optional<uint32_t> focusLane(const ExecState &x, uint64_t mask) const;

  DebugInfo info_;
  std::mutex mutex_;
  std::condition_variable changed_;
  bool stopped_ = false;
  bool resumed_ = false;
  bool finished_ = false;
  StopPoint stop_;

  LaunchContext *launch_ = nullptr;
  GroupState *group_ = nullptr;
  std::span<Warp> warps_;
  std::vector<uint8_t> flags_;
  std::vector<uint32_t> opLines_;
  std::vector<uint32_t> opFunctions_;
  std::vector<uint8_t> lineStart_;
  uint32_t kernelFunction_ = 0;
  /// The variables the kernel's DebugBind ops bind, and the parts (fragments) of them,
  /// numbered densely as the launch starts: per LoweredKernel::debugBindings entry its
  /// number; per module id of a variable its numbers, the whole variable's first; per
  /// entry the numbers of the other parts it replaces (a whole variable's binding, its
  /// parts; a part's, the other parts overlapping it), empty for most.
  std::vector<uint32_t> bindingSlot_;
  std::unordered_map<uint32_t, std::vector<uint32_t>> variableSlots_;
  std::vector<std::vector<uint32_t>> replacedSlots_;
  uint32_t variableCount_ = 0;
  /// Per variable (or part) number × work-item of the running group (local linear
  /// index): the DebugBind op it reached last (kNone: none yet, or replaced since). A
  /// flat array, written on every DebugBind op (the most frequent callback of an -O2
  /// debug run), a warp's work-items side by side.
  std::vector<uint32_t> bindings_;
  uint32_t groupItems_ = 0;
  /// The kernel arguments' registers (slot offset, bits) as the launch's first group
  /// started (argumentRegister).
  std::vector<std::pair<uint32_t, uint64_t>> argumentRegisters_;

  Resume mode_ = Resume::Continue;
  uint32_t stepLine_ = 0;
  uint32_t stepDepth_ = 0;
  std::vector<uint32_t> opDepths_; ///< per op: calls inlined (by the compiler or the lowering)
  uint32_t stepIndex_ = 0;
  std::optional<Finding> pendingFinding_;
  /// The watchpoints the last store changed, per work-item that wrote, in lane order:
  /// each stops at the same op after the store.
  std::deque<WatchStop> pendingWatches_;
  /// The SPIR-V instruction whose store changed the pending watchpoints: its other ops (the
  /// other components of a vector it stores) run before the stop, which comes after it.
  uint32_t watchSource_ = 0;
  /// The op count of the last stop in this run of the launch and the stops made there
  /// (StopPoint::sequence).
  uint64_t lastStopPosition_ = ~uint64_t(0);
  uint32_t stopsAtPosition_ = 0;
  std::atomic<bool> interrupt_{false};
  std::atomic<std::atomic<bool> *> replayCancel_{nullptr};

  size_t nextEdit_ = 0;               ///< edits' cursor in this run of the launch
  ProgramScopeBytes programScopeNow_; ///< search replay: the stopped launch's, put back
  SearchReplay *search_ = nullptr;
  bool searchStarted_ = false;
  Rewind rewind_ = Rewind::None;
  RewindStop rewindStop_;
};

} // namespace spvsim::debugger
