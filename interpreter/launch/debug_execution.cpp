// The debugger's instantiation of the warp loop (launch/debug_execution.h).
#include "launch/debug_execution.h"

#include "exec/warp_loop.h"
#include "launch/checked_execution.h"

namespace spvsim {

void runDebugWarp(LaunchContext &launch, GroupState &group, Warp &warp) {
  runWarpLoop<DebugWatchers>(launch, group, warp);
}

void runDebugCheckedWarp(LaunchContext &launch, GroupState &group, Warp &warp) {
  runWarpLoop<DebugWatchersOver<CheckedWatchers>>(launch, group, warp);
}

} // namespace spvsim
