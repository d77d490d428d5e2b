// WarpExecutor: runs one warp until all its lanes return or it reaches a
// barrier. Reconvergence: each block keeps a mask of lanes waiting to run it;
// the lowest-numbered block with waiting lanes always runs next, and blocks
// are numbered so loops are contiguous (lower/block_order.h).
#pragma once

#include "exec/launch_context.h"

namespace spvsim {

/// Prepares a warp for a work-group: lanes, local ids, pending entry block.
void startWarp(const LaunchContext &launch, const GroupState &group, Warp &warp,
               uint32_t firstItem);

/// Runs until every lane has returned or waits at a barrier (warp.status tells
/// which). Lanes that reach a barrier park there while the warp runs its other
/// lanes, so the group sees where every work-item waits whatever the width.
/// The instructions it runs (ops times the warp's width) are added to the watchdog when
/// the warp polls it (Warp::unpolled).
void runWarp(LaunchContext &launch, GroupState &group, Warp &warp);

/// Reports where the lanes of a warp the watchdog stopped were (hang.timeout, ...).
void reportStopped(LaunchContext &launch, GroupState &group, Warp &warp);

/// Lets the lanes parked at barriers continue.
void releaseBarrier(Warp &warp);

/// Allocates a warp's registers and preloads constants and kernel arguments.
void initWarpStorage(const LaunchContext &launch, Warp &warp,
                     const std::vector<UniformInit> &uniforms);

} // namespace spvsim
