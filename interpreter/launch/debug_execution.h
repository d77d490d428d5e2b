// The debugger's execution of a launch: DebugWatchers, the warp loop's policy that
// hands ops to the attached DebugWatcher (exec/execution_events.h) where it asked
// for them, around the plain loop's events or the checked loop's (when the launch runs
// a check that needs it). A launch runs this loop only under the debugger
// (ExecOptions::debugger); the plain and the checked loops have no trace of it.
#pragma once

#include "exec/execution_events.h"

namespace spvsim {

/// The per-instruction events of the debugger's loop: the debugger's, around `Inner`'s
/// (NoWatchers, or CheckedWatchers when a check that needs the checked loop is on).
template <class Inner> struct DebugWatchersOver {
  static constexpr bool kWatching = true;

  static DebugWatcher &debugger(const ExecState &x) {
    return *static_cast<DebugWatcher *>(x.launch->watchers[kDebugSlot]);
  }
  /// One count, load and test per op where no breakpoint is and nothing steps. The
  /// debugger may stop before the op; the checks' work before it comes after.
  static void beforeOp(const ExecState &x, const LoweredOp &op, uint32_t index) {
    DebugWatcher &d = debugger(x);
    ++d.opsReached;
    if (d.opFlags[index] | d.everyOp.load(std::memory_order_relaxed)) [[unlikely]]
      d.opReached(x, op, index);
    if constexpr (Inner::kWatching) Inner::beforeOp(x, op, index);
  }
  /// Whether the warp polls the watchdog now (DebugWatcher::endNow): one load and test
  /// per block, in this loop only.
  static bool pollNow(const ExecState &x) { return debugger(x).endNow; }
  template <class T, bool Indexed>
  static void load(const ExecState &x, const LoweredOp &op, uint32_t index) {
    Inner::template load<T, Indexed>(x, op, index);
  }
  template <class T, bool Indexed>
  static void store(const ExecState &x, const LoweredOp &op, uint32_t index) {
    Inner::template store<T, Indexed>(x, op, index);
    DebugWatcher &d = debugger(x);
    if (d.watchingStores) [[unlikely]]
      d.storeDone(x, op, index, sizeof(T), Indexed);
  }
  static void image(const ExecState &x, const LoweredOp &op, uint32_t index) {
    Inner::image(x, op, index);
  }
  static void atomicWriting(const ExecState &x, const LoweredOp &op) {
    Inner::atomicWriting(x, op);
  }
  static void atomicDone(const ExecState &x, const LoweredOp &op, uint32_t bytes, bool isWrite) {
    Inner::atomicDone(x, op, bytes, isWrite);
  }
  static void fenced(const ExecState &x, const LoweredOp &op, uint64_t scopes) {
    Inner::fenced(x, op, scopes);
  }
  static void branched(const ExecState &x, const LoweredOp &op, uint32_t edges) {
    Inner::branched(x, op, edges);
  }
  static void lanesExited(const ExecState &x, uint64_t lanes) { Inner::lanesExited(x, lanes); }
  static void warpStarted(const ExecState &x) { Inner::warpStarted(x); }
  static void warpStopped(const ExecState &x) { Inner::warpStopped(x); }
};
using DebugWatchers = DebugWatchersOver<NoWatchers>;

/// The warp loop instantiated with DebugWatchers (launch/debug_execution.cpp).
void runDebugWarp(LaunchContext &launch, GroupState &group, Warp &warp);
/// The same around the checked loop's watchers (`spvsim debug --checks races`, ...).
void runDebugCheckedWarp(LaunchContext &launch, GroupState &group, Warp &warp);

} // namespace spvsim
