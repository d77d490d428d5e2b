// The checked execution of a launch: the watchers the misaligned, uninit and race
// checks attach (exec/execution_events.h), and CheckedWatchers, the warp loop's
// policy that calls them per op. A launch runs that loop only when one of these
// checks is on; the plain loop has no trace of them.
#pragma once

#include <optional>

#include "checks/access/access_faults.h"
#include "checks/misaligned/alignment_check.h"
#include "checks/races/race_selected_read.h"
#include "checks/races/race_shadow.h"
#include "checks/uninit/uninit_access.h"
#include "checks/uninit/uninit_image.h"
#include "checks/uninit/uninit_ops.h"
#include "checks/uninit/uninit_state.h"
#include "exec/execution_events.h"

namespace spvsim {

static_assert(kUninitSlot != kRaceSlot && kUninitSlot != kAccessSlot && kRaceSlot != kAccessSlot &&
              kUninitSlot < kWatcherSlots && kRaceSlot < kWatcherSlots &&
              kAccessSlot < kWatcherSlots);

/// The per-instruction events of the checked loop.
struct CheckedWatchers {
  static constexpr bool kWatching = true;

  /// Misaligned accesses, and the uninit rule of the op. While no register of the warp
  /// is undefined, only atomics have uninit work before they run (loads and stores do
  /// theirs with the access).
  static void beforeOp(const ExecState &x, const LoweredOp &op, uint32_t index) {
    if (op.alignLog2) ops::checkAlignment(x, op);
    if (const LaunchWatcher *u = x.launch->watchers[kUninitSlot])
      if (warpShadow(x).dirtySlots != 0 ||
          static_cast<const UninitWatcher *>(u)->program().touchesMemory[index])
        ops::uninitBefore(x, op, index);
  }

  /// With the uninit check on the definedness of the bytes moves with them, and with the
  /// race check on the access is recorded.
  template <class T, bool Indexed>
  static void load(const ExecState &x, const LoweredOp &op, uint32_t index) {
    if (x.launch->watchers[kUninitSlot])
      ops::uninitLoadAccess<T, Indexed>(x, op, index);
    else
      NoWatchers::load<T, Indexed>(x, op, index);
    if (const LaunchWatcher *r = x.launch->watchers[kRaceSlot]) {
      if (!static_cast<const RaceShadow *>(r)->recordsLoad(index)) return;
      // A load clang hoisted out of `if (c)`: only the lanes its selects keep read it.
      if constexpr (!Indexed)
        if (op.access & kAccessSelected) [[unlikely]]
          return race::recordSelectedRead(x, op, sizeof(T));
      recordRace<T, Indexed>(x, op, race::AccessKind::Read);
    }
  }
  /// A store is recorded before it is performed: a write-write race compares the bytes it
  /// stores with the ones the location holds (a uniform write, Finding::uniformWrite).
  template <class T, bool Indexed>
  static void store(const ExecState &x, const LoweredOp &op, uint32_t index) {
    if (x.launch->watchers[kRaceSlot])
      recordRace<T, Indexed>(x, op, race::AccessKind::Write, x.reg<T>(Indexed ? op.d : op.b));
    if (x.launch->watchers[kUninitSlot])
      ops::uninitStoreAccess<T, Indexed>(x, op, index);
    else
      NoWatchers::store<T, Indexed>(x, op, index);
  }

  /// Image reads and writes: with the race or uninit check on, the op runs with a record
  /// of the texels it accesses; a write is recorded by the race check before it lands, as
  /// a store is.
  static void image(const ExecState &x, const LoweredOp &op, uint32_t index) {
    const bool races = x.launch->watchers[kRaceSlot] != nullptr;
    const bool uninit = x.launch->watchers[kUninitSlot] != nullptr;
    if (!races && !uninit) return ops::imageOp(x, op);
    ImageTexels texels;
    ops::imageOp(x, op, texels);
    if (races && texels.lanes) race::recordTexels(x, op, texels);
    if (uninit) ops::uninitImage(x, op, index, texels);
    ops::commitImageWrites(x, texels);
  }

  /// The memory model publishes an atomic write's release before it runs.
  static void atomicWriting(const ExecState &x, const LoweredOp &op) {
    if (LaunchWatcher *r = x.launch->watchers[kRaceSlot])
      if (static_cast<RaceShadow *>(r)->tracked()) raceGroupOf(x).atomicWriting(x, op);
  }
  /// The race check records the atomic, and the memory model what it orders.
  static void atomicDone(const ExecState &x, const LoweredOp &op, uint32_t bytes, bool isWrite) {
    if (LaunchWatcher *r = x.launch->watchers[kRaceSlot]) [[unlikely]] {
      race::recordAtomicAccess(
          x, op, bytes, isWrite ? race::AccessKind::AtomicWrite : race::AccessKind::AtomicRead);
      if (static_cast<RaceShadow *>(r)->tracked()) raceGroupOf(x).atomicRead(x, op);
    }
  }
  /// Fences (and barriers' fences) order with atomics in the race check's memory model,
  /// and an image fence makes a work-item's image writes visible to its reads.
  static void fenced(const ExecState &x, const LoweredOp &op, uint64_t scopes) {
    if (LaunchWatcher *r = x.launch->watchers[kRaceSlot]) {
      if (static_cast<RaceShadow *>(r)->tracked()) raceGroupOf(x).fenced(x, op, scopes);
      if (static_cast<RaceShadow *>(r)->logsImageWrites())
        raceGroupOf(x).imageFenced(x.warp->firstItem / x.width, x.masks[0], scopes);
    }
  }
  static void branched(const ExecState &, const LoweredOp &, uint32_t) {}
  static void lanesExited(const ExecState &, uint64_t) {}
  static void warpStarted(const ExecState &) {}
  static void warpStopped(const ExecState &) {}

private:
  /// Records a load or store (LoadIndexed/StoreIndexed when `Indexed`) of `T` in the
  /// race shadow: a load after the access, a store, with the values it stores, before.
  template <class T, bool Indexed>
  static void recordRace(const ExecState &x, const LoweredOp &op, race::AccessKind kind,
                         const T *stored = nullptr) {
    if constexpr (Indexed)
      race::recordIndexedAccess(x, op, sizeof(T), kind, stored);
    else
      race::recordAccess(x, op, x.reg<uint64_t>(op.a), op.imm, sizeof(T), kind, stored);
  }
};

/// The warp loop instantiated with CheckedWatchers (launch/checked_execution.cpp).
void runCheckedWarp(LaunchContext &launch, GroupState &group, Warp &warp);

/// The alignment each access needs (LoweredOp::alignLog2) is cleared when the misaligned
/// check is off (`misalignedCheck` false), so that the checked loop does not test it.
void prepareAlignmentChecks(bool misalignedCheck, LoweredKernel &k);

/// The watchers of a launch's checks, attached to it for the lifetime of this object,
/// and the choice of its warp loop.
class CheckedExecution {
public:
  /// Attaches what L.checks asks for; L's allocations and local memory are laid out.
  CheckedExecution(LaunchContext &L, const Module &module);
  CheckedExecution(const CheckedExecution &) = delete;
  CheckedExecution &operator=(const CheckedExecution &) = delete;

private:
  std::optional<UninitWatcher> uninit_;
  std::optional<RaceShadow> races_;
};

} // namespace spvsim
