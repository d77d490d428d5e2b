// The debugger's instantiation of the warp loop (launch/debug_execution.h).
#include "launch/debug_execution.h"

#include "exec/warp_loop.h"

namespace spvsim {

void runDebugWarp(LaunchContext &launch, GroupState &group, Warp &warp) {
  runWarpLoop<DebugWatchers>(launch, group, warp);
}

} // namespace spvsim
