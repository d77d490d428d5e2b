// The profiled instantiations of the warp loop and the merging of their counters
// (launch/profile_execution.h).
#include "launch/profile_execution.h"

#include <algorithm>

#include "exec/warp_loop.h"

namespace spvsim {

void runProfiledWarp(LaunchContext &launch, GroupState &group, Warp &warp) {
  runWarpLoop<ProfileWatchers<NoWatchers>>(launch, group, warp);
}

void runProfiledCheckedWarp(LaunchContext &launch, GroupState &group, Warp &warp) {
  runWarpLoop<ProfileWatchers<CheckedWatchers>>(launch, group, warp);
}

void ProfileCounts::add(const ProfileCounts &other) {
  if (ops.size() < other.ops.size()) ops.resize(other.ops.size());
  for (size_t i = 0; i < other.ops.size(); ++i) {
    ops[i].executions += other.ops[i].executions;
    ops[i].lanes += other.ops[i].lanes;
    ops[i].divergent += other.ops[i].divergent;
  }
  for (size_t s = 0; s < spaces.size(); ++s) {
    spaces[s].loaded += other.spaces[s].loaded;
    spaces[s].stored += other.spaces[s].stored;
  }
  if (buffers.size() < other.buffers.size()) buffers.resize(other.buffers.size());
  for (size_t b = 0; b < other.buffers.size(); ++b) {
    buffers[b].loaded += other.buffers[b].loaded;
    buffers[b].stored += other.buffers[b].stored;
  }
  barriers += other.barriers;
  atomics += other.atomics;
}

ProfileGroup::ProfileGroup(ProfileWatcher &owner, const LaunchContext &L) : owner_(owner) {
  counts.ops.resize(L.kernel->ops.size());
  counts.buffers.resize(L.allocations.size());
}

ProfileGroup::~ProfileGroup() {
  owner_.merge(counts);
}

void ProfileWatcher::merge(const ProfileCounts &counts) {
  std::lock_guard lock(mutex_);
  total_.add(counts);
}

void ProfileWatcher::addTo(KernelProfile &profile, const LaunchContext &L) const {
  const LoweredKernel &k = *L.kernel;
  // Per module instruction the op run most often stands for it.
  std::map<uint32_t, InstructionCounts> launch;
  for (size_t i = 0; i < total_.ops.size() && i < k.ops.size(); ++i) {
    const OpCounts &c = total_.ops[i];
    const uint32_t source = k.ops[i].source;
    if (c.executions == 0 || source == ~0u) continue;
    InstructionCounts &n = launch[source];
    if (c.executions > n.warpExecutions ||
        (c.executions == n.warpExecutions && c.lanes > n.activeLanes)) {
      n.warpExecutions = c.executions;
      n.activeLanes = c.lanes;
      n.laneSlots = c.executions * k.warpWidth;
    }
    n.divergentBranches += c.divergent;
  }
  for (const auto &[source, c] : launch) {
    InstructionCounts &n = profile.instructions[source];
    n.warpExecutions += c.warpExecutions;
    n.activeLanes += c.activeLanes;
    n.laneSlots += c.laneSlots;
    n.divergentBranches += c.divergentBranches;
  }
  for (size_t s = 1; s < kProfiledSpaces; ++s) {
    const Traffic &t = total_.spaces[s];
    if (t.loaded == 0 && t.stored == 0) continue;
    Traffic &n = profile.bySpace[addressSpaceName(static_cast<AddressSpace>(s))];
    n.loaded += t.loaded;
    n.stored += t.stored;
  }
  for (size_t b = 1; b < total_.buffers.size() && b < L.allocations.size(); ++b) {
    const Traffic &t = total_.buffers[b];
    if (t.loaded == 0 && t.stored == 0) continue;
    const std::string &name = L.allocations[b].name;
    Traffic &n = profile.byBuffer[name.empty() ? "buffer " + std::to_string(b) : name];
    n.loaded += t.loaded;
    n.stored += t.stored;
  }
  profile.barriers += total_.barriers;
  profile.atomics += total_.atomics;
  ++profile.launches;
}

} // namespace spvsim
