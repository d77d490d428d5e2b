// Packed work-groups: several small work-groups of one launch run side by side in
// the lanes of one warp, for kernels that cannot tell how their work-groups are laid
// out in warps. A work-group of two work-items otherwise runs in a warp of two lanes,
// and each instruction's dispatch and each check's bookkeeping is paid for two
// work-items (the 3-vector kernels of the conversions suite: 43,691 groups of two).
//
// A kernel qualifies when nothing it does depends on which work-items share its warp
// or its group beyond the ids it reads: no barrier, fence, atomic, work-group or
// sub-group function, sub-group built-in, __local memory, image or printf (the
// executor and the checks would see one group where there are several), and no loop
// (a loop may wait for another work-item's store: groups in one warp would wait for
// each other in lockstep, which separate work-groups do not). The launch
// qualifies when its work-groups are all full (uniform), at least two of them fit in
// one warp, the schedule is the ordered one, and no debugger or profiler watches.
//
// The runner then takes `packed` consecutive work-groups (by linear id) as one
// GroupState: its work-items in group order, lane by lane; each lane's own group id
// in Warp::groupId (the built-ins, exec/handlers_memory.h, and findings,
// exec/fault_reports.cpp, read it there); the race shadow numbers the packed groups
// as one group and tells the real ones apart when it reports (checks/races/).
#pragma once

#include <cstdint>

namespace spvsim {

struct LoweredKernel;
struct LaunchContext;
struct GroupState;
struct Warp;

/// Whether kernel `k` cannot observe which work-groups share a warp (the rule above).
bool kernelIgnoresGroupLayout(const LoweredKernel &k);

/// How many work-groups of `groupItems` work-items to run in one warp of `warpWidth`
/// lanes: at least two when they fit, else 1 (no packing).
inline uint32_t groupsPerWarp(uint64_t groupItems, uint32_t warpWidth) {
  return groupItems == 0 || groupItems * 2 > warpWidth ? 1 : uint32_t(warpWidth / groupItems);
}

/// Sets the group id of each present lane of `warp` (Warp::groupId) and its local ids,
/// for a runner running packed work-groups (GroupState::packed > 1).
void setPackedIds(const LaunchContext &launch, const GroupState &group, Warp &warp);

} // namespace spvsim
