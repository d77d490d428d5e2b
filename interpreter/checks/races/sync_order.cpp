// SyncOrder: release points, atomic locations' clocks and the happens-before test
// between work-groups (sync_order.h).
#include "checks/races/sync_order.h"

#include <algorithm>

#include <spirv/unified1/spirv.hpp11>

namespace spvsim::race {

namespace {

constexpr uint64_t kPrefixShift = 20; ///< key >> kPrefixShift: group and warp

/// Whether epoch a comes before epoch b (GlobalLayout epochs, which wrap).
bool before(uint32_t a, uint32_t b) {
  constexpr uint32_t mask = GlobalLayout::kEpochMask;
  return ((b - a) & mask) - 1 < mask / 2;
}

} // namespace

Ordering orderingOf(uint32_t scope, uint32_t semantics) {
  using M = spv::MemorySemanticsMask;
  Ordering o;
  const uint32_t acquire =
      uint32_t(M::Acquire) | uint32_t(M::AcquireRelease) | uint32_t(M::SequentiallyConsistent);
  const uint32_t release =
      uint32_t(M::Release) | uint32_t(M::AcquireRelease) | uint32_t(M::SequentiallyConsistent);
  o.acquire = semantics & acquire;
  o.release = semantics & release;
  o.seqCst = semantics & uint32_t(M::SequentiallyConsistent);
  const auto s = static_cast<spv::Scope>(scope);
  o.wide = s == spv::Scope::Device || s == spv::Scope::CrossDevice;
  o.legacy = s == spv::Scope::Workgroup && !o.acquire && !o.release;
  // OpenCL C 2.0 atomics name no storage class (llvm-spirv drops the flags): they order
  // the memory of the pointer, all of it here. A fence names what it orders.
  const uint32_t classes = uint32_t(M::UniformMemory) | uint32_t(M::SubgroupMemory) |
                           uint32_t(M::WorkgroupMemory) | uint32_t(M::CrossWorkgroupMemory) |
                           uint32_t(M::AtomicCounterMemory) | uint32_t(M::ImageMemory);
  o.global = !(semantics & classes) || (semantics & uint32_t(M::CrossWorkgroupMemory));
  o.group = o.wide || s == spv::Scope::Workgroup;
  o.local = !(semantics & classes) || (semantics & uint32_t(M::WorkgroupMemory));
  return o;
}

bool setHint(std::vector<SyncHint> &hints, SyncHint h) {
  const auto at = std::lower_bound(hints.begin(), hints.end(), h.group,
                                   [](const SyncHint &e, uint32_t g) { return e.group < g; });
  if (h.missing == Missing::None) { // nothing missing: no hint
    if (at == hints.end() || at->group != h.group) return false;
    hints.erase(at);
    return true;
  }
  if (at == hints.end() || at->group != h.group) {
    hints.insert(at, h);
    return true;
  }
  if (at->missing == h.missing) return false;
  at->missing = h.missing;
  return true;
}

bool join(SyncClock &into, uint64_t key) {
  const auto at = std::lower_bound(into.begin(), into.end(), key >> kPrefixShift << kPrefixShift);
  if (at == into.end() || (*at >> kPrefixShift) != (key >> kPrefixShift)) {
    into.insert(at, key);
    return true;
  }
  if (*at >= key) return false;
  *at = key;
  return true;
}

bool join(SyncClock &into, const SyncClock &from) {
  if (from.empty()) return false;
  if (into.empty()) {
    into = from; // keeps into's storage when it is large enough
    return true;
  }
  if (from.size() == 1) return join(into, from.front());
  // Most joins add nothing (a clock joined again): find out first, counting the keys of
  // warps `into` does not have yet.
  bool adds = false;
  size_t extra = 0;
  auto a = into.cbegin();
  for (uint64_t k : from) {
    while (a != into.cend() && (*a >> kPrefixShift) < (k >> kPrefixShift)) ++a;
    if (a == into.cend() || (*a >> kPrefixShift) != (k >> kPrefixShift)) {
      ++extra;
      adds = true;
    } else if (*a < k) {
      adds = true;
    }
  }
  if (!adds) return false;
  // Merge from the back, in place: the larger prefixes first into the grown end.
  size_t i = into.size(), j = from.size(), o = into.size() + extra;
  into.resize(o);
  while (j > 0) {
    const uint64_t pa = i > 0 ? into[i - 1] >> kPrefixShift : 0;
    const uint64_t pb = from[j - 1] >> kPrefixShift;
    if (i > 0 && pa > pb) {
      into[--o] = into[--i];
    } else if (i > 0 && pa == pb) {
      --o, --i, --j;
      into[o] = std::max(into[i], from[j]);
    } else {
      into[--o] = from[--j];
    }
  }
  return true;
}

uint64_t SyncOrder::addRelease(uint32_t group, uint32_t warp, const ReleasePoint &p) {
  std::lock_guard lock(mutex_);
  std::vector<ReleasePoint> &points = points_[group];
  points.push_back(p);
  return uint64_t(group) << 32 | uint64_t(warp & 0xfff) << kPrefixShift |
         uint64_t(points.size() - 1);
}

uint64_t SyncOrder::write(const Held &, uint64_t location, uint32_t group, uint64_t release,
                          const SyncClock &acquired, bool all, Missing weak, uint64_t after,
                          bool readModifyWrite) {
  Location &l = locations_[location];
  if (l.version == after) return after; // the same write again: it changes nothing
  bool changed = false;
  if (release != kNoRelease && !l.saturated) {
    changed |= join(l.clock, acquired);
    changed |= join(l.clock, release);
    if (all || l.clock.size() > kMaxClock) {
      l.saturated = changed = true;
      l.clock = {};
    }
  }
  // What the group's writes lacked: its latest write's (a release lacks nothing, nor does
  // a read-modify-write that continues a release sequence), so that a reader of a
  // released value is told what its own read lacks.
  if (weak != Missing::None) {
    if (readModifyWrite && release == kNoRelease && (l.saturated || !l.clock.empty()))
      weak = Missing::None; // it continues a release sequence
    if (weak != Missing::None || !l.weak.empty()) changed |= setHint(l.weak, {group, weak});
  } else if (!l.weak.empty() && release != kNoRelease) {
    changed |= setHint(l.weak, {group, weak});
  }
  if (changed) ++l.version;
  return l.version;
}

SyncOrder::Read SyncOrder::read(const Held &, uint64_t location, uint32_t group, SyncClock &read,
                                std::vector<SyncHint> &hints, uint64_t seen) {
  const auto it = locations_.find(location);
  const uint64_t version = it == locations_.end() ? 0 : it->second.version;
  if (version == seen) return {false, true, false, version};
  if (it == locations_.end()) return {false, false, false, 0};
  join(read, it->second.clock);
  bool hintsChanged = false;
  Missing own = Missing::None;
  for (const SyncHint &h : it->second.weak) {
    if (h.group != group)
      hintsChanged |= setHint(hints, h);
    else
      own = h.missing;
  }
  return {it->second.saturated, false, hintsChanged, version, own};
}

bool SyncOrder::precedes(const Access &d, uint32_t group, uint32_t local, const SyncClock &acquired,
                         bool *otherLane, bool barrierOnly) {
  const auto first = std::lower_bound(acquired.begin(), acquired.end(), uint64_t(group) << 32);
  if (first == acquired.end() || (*first >> 32) != group) return false;
  std::lock_guard lock(mutex_);
  const auto it = points_.find(group);
  if (it == points_.end()) return false;
  bool released = false; // the access's work-item released something
  for (auto k = first; k != acquired.end() && (*k >> 32) == group; ++k) {
    const uint64_t index = *k & ((uint64_t(1) << kPrefixShift) - 1);
    if (index >= it->second.size()) continue;
    const ReleasePoint &p = it->second[index];
    if (before(d.epoch, p.lastBarrier)) return true;
    if (barrierOnly) continue;
    const uint32_t lane = local - p.warpFirst;
    if (lane >= p.width) continue;
    const bool own = lane < 64 && ((p.lanes >> lane) & 1);
    released |= own;
    if (before(d.epoch, p.epoch) && (own || before(d.epoch, p.warpBarrier))) return true;
  }
  if (otherLane) *otherLane = !released;
  return false;
}

std::string missingLocalOrdering(Missing missing, bool tracked, bool atomics) {
  const std::string s = "no work-group barrier with the local fence between them, and no "
                        "release/acquire pair or fence orders these accesses";
  switch (missing) {
  case Missing::LegacyWrite:
    return s + " (the other work-item's atomic write is relaxed, as OpenCL 1.2 atomics are, and "
               "no release fence such as mem_fence(CLK_LOCAL_MEM_FENCE) precedes it)";
  case Missing::RelaxedWrite:
    return s + " (the other work-item's atomic write is relaxed and no release fence precedes "
               "it: memory_order_release or a fence is missing)";
  case Missing::NarrowWrite:
    return s + " (the other work-item's release is at sub-group scope, which does not order "
               "work-items of other sub-groups: memory_scope_work_group is needed)";
  case Missing::LocalFence:
    return s + " (the other work-item's release fence orders only global memory: "
               "CLK_LOCAL_MEM_FENCE is missing)";
  case Missing::LocalOnlyFence:
    return s + " (the other work-item's release fence names only CLK_LOCAL_MEM_FENCE, which "
               "in OpenCL C 2.0 and later pairs only with atomics on local memory, and its "
               "atomic is on global memory: CLK_GLOBAL_MEM_FENCE is missing)";
  case Missing::LocalOnlyAcquireFence:
    return s + " (this work-item's acquire fence names only CLK_LOCAL_MEM_FENCE, which in "
               "OpenCL C 2.0 and later pairs only with atomics on local memory, and its atomic "
               "read is on global memory: CLK_GLOBAL_MEM_FENCE is missing)";
  case Missing::RelaxedRead:
    return s + " (this work-item's atomic read is relaxed and no acquire fence follows it: "
               "memory_order_acquire or a fence is missing)";
  case Missing::NarrowRead:
    return s + " (this work-item's acquire is at sub-group scope, which does not order "
               "work-items of other sub-groups: memory_scope_work_group is needed)";
  case Missing::OtherSpaceWrite:
    return s + " (the other work-item's atomic write is on global memory and orders only "
               "global memory: a release fence with CLK_LOCAL_MEM_FENCE before it is missing)";
  case Missing::FenceSpaceRead:
    return s + " (this work-item's acquire fence orders only global memory: "
               "CLK_LOCAL_MEM_FENCE is missing)";
  case Missing::OtherSpaceRead:
    return s + " (this work-item's acquire is an atomic on global memory and orders only "
               "global memory: an acquire fence with CLK_LOCAL_MEM_FENCE after it is missing)";
  case Missing::None:
    break;
  }
  if (!tracked && atomics)
    return s + " (the kernel's atomics are relaxed, as OpenCL 1.2 atomics are, and no fence "
               "pairs with them)";
  return s;
}

namespace {

/// Why the atomics did not order two accesses to global memory, in parentheses (empty:
/// nothing known): `unit` is "work-group" between groups, "work-item" within one, whose
/// releases and acquires at `narrow` scope ("work-group", "sub-group") do not reach the
/// other's, which `wide` ("memory_scope_device", ...) would.
std::string globalReason(Missing missing, const std::string &unit, const std::string &narrow,
                         const std::string &wide) {
  const std::string other = " (the other " + unit + "'s ", self = " (this " + unit + "'s ";
  const std::string scope =
      narrow + " scope, which does not order work-items of other " + narrow + "s: " + wide;
  switch (missing) {
  case Missing::LegacyWrite:
    return other + "atomic write is an OpenCL 1.2 atomic, which is relaxed, and no release "
                   "fence such as mem_fence(CLK_GLOBAL_MEM_FENCE) precedes it)";
  case Missing::RelaxedWrite:
    return other + "atomic write is relaxed and no release fence precedes it: "
                   "memory_order_release or a fence is missing)";
  case Missing::NarrowWrite:
    return other + "release is at " + scope + " is needed)";
  case Missing::LocalFence:
  case Missing::LocalOnlyFence:
    return other + "release fence orders only local memory: CLK_GLOBAL_MEM_FENCE is missing)";
  case Missing::RelaxedRead:
    return self + "atomic read is relaxed and no acquire fence follows it: "
                  "memory_order_acquire or a fence is missing)";
  case Missing::NarrowRead:
    return self + "acquire is at " + scope + " is needed)";
  case Missing::FenceSpaceRead:
  case Missing::LocalOnlyAcquireFence:
    return self + "acquire fence orders only local memory: CLK_GLOBAL_MEM_FENCE is missing)";
  case Missing::OtherSpaceWrite: // a __local atomic (within a group only)
    return other + "atomic write is on local memory and orders only local memory: a release "
                   "fence with CLK_GLOBAL_MEM_FENCE before it is missing)";
  case Missing::OtherSpaceRead:
  case Missing::None:
    break;
  }
  return {};
}

constexpr const char *kRelaxedOnly =
    " (the kernel's atomics are relaxed, as OpenCL 1.2 atomics are, and no fence pairs with them)";

} // namespace

std::string missingGroupOrdering(const std::string &barrier, Missing missing, bool otherLane,
                                 bool tracked) {
  const std::string s =
      (barrier.empty() ? std::string("no work-group barrier with the global fence between them")
                       : barrier) +
      ", and no release/acquire pair or fence orders these accesses";
  if (otherLane)
    return s + " (the other access is by a work-item that released nothing: a fence or release "
               "atomic orders only the accesses of the work-item that performs it)";
  const std::string why =
      globalReason(missing, "work-item", "sub-group", "memory_scope_work_group");
  if (!why.empty()) return s + why;
  return tracked ? s : s + kRelaxedOnly;
}

std::string missingOrdering(const std::vector<SyncHint> &hints, uint32_t other, bool acquiredFrom,
                            bool tracked, bool atomics) {
  std::string s = "no release/acquire pair or fence orders these accesses";
  if (acquiredFrom)
    return s + " (the other work-group's access comes after every release this work-group "
               "acquired from it)";
  for (const SyncHint &h : hints) {
    if (h.group != other) continue;
    const std::string why =
        globalReason(h.missing, "work-group", "work-group", "memory_scope_device");
    if (!why.empty()) return s + why;
  }
  return !tracked && atomics ? s + kRelaxedOnly : s;
}

} // namespace spvsim::race
