// Checked execution: the checks that run with each op in the checked
// instantiation of the warp loop (exec/warp_executor.cpp) — misaligned accesses,
// uninitialized values and races (of loads and stores; atomics, async copies and
// printf's %s record theirs where they happen). A launch runs that loop only when
// one of these checks is on; the plain loop has no trace of them.
#pragma once

#include "exec/misaligned_access.h"
#include "exec/uninit_access.h"
#include "exec/uninit_ops.h"
#include "shadow/race_shadow.h"

namespace spvsim {

/// Sets up the checks of the checked loop for a launch with `L.checks`: whether it
/// runs at all (L.checkedLoop), the ops' alignment (cleared when the misaligned check
/// is off) and the uninit check's rules (L.uninit).
void prepareCheckedExecution(LaunchContext &L, LoweredKernel &k);

/// The checks of op `op` (index `index` in the kernel's ops), before it runs.
inline void checkOp(const ExecState &x, const LoweredOp &op, uint32_t index) {
  if (op.alignLog2) ops::checkAlignment(x, op);
  // While no register of the warp is undefined, only atomics have uninit work before
  // they run (loads and stores do theirs with the access).
  if (const UninitProgram *u = x.launch->uninit.get())
    if (x.warp->shadow.dirtySlots != 0 || u->touchesMemory[index]) ops::uninitBefore(x, op, index);
}

/// Records a load or store (LoadIndexed/StoreIndexed when `Indexed`) of `T` in the
/// race shadow, after the access.
template <class T, bool Indexed>
inline void recordRace(const ExecState &x, const LoweredOp &op, race::AccessKind kind) {
  if constexpr (Indexed)
    race::recordIndexedAccess(x, op, sizeof(T), kind);
  else
    race::recordAccess(x, op, x.reg<uint64_t>(op.a), op.imm, sizeof(T), kind);
}

/// The access alone: a load or store, or its LoadIndexed/StoreIndexed form.
template <class T, bool Indexed> inline void plainLoad(const ExecState &x, const LoweredOp &op) {
  if constexpr (Indexed)
    ops::loadIndexed<T>(x, op);
  else
    ops::load<T>(x, op);
}
template <class T, bool Indexed> inline void plainStore(const ExecState &x, const LoweredOp &op) {
  if constexpr (Indexed)
    ops::storeIndexed<T>(x, op);
  else
    ops::store<T>(x, op);
}

/// A load (LoadIndexed when `Indexed`) of the warp loop: in the checked loop, with the
/// uninit check on the definedness of the bytes moves with them, and with the race
/// check on the access is recorded.
template <bool Checked, class T, bool Indexed>
inline void loadOp(const ExecState &x, const LoweredOp &op, [[maybe_unused]] uint32_t index) {
  if constexpr (!Checked) {
    plainLoad<T, Indexed>(x, op);
  } else {
    if (x.launch->uninit)
      ops::uninitLoadAccess<T, Indexed>(x, op, index);
    else
      plainLoad<T, Indexed>(x, op);
    if (x.launch->races) recordRace<T, Indexed>(x, op, race::AccessKind::Read);
  }
}

/// A store (StoreIndexed when `Indexed`) of the warp loop, likewise.
template <bool Checked, class T, bool Indexed>
inline void storeOp(const ExecState &x, const LoweredOp &op, [[maybe_unused]] uint32_t index) {
  if constexpr (!Checked) {
    plainStore<T, Indexed>(x, op);
  } else {
    if (x.launch->uninit)
      ops::uninitStoreAccess<T, Indexed>(x, op, index);
    else
      plainStore<T, Indexed>(x, op);
    if (x.launch->races) recordRace<T, Indexed>(x, op, race::AccessKind::Write);
  }
}

} // namespace spvsim
