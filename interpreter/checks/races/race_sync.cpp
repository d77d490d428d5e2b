// RaceGroup's part of the memory model (race_shadow.h, sync_order.h): release points
// of fences and release atomics, what a group's atomics acquire, and the
// happens-before test a race must fail to be reported (OpenCL 3.0 API
// §3.3.6.2-§3.3.6.4; SPIR-V §3.25, §3.27); and how an atomic instruction's scope and
// semantics operands decode for the race check.
#include <algorithm>
#include <bit>

#include "checks/races/race_shadow.h"
#include "spvsim/validator/module.h"

namespace spvsim {

using race::Missing;
using race::SyncOrder;

namespace {

/// Whether every lane of `mask` holds the pointer operand of its first lane (an atomic on
/// a counter).
bool samePointer(const ExecState &x, const LoweredOp &op, uint64_t mask) {
  const uint64_t *p = x.reg<uint64_t>(op.a);
  const uint64_t q = p[std::countr_zero(mask)];
  uint64_t differ = 0;
  if (mask == x.allLanes) { // the common case: a loop that vectorises
    for (uint32_t l = 0; l < x.width; ++l) differ |= p[l] ^ q;
  } else {
    for (uint64_t m = mask; m; m &= m - 1) differ |= p[std::countr_zero(m)] ^ q;
  }
  return differ == 0;
}

/// The fence's memory scope leaves out the rest of the work-group.
bool subgroupScope(uint32_t scope) {
  const auto s = static_cast<spv::Scope>(scope);
  return s == spv::Scope::Subgroup || s == spv::Scope::Invocation;
}

} // namespace

void RaceGroup::fenced(const ExecState &x, const LoweredOp &op, uint64_t scopes) {
  if (scopes == kWaitEventsBarrier || sync_.empty()) return;
  const uint32_t execution = uint32_t(scopes) & 0xffff;
  const uint32_t memory = uint32_t(scopes >> 16) & 0xffff;
  const uint32_t semantics = uint32_t(scopes >> 32);
  // A fence pairs with atomics at their scope (the atomic's scope decides whether it
  // reaches other work-groups): OpenCL 1.2's mem_fence is a work-group scope fence, as
  // atomic_work_item_fence at memory_scope_work_group is, and both pair with
  // device-scope atomics. Only sub-group fences do not order work-groups.
  const race::Ordering o = race::orderingOf(uint32_t(spv::Scope::Device), semantics);
  if ((!o.acquire && !o.release) || subgroupScope(memory)) return;
  if (o.acquire) ++changes_; // it takes in the warp's pending reads, and changes hints_
  const uint32_t w = x.warp->firstItem / x.width;
  WarpSync &s = sync_[w];
  // __local memory between the warps of the group: a fence that names it pairs with
  // atomics at work-group scope or wider (a barrier's fence orders by its epochs).
  if (op.code != OpCode::Barrier) {
    if (semantics & uint32_t(spv::MemorySemanticsMask::WorkgroupMemory)) {
      if (o.release) {
        s.localRelease = ++epochs_[kLocal][w];
        latest_[kLocal] = std::max(latest_[kLocal], s.localRelease);
        s.localFenceOnly = !(semantics & uint32_t(spv::MemorySemanticsMask::CrossWorkgroupMemory));
      }
      if (o.acquire) {
        s.localAcquireFenced = true;
        joinLocal(s.localAcquired, s.localPending);
        s.localPending.clear();
        // OpenCL 3.0 API §3.3.6.4: in OpenCL C 2.0 and later a fence naming only
        // CLK_LOCAL_MEM_FENCE acquires through atomics on local objects only.
        s.localAcquireFenceOnly =
            !(semantics & uint32_t(spv::MemorySemanticsMask::CrossWorkgroupMemory)) &&
            shadow_.fencesByAddressSpace();
        if (!s.localAcquireFenceOnly) {
          joinLocal(s.localAcquired, s.localPendingByGlobal);
          s.localPendingByGlobal.clear();
        } else if (!s.localPendingByGlobal.empty() && (s.localMissing == Missing::RelaxedRead ||
                                                       s.localMissing == Missing::OtherSpaceRead)) {
          s.localMissing = Missing::LocalOnlyAcquireFence;
        }
      }
    } else {
      s.globalFence |= o.release;
      if (o.acquire) {
        // An atomic read before it that acquired no local release still does not.
        s.globalAcquireFence = true;
        if (s.localMissing == Missing::RelaxedRead || s.localMissing == Missing::OtherSpaceRead)
          s.localMissing = Missing::FenceSpaceRead;
      }
    }
    if (o.acquire && !(semantics & uint32_t(spv::MemorySemanticsMask::CrossWorkgroupMemory))) {
      s.localAcquireFence = true;
      for (race::SyncHint &h : hints_)
        if (h.missing == Missing::RelaxedRead) h.missing = Missing::FenceSpaceRead;
      for (uint64_t m = x.maskOf(op); m; m &= m - 1)
        if (Missing &own = s.ownMissing[std::countr_zero(m)]; own == Missing::RelaxedRead)
          own = Missing::FenceSpaceRead;
    }
  }
  if (!(semantics & uint32_t(spv::MemorySemanticsMask::CrossWorkgroupMemory))) {
    // CLK_LOCAL_MEM_FENCE alone: global stays unordered (a barrier's fence is no release
    // before an atomic the reason names)
    if (o.release && op.code != OpCode::Barrier) s.localFence = true;
    return;
  }
  if (o.release) {
    race::ReleasePoint p{x.warp->firstItem, x.width, 0, lastBarrier_[kGlobal]};
    p.warpBarrier = s.warpBarrier;
    if (op.code == OpCode::Barrier && static_cast<spv::Scope>(execution) == spv::Scope::Workgroup) {
      // Everything the group did so far precedes the barrier, and the barrier an
      // atomic after it: the barrier's epoch, as it will be once the group arrives.
      p.epoch = p.lastBarrier = latest_[kGlobal] + 1;
      s.fenceLanes = ~uint64_t(0);
    } else {
      // The warp's accesses from now on follow the fence: a new epoch of its own. The
      // fence releases a lane's accesses once that lane writes an atomic after it
      // (atomicWriting); until then only those of the lanes that released before.
      p.epoch = ++epochs_[kGlobal][w];
      latest_[kGlobal] = std::max(latest_[kGlobal], p.epoch);
      p.lanes = s.releasedLanes;
      s.fenceLanes |= x.maskOf(op);
    }
    s.fencePoint = p;
    s.release = newRelease(w, p);
  }
  if (o.acquire) {
    s.acquireFenced = true;
    acquire(s.pending, s.pendingAll);
    s.pending.clear();
    s.pendingAll = false;
  }
}

/// Calls f(location) for each lane of `mask` whose atomic at p[l] + imm is performed
/// on global memory: location is the allocation's root and the offset in it. A lane on
/// the previous lane's pointer is passed over: it would repeat that lane's read or write
/// of the location, which nothing else changes while the warp holds SyncOrder (a warp's
/// lanes on one counter: one read and one write for the warp).
template <class F>
void forGlobalLanes(const LaunchContext &L, const ExecState &x, const LoweredOp &op, uint64_t mask,
                    bool same, uint32_t bytes, F f) {
  const uint64_t *p = x.reg<uint64_t>(op.a);
  const auto visit = [&](uint64_t q) {
    if (tagged::space(q) != AddressSpace::Global) return;
    const uint32_t id = tagged::id(q);
    if (id >= L.allocations.size()) return;
    const AllocationView &a = L.allocations[id];
    if (tagged::offset(q) + bytes > a.size) return; // not performed
    f(uint64_t(a.parent ? a.parent : id) << 40 |
      ((a.parent ? a.parentOffset : 0) + tagged::offset(q)));
  };
  // Every lane on one pointer (samePointer): one location.
  if (same) return visit(tagged::addOffset(p[std::countr_zero(mask)], op.imm));
  uint64_t last = ~uint64_t(0);
  for (uint64_t lanes = mask; lanes; lanes &= lanes - 1) {
    const uint64_t q = tagged::addOffset(p[std::countr_zero(lanes)], op.imm);
    if (q == last) continue;
    last = q;
    visit(q);
  }
}

[[gnu::always_inline]] inline uint64_t RaceGroup::atomicRelease(const ExecState &x, WarpSync &s,
                                                                uint32_t w, uint64_t mask) {
  race::ReleasePoint p{x.warp->firstItem, x.width, ++epochs_[kGlobal][w], lastBarrier_[kGlobal]};
  p.warpBarrier = s.warpBarrier;
  p.lanes = s.releasedLanes |= mask;
  latest_[kGlobal] = std::max(latest_[kGlobal], p.epoch);
  return newRelease(w, p);
}

void RaceGroup::atomicWriting(const ExecState &x, const LoweredOp &op) {
  const RaceSite *site = shadow_.site(shadow_.siteOf(op));
  const uint64_t mask = x.maskOf(op);
  if (!site || !mask || sync_.empty()) return;
  const race::Ordering o = site->ordering;
  const uint32_t w = x.warp->firstItem / x.width;
  WarpSync &s = sync_[w];
  const bool same = samePointer(x, op, mask);
  if (launch_.localArenaSize != 0 && anyLocalLane(x, op, mask, same))
    localAtomicWriting(x, op, mask, o, w, !site->store);
  uint64_t release = SyncOrder::kNoRelease;
  uint64_t groupRelease = SyncOrder::kNoRelease; // at work-group scope: for this group only
  Missing weak = Missing::None;
  if (o.release && o.group && o.global) {
    // A release atomic: its own release point, after the accesses so far of its lanes
    // (and of the lanes that released before). At work-group scope it orders the
    // group's own work-items only (§3.3.6.4 at the atomic's scope): other groups
    // learn why it does not order theirs.
    (o.wide ? release : groupRelease) = atomicRelease(x, s, w, mask);
    if (!o.wide) weak = Missing::NarrowWrite;
  } else if (s.release != SyncOrder::kNoRelease && (o.wide || o.legacy)) {
    // A release fence before the atomic write (§3.3.6.4) releases the accesses of the
    // lanes that passed it and write the atomic: the fence's point with them added.
    release = fenceRelease(w, mask);
  } else if (s.release != SyncOrder::kNoRelease && o.group) {
    // The same at work-group scope: the fence synchronises through the atomic at the
    // atomic's scope (§3.3.6.4), which orders the group's own work-items only.
    groupRelease = fenceRelease(w, mask);
    weak = Missing::NarrowWrite;
  } else {
    weak = o.release && !o.wide        ? Missing::NarrowWrite
           : o.release || s.localFence ? Missing::LocalFence
           : o.legacy                  ? Missing::LegacyWrite
                                       : Missing::RelaxedWrite;
  }
  // __local memory through the global location, between the group's warps: only in
  // kernels that have __local memory.
  bool localDecided = launch_.localArenaSize == 0;
  uint32_t localPoint = 0;
  Missing localWeak = Missing::None;
  // Before the write itself: a work-item that reads what it wrote finds its release.
  // Lanes after the first on one location repeat its write, which SyncOrder skips
  // while nothing else changed the location.
  uint64_t lastLocation = ~uint64_t(0), lastVersion = SyncOrder::kNoVersion;
  SyncOrder &order = shadow_.sync();
  const bool readModifyWrite = !site->store;
  SyncOrder::Held held; // taken at the first lane on global memory
  forGlobalLanes(launch_, x, op, mask, same, site->bytes, [&](uint64_t location) {
    if (!held) held = order.hold();
    const bool repeat = location == lastLocation;
    lastVersion = order.write(held, location, linearGroup_, release, acquired_, acquiredAll_, weak,
                              repeat ? lastVersion : SyncOrder::kNoVersion, readModifyWrite);
    lastLocation = location;
    if (groupRelease != SyncOrder::kNoRelease && !repeat)
      race::join(groupReleases_[location], groupRelease);
    if (launch_.localArenaSize == 0 || repeat) return; // the group's own table: as before
    if (!localDecided) {
      localDecided = true;
      localPoint = localReleaseThroughGlobal(o, w, localWeak);
    }
    LocalLocation &loc = localByGlobal_[location];
    joinLocal(loc.clock, s.localAcquired); // transitivity: what the warp acquired
    if (loc.writer != w) loc.earlierWeak = loc.weak;
    loc.writer = w;
    loc.weak = localWeak;
    if (!localPoint) return;
    if (loc.clock.size() <= w) loc.clock.resize(sync_.size());
    loc.clock[w] = std::max(loc.clock[w], localPoint);
  });
}

void RaceGroup::atomicRead(const ExecState &x, const LoweredOp &op) {
  const RaceSite *site = shadow_.site(shadow_.siteOf(op));
  const uint64_t mask = x.maskOf(op);
  if (!site || site->store || !mask || sync_.empty()) return;
  const race::Ordering o = site->ordering;
  WarpSync &s = sync_[x.warp->firstItem / x.width];
  const bool same = samePointer(x, op, mask);
  if (launch_.localArenaSize != 0 && anyLocalLane(x, op, mask, same))
    localAtomicRead(x, op, mask, o, s);
  // What the reading lanes learn of their own group's writes (RaceGroup::WarpSync); the
  // warp's last read keeps it for a read like it, which SyncOrder skips.
  bool ownSet = false;
  const auto setOwn = [&](Missing why) {
    for (uint64_t m = mask; m; m &= m - 1) s.ownMissing[std::countr_zero(m)] = why;
    s.lastRead.own = why;
    ownSet = true;
  };
  const bool acquires = (o.wide || o.legacy) && o.global && (o.acquire || s.acquireFenced);
  const Missing readWeak = o.acquire && !o.wide && !o.legacy ? Missing::NarrowRead
                           : s.localAcquireFence             ? Missing::FenceSpaceRead
                                                             : Missing::RelaxedRead;
  // The group's own work-group scope releases: acquired at work-group scope or wider.
  const bool groupAcquires = o.group && o.global && (o.acquire || s.acquireFenced);
  race::SyncClock &seen = seen_;
  uint64_t lastLocation = ~uint64_t(0);
  SyncOrder &order = shadow_.sync();
  SyncOrder::Held held; // taken at the first lane on global memory
  forGlobalLanes(launch_, x, op, mask, same, site->bytes, [&](uint64_t location) {
    if (!held) held = order.hold();
    if (launch_.localArenaSize != 0 && location != lastLocation)
      localAcquireThroughGlobal(location, o, x.warp->firstItem / x.width);
    lastLocation = location;
    // A read like the warp's last one (the next lane's of one instruction, or the next
    // iteration's of a loop), of a location unchanged since, while nothing it changes
    // changed since either, would do all again: SyncOrder skips it.
    WarpSync::LastRead &last = s.lastRead;
    const bool like = last.location == location && last.acquires == acquires &&
                      last.weak == readWeak && last.changes == changes_;
    const Missing likeOwn = like ? last.own : Missing::None;
    seen.clear();
    const SyncOrder::Read r = order.read(held, location, linearGroup_, seen, hints_,
                                         like ? last.version : SyncOrder::kNoVersion);
    last = {location, r.version, changes_, acquires, readWeak};
    ownSet = false;
    bool groupReleased = false;
    if (!groupReleases_.empty()) {
      const auto it = groupReleases_.find(location);
      if (it != groupReleases_.end()) {
        groupReleased = true;
        if (groupAcquires) {
          acquire(it->second, false);
        } else {
          if (race::join(s.pending, it->second)) ++changes_;
          setOwn(readWeak == Missing::NarrowRead ? Missing::RelaxedRead : readWeak);
        }
        last.changes = changes_;
      }
    }
    if (r.repeated) {
      if (!ownSet && likeOwn != Missing::None) setOwn(likeOwn); // as the read it repeats
      return;
    }
    if (r.hintsChanged) ++changes_;
    // For races within the group (a work-group scope release of its own is one here).
    if (r.own != Missing::None && !(groupReleased && r.own == Missing::NarrowWrite)) setOwn(r.own);
    if (acquires) {
      acquire(seen, r.saturated);
    } else {
      // A work-group scope acquire takes in the releases of its own group's work-items
      // at any scope (§3.3.6.4 at the acquire's scope), device-wide ones among them.
      if (groupAcquires) acquireOwn(seen);
      bool changed = race::join(s.pending, seen) || (r.saturated && !s.pendingAll);
      s.pendingAll |= r.saturated;
      // A saturated clock stands for every release, its own group's among them.
      if (r.saturated && r.own == Missing::None) setOwn(readWeak);
      for (uint64_t k : seen) {
        const uint32_t g = uint32_t(k >> 32);
        if (g != linearGroup_)
          changed |= race::setHint(hints_, {g, readWeak});
        else if (r.own == Missing::None && !groupAcquires)
          setOwn(readWeak); // it read its own group's release, relaxed
      }
      if (changed) ++changes_;
    }
    last.changes = changes_;
  });
}

// __local memory between the warps of one group (OpenCL 3.0 API §3.3.6.2-§3.3.6.4 at
// work-group scope): a local epoch per warp stands for a release point, a location's
// clock holds per warp the latest release its value was written under, and a warp's
// acquired clock what its acquires read. Exact per warp (a sub-group); within a warp a
// release fence's new epoch orders its lanes, as for global memory.

void RaceGroup::localAtomicWriting(const ExecState &x, const LoweredOp &op, uint64_t mask,
                                   const race::Ordering &o, uint32_t w, bool readModifyWrite) {
  WarpSync &s = sync_[w];
  uint32_t point = 0;
  Missing weak = Missing::None;
  if (o.release && o.group && o.local) {
    point = ++epochs_[kLocal][w]; // its own release, after the warp's accesses so far
    latest_[kLocal] = std::max(latest_[kLocal], point);
  } else if (s.localRelease && o.group) {
    point = s.localRelease; // a release fence before the atomic write (§3.3.6.4)
  } else {
    weak = o.release && !o.group ? Missing::NarrowWrite
           : s.globalFence       ? Missing::LocalFence
           : o.legacy            ? Missing::LegacyWrite
                                 : Missing::RelaxedWrite;
  }
  // Global memory through the __local atomic, between the group's work-items (§3.3.6.4,
  // last paragraph: a fence naming CLK_GLOBAL_MEM_FENCE pairs with an atomic in either
  // address space; §3.3.6.2: sequentially consistent atomics order both): the release
  // point is the group's own, kept with the location in the group's table.
  uint64_t globalRelease = SyncOrder::kNoRelease;
  Missing globalWeak = Missing::None; // why not, for the reason of a race within the group
  if (o.seqCst && o.group) {
    globalRelease = atomicRelease(x, s, w, mask);
  } else if (s.release != SyncOrder::kNoRelease && o.group) {
    globalRelease = fenceRelease(w, mask);
  } else {
    globalWeak = !o.group && (o.release || s.release != SyncOrder::kNoRelease)
                     ? Missing::NarrowWrite
                 : o.release    ? Missing::OtherSpaceWrite
                 : s.localFence ? Missing::LocalFence
                 // relaxed at work-group scope: an OpenCL 1.2 atomic in an OpenCL 1.2 module
                 : o.legacy && !shadow_.fencesByAddressSpace() ? Missing::LegacyWrite
                                                               : Missing::RelaxedWrite;
  }
  const uint64_t *p = x.reg<uint64_t>(op.a);
  uint64_t last = ~uint64_t(0); // a lane on the previous lane's location repeats it
  for (uint64_t lanes = mask; lanes; lanes &= lanes - 1) {
    const uint64_t q = tagged::addOffset(p[std::countr_zero(lanes)], op.imm);
    if (tagged::space(q) != AddressSpace::Local || q == last) continue;
    last = q;
    if (globalRelease != SyncOrder::kNoRelease)
      race::join(groupReleases_[localKey(q)], globalRelease);
    LocalLocation &loc = localLocations_[q];
    // The latest write's: a relaxed read-modify-write continues the release sequence of
    // the write it read (§3.3.6.3) and leaves what that one lacked.
    if (globalRelease != SyncOrder::kNoRelease || !readModifyWrite) loc.globalWeak = globalWeak;
    joinLocal(loc.clock, s.localAcquired); // transitivity: what the warp acquired
    if (!point) {
      loc.weak = weak;
      continue;
    }
    if (loc.clock.size() <= w) loc.clock.resize(sync_.size());
    loc.clock[w] = std::max(loc.clock[w], point);
  }
}

void RaceGroup::localAtomicRead(const ExecState &x, const LoweredOp &op, uint64_t mask,
                                const race::Ordering &o, WarpSync &s) {
  const bool acquires = o.group && o.local && (o.acquire || s.localAcquireFenced);
  const uint64_t *p = x.reg<uint64_t>(op.a);
  uint64_t last = ~uint64_t(0); // a lane on the previous lane's location repeats it
  bool unacquired = false;      // it read a global release of the group and did not acquire it
  Missing writerWeak = Missing::None; // the write it read released no global memory: why
  for (uint64_t lanes = mask; lanes; lanes &= lanes - 1) {
    const uint64_t q = tagged::addOffset(p[std::countr_zero(lanes)], op.imm);
    if (tagged::space(q) != AddressSpace::Local || q == last) continue;
    last = q;
    if (!groupReleases_.empty()) {
      // The group's global releases through the location: acquired by an acquire fence
      // naming global memory (before the read or after it) or a sequentially consistent
      // read.
      const auto g = groupReleases_.find(localKey(q));
      if (g != groupReleases_.end()) {
        if (o.group && (o.seqCst || s.acquireFenced)) {
          acquire(g->second, false);
        } else {
          if (race::join(s.pending, g->second)) ++changes_;
          unacquired = true;
        }
      }
    }
    const auto it = localLocations_.find(q);
    if (it == localLocations_.end()) continue;
    if (writerWeak == Missing::None) writerWeak = it->second.globalWeak;
    joinLocal(acquires ? s.localAcquired : s.localPending, it->second.clock);
    s.localMissing = it->second.weak != Missing::None ? it->second.weak
                     : acquires                       ? Missing::None
                     : o.acquire && !o.group          ? Missing::NarrowRead
                                                      : Missing::RelaxedRead;
  }
  // For races within the group on global memory: what the write the lanes read lacked,
  // or else what the reading lanes lack, unless an acquire fence naming global memory
  // follows (fenced() takes in s.pending then).
  if (writerWeak != Missing::None || unacquired)
    for (uint64_t m = mask; m; m &= m - 1)
      s.ownMissing[std::countr_zero(m)] = writerWeak != Missing::None ? writerWeak
                                          : o.acquire && !o.group     ? Missing::NarrowRead
                                                                      : Missing::RelaxedRead;
}

// __local memory ordered through an atomic on global memory (OpenCL 3.0 API §3.3.6.4,
// last paragraph: fences with both CLK_GLOBAL_MEM_FENCE and CLK_LOCAL_MEM_FENCE
// synchronise both address spaces through an atomic in either; §3.3.6.2: two
// sequentially consistent operations that synchronise do so for both). The fence's
// flags decide what it orders; the atomic may be in either space. OpenCL 1.2's
// mem_fence(CLK_LOCAL_MEM_FENCE), which orders the work-item's local accesses before
// its later atomics whatever their space, pairs the same way. The group keeps its own
// table of such global locations: its local epochs mean nothing to other groups.

uint32_t RaceGroup::localReleaseThroughGlobal(const race::Ordering &o, uint32_t w, Missing &weak) {
  WarpSync &s = sync_[w];
  if (o.seqCst && o.group) {
    const uint32_t point = ++epochs_[kLocal][w]; // after the warp's local accesses so far
    latest_[kLocal] = std::max(latest_[kLocal], point);
    return point;
  }
  const bool paired = !(s.localFenceOnly && shadow_.fencesByAddressSpace());
  if (s.localRelease && o.group && paired) return s.localRelease;
  weak = s.localRelease && o.group ? Missing::LocalOnlyFence
         : o.release && !o.group   ? Missing::NarrowWrite
         : s.globalFence           ? Missing::LocalFence
         : o.release               ? Missing::OtherSpaceWrite
         : o.legacy                ? Missing::LegacyWrite
                                   : Missing::RelaxedWrite;
  return 0;
}

void RaceGroup::localAcquireThroughGlobal(uint64_t location, const race::Ordering &o, uint32_t w) {
  const auto it = localByGlobal_.find(location);
  if (it == localByGlobal_.end()) return;
  WarpSync &s = sync_[w];
  const bool fenced = s.localAcquireFenced && !s.localAcquireFenceOnly;
  const bool acquires = o.group && (o.seqCst || fenced);
  joinLocal(acquires ? s.localAcquired : s.localPendingByGlobal, it->second.clock);
  // What another warp's write lacked: a read-modify-write's own write comes first here.
  const Missing weak = it->second.writer == w ? it->second.earlierWeak : it->second.weak;
  s.localMissing = weak != Missing::None     ? weak
                   : acquires                ? Missing::None
                   : o.acquire && !o.group   ? Missing::NarrowRead
                   : s.localAcquireFenceOnly ? Missing::LocalOnlyAcquireFence
                   : s.globalAcquireFence    ? Missing::FenceSpaceRead
                   : o.acquire               ? Missing::OtherSpaceRead
                                             : Missing::RelaxedRead;
}

bool RaceGroup::anyLocalLane(const ExecState &x, const LoweredOp &op, uint64_t mask, bool same) {
  const uint64_t *p = x.reg<uint64_t>(op.a);
  if (same) return tagged::space(p[std::countr_zero(mask)]) == AddressSpace::Local;
  for (uint64_t lanes = mask; lanes; lanes &= lanes - 1)
    if (tagged::space(p[std::countr_zero(lanes)]) == AddressSpace::Local) return true;
  return false;
}

void RaceGroup::joinLocal(LocalClock &into, const LocalClock &from) {
  if (from.size() > into.size()) into.resize(from.size());
  for (size_t i = 0; i < from.size(); ++i) into[i] = std::max(into[i], from[i]);
}

bool RaceGroup::followsLocal(const race::Access &d, uint32_t warp, uint32_t width) const {
  if (warp >= sync_.size() || !width) return false;
  const uint32_t item = d.item - groupFirst_;
  if (item >= shadow_.copyItem()) return false; // an async copy: ordered by its wait only
  const LocalClock &acquired = sync_[warp].localAcquired;
  const uint32_t other = item / width;
  // Local epochs are trusted below LocalLayout::kEpochMask (RaceGroup::view), where
  // the words hold them whole.
  return other < acquired.size() && acquired[other] != 0 &&
         latest_[kLocal] < race::LocalLayout::kEpochMask && d.epoch < acquired[other];
}

std::string RaceGroup::missingLocalOrdering(uint32_t warp) const {
  return race::missingLocalOrdering(warp < sync_.size() ? sync_[warp].localMissing : Missing::None,
                                    shadow_.tracked(), shadow_.atomics());
}

uint64_t RaceGroup::fenceRelease(uint32_t w, uint64_t mask) {
  WarpSync &s = sync_[w];
  const uint64_t lanes = s.fenceLanes & mask;
  if (lanes & ~s.fencePoint.lanes) {
    s.fencePoint.lanes |= s.releasedLanes |= lanes;
    s.release = newRelease(w, s.fencePoint);
  }
  return s.release;
}

uint64_t RaceGroup::newRelease(uint32_t warp, const race::ReleasePoint &p) {
  if (++releases_ > SyncOrder::kMaxPoints) {
    acquiredAll_ = true; // its releases saturate the locations they reach
    ++changes_;
    return sync_[warp].release != SyncOrder::kNoRelease
               ? sync_[warp].release
               : shadow_.sync().addRelease(linearGroup_, warp, p);
  }
  return shadow_.sync().addRelease(linearGroup_, warp, p);
}

void RaceGroup::acquireOwn(const race::SyncClock &clock) {
  const uint64_t first = uint64_t(linearGroup_) << 32;
  for (auto k = std::lower_bound(clock.begin(), clock.end(), first);
       k != clock.end() && (*k >> 32) == linearGroup_; ++k)
    if (race::join(acquired_, *k)) ++changes_;
  if (acquired_.size() > SyncOrder::kMaxClock) acquire({}, true);
}

void RaceGroup::acquire(const race::SyncClock &clock, bool all) {
  if (race::join(acquired_, clock)) ++changes_;
  if (all || acquired_.size() > SyncOrder::kMaxClock) {
    acquiredAll_ = true;
    acquired_ = {};
    ++changes_;
  }
}

bool RaceGroup::follows(const race::Access &d) {
  if (acquiredAll_) return true;
  const uint32_t stride = shadow_.stride();
  const uint32_t group = d.item / stride;
  if (acquired_.empty()) return false;
  return shadow_.sync().precedes(d, group, d.item % stride, acquired_);
}

bool RaceGroup::followsWithGroup(const race::Access &d) {
  if (acquiredAll_) return true;
  if (acquired_.empty()) return false;
  const uint32_t stride = shadow_.stride();
  return shadow_.sync().precedes(d, d.item / stride, d.item % stride, acquired_, nullptr, true);
}

std::string RaceGroup::missingOrdering(const race::Access &d, bool known, bool sameGroup,
                                       uint32_t warp, uint32_t lane) const {
  const uint32_t group = known ? d.item / shadow_.stride() : ~0u;
  bool otherLane = false;
  if (known && !acquired_.empty())
    shadow_.sync().precedes(d, group, d.item % shadow_.stride(), acquired_, &otherLane);
  if (sameGroup) { // OpenCL 3.0 API §3.3.6.4: atomics order work-items of one group too
    const Missing own =
        warp < sync_.size() && lane < 64 ? sync_[warp].ownMissing[lane] : Missing::None;
    return race::missingGroupOrdering(unfencedBarrierOrdering(), own, otherLane, shadow_.tracked());
  }
  if (otherLane)
    return "no release/acquire pair or fence orders these accesses (the other access is by a "
           "work-item that released nothing: a fence or release atomic orders only the accesses "
           "of the work-item that performs it, and those of others only through a barrier "
           "before it; the work-items of a sub-group are no exception)";
  bool acquiredFrom = false;
  for (uint64_t k : acquired_) acquiredFrom |= known && uint32_t(k >> 32) == group;
  return race::missingOrdering(hints_, group, acquiredFrom, shadow_.tracked(), shadow_.atomics());
}

namespace race {

// OpenCL 3.0 API §3.3.6.4: a local release fence local-synchronizes-with an acquire
// through "atomic operations X and Y, both operating on some local atomic object M";
// only fences naming both CLK_GLOBAL_MEM_FENCE and CLK_LOCAL_MEM_FENCE synchronise both
// spaces through an atomic of either. OpenCL 1.2 has no such model: its
// mem_fence(CLK_LOCAL_MEM_FENCE) orders the work-item's local accesses before its later
// atomics whatever their space.
bool fencesByAddressSpace(const Module &module) {
  for (const Instruction &inst : module.instructions()) {
    if (inst.opcode != spv::Op::OpSource) continue;
    const auto operands = module.operands(inst);
    return operands.size() >= 2 && operands[0] == uint32_t(spv::SourceLanguage::OpenCL_C) &&
           operands[1] >= 200000;
  }
  return false;
}

/// How far an atomic instruction's scope reaches (DESIGN.md "Race detection":
/// Workgroup with Relaxed semantics is what every OpenCL 1.2 atomic becomes, and
/// acts device-wide).
Scope atomicScope(const Module &module, uint32_t instruction) {
  if (instruction >= module.instructions().size()) return Scope::Device;
  const auto operands = module.operands(module.instruction(instruction));
  if (operands.size() < 3) return Scope::Device;
  const Constant *scope = module.constant(operands[1]);
  const Constant *semantics = module.constant(operands[2]);
  if (!scope || scope->kind != ConstantKind::Scalar || scope->isSpec) return Scope::Device;
  constexpr uint64_t kOrdering = 0x2 | 0x4 | 0x8 | 0x10; // Acquire, Release, AcqRel, SeqCst
  const uint64_t order =
      semantics && semantics->kind == ConstantKind::Scalar ? semantics->bits & kOrdering : 0;
  switch (static_cast<spv::Scope>(scope->bits)) {
  case spv::Scope::Workgroup:
    return order ? Scope::Workgroup : Scope::Device;
  case spv::Scope::Subgroup:
    return Scope::Subgroup;
  case spv::Scope::Invocation:
    return Scope::Invocation;
  default:
    return Scope::Device;
  }
}

/// How an atomic instruction orders (its scope and equal semantics; sync_order.h).
Ordering atomicOrdering(const Module &module, uint32_t instruction) {
  if (instruction >= module.instructions().size()) return {};
  const auto operands = module.operands(module.instruction(instruction));
  if (operands.size() < 3) return {};
  const Constant *scope = module.constant(operands[1]);
  const Constant *semantics = module.constant(operands[2]);
  if (!scope || scope->kind != ConstantKind::Scalar || !semantics ||
      semantics->kind != ConstantKind::Scalar)
    return {};
  return orderingOf(uint32_t(scope->bits), uint32_t(semantics->bits));
}

} // namespace race
} // namespace spvsim
