// Checked execution (launch/checked_execution.h): the checked instantiation of
// the warp loop, and what a launch attaches for it.
#include "launch/checked_execution.h"

#include "exec/warp_loop.h"

namespace spvsim {

void runCheckedWarp(LaunchContext &launch, GroupState &group, Warp &warp) {
  runWarpLoop<CheckedWatchers>(launch, group, warp);
}

void prepareAlignmentChecks(bool misalignedCheck, LoweredKernel &k) {
  if (!misalignedCheck)
    for (LoweredOp &op : k.ops) op.alignLog2 = 0;
}

CheckedExecution::CheckedExecution(LaunchContext &L, const Module &module) {
  if (L.checks.has(Check::Uninit)) L.watchers[kUninitSlot] = &uninit_.emplace(L);
  if (L.checks.has(Check::Races)) L.watchers[kRaceSlot] = &races_.emplace(module, L);
  if (L.checks.has(Check::Misaligned) || uninit_ || races_) L.warpLoop = runCheckedWarp;
}

} // namespace spvsim
