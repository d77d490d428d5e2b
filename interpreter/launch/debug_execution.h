// The debugger's execution of a launch: DebugWatchers, the warp loop's policy that
// hands ops to the attached DebugWatcher (exec/execution_events.h) where it asked
// for them. A launch runs this loop only under the debugger (ExecOptions::debugger);
// the plain and the checked loops have no trace of it.
#pragma once

#include "exec/execution_events.h"

namespace spvsim {

/// The per-instruction events of the debugger's loop.
struct DebugWatchers {
  static constexpr bool kWatching = true;

  static DebugWatcher &debugger(const ExecState &x) {
    return *static_cast<DebugWatcher *>(x.launch->watchers[kDebugSlot]);
  }
  /// One count, load and test per op where no breakpoint is and nothing steps.
  static void beforeOp(const ExecState &x, const LoweredOp &op, uint32_t index) {
    DebugWatcher &d = debugger(x);
    ++d.opsReached;
    if (d.opFlags[index] | d.everyOp.load(std::memory_order_relaxed)) [[unlikely]]
      d.opReached(x, op, index);
  }
  template <class T, bool Indexed>
  static void load(const ExecState &x, const LoweredOp &op, uint32_t index) {
    NoWatchers::load<T, Indexed>(x, op, index);
  }
  template <class T, bool Indexed>
  static void store(const ExecState &x, const LoweredOp &op, uint32_t index) {
    NoWatchers::store<T, Indexed>(x, op, index);
    DebugWatcher &d = debugger(x);
    if (d.watchingStores) [[unlikely]]
      d.storeDone(x, op, index, sizeof(T), Indexed);
  }
  static void image(const ExecState &x, const LoweredOp &op, uint32_t index) {
    NoWatchers::image(x, op, index);
  }
  static void atomicWriting(const ExecState &, const LoweredOp &) {}
  static void atomicDone(const ExecState &, const LoweredOp &, uint32_t, bool) {}
  static void fenced(const ExecState &, const LoweredOp &, uint64_t) {}
  static void branched(const ExecState &, const LoweredOp &, uint32_t) {}
  static void lanesExited(const ExecState &, uint64_t) {}
  static void warpStarted(const ExecState &) {}
  static void warpStopped(const ExecState &) {}
};

/// The warp loop instantiated with DebugWatchers (launch/debug_execution.cpp).
void runDebugWarp(LaunchContext &launch, GroupState &group, Warp &warp);

} // namespace spvsim
