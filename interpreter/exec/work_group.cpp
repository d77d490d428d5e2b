// WorkGroupRunner: warps of one work-group, rendezvous at barriers, and the
// barrier checks of docs/findings.md (barrier.divergence, barrier.mismatch).
#include "exec/work_group.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "exec/execution_events.h"
#include "exec/handlers_memory.h"
#include "exec/schedule_order.h"
#include "exec/warp_executor.h"

namespace spvsim {

WorkGroupRunner::WorkGroupRunner(LaunchContext &launch) : launch_(launch) {
  const LoweredKernel &k = *launch.kernel;
  uint64_t maxItems =
      launch.localSize[0] * launch.localSize[1] * launch.localSize[2] * launch.packedGroups;
  size_t warps = (maxItems + k.warpWidth - 1) / k.warpWidth;
  warps_.resize(warps);
  std::vector<UniformInit> uniforms = k.constants;
  uniforms.insert(uniforms.end(), launch.argumentInits.begin(), launch.argumentInits.end());
  for (auto &w : warps_) initWarpStorage(launch, w, uniforms);
  localArena_.assign(launch.localArenaSize + 1, std::byte{0});
  for (auto &slots : group_.collective) slots.assign(maxItems, 0);
  if (!launch.schedule.ordered()) warpOrder_.resize(warps);
  if (launch.printf) group_.printfByItem.resize(maxItems);
  for (const LoweredOp &op : k.ops)
    subGroupBarriers_ |= op.code == OpCode::Barrier && (op.imm & 0xffff) == kSubgroupScope;
  for (uint32_t s = 0; s < kWatcherSlots; ++s)
    if (LaunchWatcher *w = launch.watchers[s]) {
      watchers_[s] = w->makeGroupWatcher(launch, std::span<Warp>(warps_));
      group_.watchers[s] = watchers_[s].get();
    }
}

void WorkGroupRunner::run(uint64_t linearGroup) {
  const LaunchContext &L = launch_;
  group_.id[0] = linearGroup % L.groups[0];
  group_.id[1] = (linearGroup / L.groups[0]) % L.groups[1];
  group_.id[2] = linearGroup / (L.groups[0] * L.groups[1]);
  group_.items = 1;
  for (uint32_t d = 0; d < 3; ++d) {
    uint64_t start = group_.id[d] * L.localSize[d];
    group_.size[d] = std::min(L.localSize[d], L.range.global[d] - start);
    group_.items *= group_.size[d];
  }
  // Packed work-groups (exec/packed_groups.h): this one and the next ones up to
  // packedGroups (all full: uniform) as one state; the watchers number them by the pack.
  uint64_t watchedGroup = linearGroup;
  if (L.packedGroups > 1) {
    const uint64_t totalGroups = L.groups[0] * L.groups[1] * L.groups[2];
    group_.packed =
        static_cast<uint32_t>(std::min<uint64_t>(L.packedGroups, totalGroups - linearGroup));
    group_.groupItems = group_.items;
    group_.items *= group_.packed;
    watchedGroup = linearGroup / L.packedGroups;
  }
  const uint64_t packedHere = group_.packed;
  group_.localArena = localArena_.data();
  group_.linear = linearGroup;
  unwaitedCopy_ = ~0u;
  stretch_ = scheduleMix(L.schedule.seed ^ linearGroup);
  const LoweredKernel &k = *L.kernel;
  size_t activeWarps = (group_.items + k.warpWidth - 1) / k.warpWidth;
  group_.warps = warps_.data();
  group_.activeWarps = activeWarps;
  for (uint64_t g = linearGroup; g < linearGroup + packedHere; ++g) launch_.spin.groupStarted(g);
  for (size_t i = 0; i < activeWarps; ++i) {
    startWarp(L, group_, warps_[i], static_cast<uint32_t>(i * k.warpWidth));
    // By-value struct arguments: each work-item gets its own copy.
    for (const auto &copy : L.byValCopies) {
      const uint64_t stride = k.privateSize;
      for (uint32_t l = 0; l < k.warpWidth; ++l)
        std::memcpy(warps_[i].privateArena.data() + l * stride + copy.offset, copy.bytes.data(),
                    copy.bytes.size());
    }
  }
  forEachWatcher(group_, [&](GroupWatcher &w) {
    w.groupStarted(group_, std::span<Warp>(warps_.data(), activeWarps), watchedGroup);
  });
  if (runWarps(activeWarps)) {
    groupsDone_ += packedHere;
    itemsDone_ += group_.items;
    for (uint64_t g = linearGroup; g < linearGroup + packedHere; ++g) launch_.spin.groupEnded(g);
  }
  // Whatever the group printed, also when the launch stopped it early.
  if (L.printf) L.printf->completeGroup(linearGroup, group_.printfByItem);
  forEachWatcher(group_, [&](GroupWatcher &w) { w.groupEnded(group_); });
}

void WorkGroupRunner::flush() {
  for (Warp &w : warps_) {
    launch_.watchdog.count(w.unpolled);
    w.unpolled = 0;
  }
  launch_.watchdog.groupsDone(groupsDone_, itemsDone_);
  groupsDone_ = itemsDone_ = 0;
}

// Schedule: between two barriers the warps of a group run one after the other, each until
// all its work-items wait or return; ordered runs them by index, reverse backwards, shuffle
// in an order drawn from the seed, the group and the stretch.
void WorkGroupRunner::orderWarps(size_t activeWarps) {
  for (size_t i = 0; i < activeWarps; ++i) warpOrder_[i] = static_cast<uint32_t>(i);
  const std::span<uint32_t> order(warpOrder_.data(), activeWarps);
  if (launch_.schedule.order == Schedule::Order::Reverse)
    std::reverse(order.begin(), order.end());
  else
    scheduleShuffle(order, stretch_ = scheduleMix(stretch_));
}

void WorkGroupRunner::runWatchedWarp(Warp &warp) {
  runWarp(launch_, group_, warp);
  if (warp.spin) [[unlikely]]
    spinRunEnded(launch_, group_, warp);
}

bool WorkGroupRunner::runWarps(size_t activeWarps) {
  return subGroupBarriers_ ? runWarps<true>(activeWarps) : runWarps<false>(activeWarps);
}

template <bool SubGroupBarriers> bool WorkGroupRunner::runWarps(size_t activeWarps) {
  const bool ordered = warpOrder_.empty();
  for (;;) {
    bool anyWaiting = false, anyYielded = false;
    if (!ordered) orderWarps(activeWarps);
    for (size_t i = 0; i < activeWarps; ++i) {
      const uint32_t index = ordered ? static_cast<uint32_t>(i) : warpOrder_[i];
      Warp &w = warps_[index];
      if (w.status == WarpStatus::Ready) runWatchedWarp(w);
      if constexpr (SubGroupBarriers)
        while (w.status == WarpStatus::AtBarrier && atSubGroupBarrier(w) &&
               !launch_.watchdog.stopped()) {
          releaseSubGroupBarrier(w, index);
          runWatchedWarp(w);
        }
      if (launch_.watchdog.stopped()) {
        // A spin reported itself (exec/spin_detector.h); hang.* says where the rest were.
        if (launch_.watchdog.reason() != StopReason::NoProgress)
          for (size_t k = 0; k < activeWarps; ++k)
            if (warps_[k].status != WarpStatus::Exited) reportStopped(launch_, group_, warps_[k]);
        return false;
      }
      anyWaiting |= w.status == WarpStatus::AtBarrier;
      // A spinning warp yielded to the others (exec/spin_detector.h): run it again.
      anyYielded |= w.status == WarpStatus::Ready;
    }
    if (anyYielded) continue;
    if (!anyWaiting) break;
    checkBarrier(activeWarps);
    for (size_t i = 0; i < activeWarps; ++i)
      if (!warps_[i].parked.empty()) {
        const Warp::ParkedLanes &p = warps_[i].parked.front();
        if (p.scopes == kWaitEventsBarrier) unwaitedCopy_ = ~0u;
        // Every work-item now waits at the same place: if it is a work-group function,
        // compute it.
        const uint64_t scopes = p.scopes;
        const uint32_t collective = p.collective;
        if (collective) completeCollective(launch_.kernel->collectives[collective - 1]);
        forEachWatcher(group_,
                       [&](GroupWatcher &w) { w.barrierReleased(scopes, collective != 0); });
        break;
      }
    for (size_t i = 0; i < activeWarps; ++i)
      if (warps_[i].status == WarpStatus::AtBarrier) releaseBarrier(warps_[i]);
  }
  checkEventsWaited();
  return true;
}

// docs/findings.md events.not_waited: OpenCL C requires wait_group_events before the
// copied data is used and before the work-group ends.
void WorkGroupRunner::checkEventsWaited() {
  if (unwaitedCopy_ == ~0u) return;
  reportGroupFinding("events.not_waited",
                     "the work-group finished with an async_work_group_copy whose event was "
                     "never waited for (wait_group_events)",
                     0, unwaitedCopy_);
}

WorkItemIds WorkGroupRunner::workItem(const Warp &w, uint32_t lane) const {
  WorkItemIds ids;
  ids.dims = launch_.range.dims;
  for (uint32_t d = 0; d < 3; ++d) {
    ids.local[d] = w.localId[d][lane];
    ids.group[d] = group_.packed > 1 ? w.groupId[d][lane] : group_.id[d];
    ids.global[d] = ids.group[d] * launch_.localSize[d] + ids.local[d] + launch_.range.offset[d];
  }
  return ids;
}

void WorkGroupRunner::checkBarrier(size_t activeWarps) {
  // Every live work-item now waits at some barrier: all at the same one, or a mismatch.
  const Warp::ParkedLanes *first = nullptr;
  const Warp *firstWarp = nullptr;
  for (size_t i = 0; i < activeWarps; ++i)
    for (const auto &p : warps_[i].parked) {
      if (!first) {
        first = &p, firstWarp = &warps_[i];
        continue;
      }
      if (p.site != first->site || p.scopes != first->scopes) {
        Finding f;
        f.kind = "barrier.mismatch";
        f.message = "work-items of one work-group wait at different barriers";
        f.workItem = workItem(warps_[i], static_cast<uint32_t>(std::countr_zero(p.lanes)));
        WorkItemIds other =
            workItem(*firstWarp, static_cast<uint32_t>(std::countr_zero(first->lanes)));
        f.notes.push_back("work-item with local id " + std::to_string(other.local[0]) + "," +
                          std::to_string(other.local[1]) + "," + std::to_string(other.local[2]) +
                          " waits at the barrier at word " +
                          std::to_string(launch_.reporter->wordOffset(first->site)));
        launch_.reporter->report(std::move(f), p.site);
        return;
      }
    }
  // Work-items that returned never reach it.
  const bool isCollective = first->collective != 0;
  for (size_t i = 0; i < activeWarps; ++i) {
    uint64_t returned = warps_[i].present & ~warps_[i].live;
    if (!returned) continue;
    Finding f;
    f.kind = isCollective ? "collective.divergence" : "barrier.divergence";
    f.message = isCollective
                    ? "work-group function reached by some but not all work-items of the group"
                    : "barrier reached by some but not all work-items of the work-group";
    f.workItem = workItem(warps_[i], static_cast<uint32_t>(std::countr_zero(returned)));
    f.notes.push_back("the work-item shown returned without reaching the barrier");
    launch_.reporter->report(std::move(f), first->site);
    return;
  }
}

// OpControlBarrier with Subgroup execution scope (sub_group_barrier, OpenCL C 3.0
// §6.15.19; SPIR-V §3.32.20): "all invocations of the sub-group" must reach it, the rest
// of the work-group need not. A sub-group is a warp, so the warp is released alone as
// soon as nothing else of it can run (atSubGroupBarrier); barriers of wider scope, and
// lanes of one warp at different barriers, are left to checkBarrier.
void WorkGroupRunner::releaseSubGroupBarrier(Warp &warp, uint32_t index) {
  const Warp::ParkedLanes &p = warp.parked.front();
  if (const uint64_t returned = warp.present & ~warp.live) {
    Finding f;
    f.kind = "barrier.divergence";
    f.message = "sub-group barrier reached by some but not all work-items of the sub-group";
    f.workItem = workItem(warp, static_cast<uint32_t>(std::countr_zero(returned)));
    f.notes.push_back("the work-item shown returned without reaching the barrier");
    launch_.reporter->report(std::move(f), p.site);
  }
  const uint64_t scopes = p.scopes;
  ++group_.subGroupBarriersReleased;
  forEachWatcher(group_, [&](GroupWatcher &w) { w.subGroupBarrierReleased(index, scopes); });
  releaseBarrier(warp);
}

void WorkGroupRunner::reportGroupFinding(const char *kind, std::string message, uint64_t item,
                                         uint32_t site) {
  const uint32_t width = launch_.kernel->warpWidth;
  Finding f;
  f.kind = kind;
  f.message = std::move(message);
  f.workItem = workItem(warps_[item / width], static_cast<uint32_t>(item % width));
  launch_.reporter->report(std::move(f), site);
}

void WorkGroupRunner::completeCollective(const Collective &c) {
  auto &slots = group_.collective;
  const uint64_t n = group_.items;
  if (c.kind == Collective::Kind::AsyncCopy) return asyncCopy(c);
  if (c.kind == Collective::Kind::Broadcast) {
    for (uint64_t item = 1; item < n; ++item)
      if (slots[1][item] != slots[1][0]) {
        reportGroupFinding("collective.divergence",
                           "work_group_broadcast with a source work-item that differs between "
                           "work-items",
                           item, c.instruction);
        break;
      }
  }
  if (!computeCollective(c, std::span<uint64_t>(slots[0].data(), n), slots[1][0]))
    reportGroupFinding("collective.divergence",
                       "work_group_broadcast from local id " + std::to_string(slots[1][0]) +
                           ", outside the work-group of " + std::to_string(n) + " work-items",
                       0, c.instruction);
}

// OpGroupAsyncCopy: the whole work-group copies `count` elements between local
// and global memory, the global side strided. Performed once, checked per element.
void WorkGroupRunner::asyncCopy(const Collective &c) {
  auto &slots = group_.collective;
  const uint64_t n = group_.items;
  for (uint64_t item = 1; item < n; ++item)
    for (int k = 0; k < 4; ++k)
      if (slots[k][item] != slots[k][0]) {
        reportGroupFinding("async_copy.divergence",
                           "async_work_group_copy with arguments that differ between work-items",
                           item, c.instruction);
        item = n;
        break;
      }
  const uint64_t dst = slots[0][0], src = slots[1][0], count = slots[2][0], stride = slots[3][0];
  const uint64_t size = c.elementBytes;
  ExecState x;
  x.launch = &launch_, x.group = &group_;
  bool toLocal = tagged::space(dst) == AddressSpace::Local;
  ops::ResolvedAllocation d, s;
  uint64_t dstAt = 0, srcAt = 0; // offsets in the allocations (SVM: from their start)
  bool okDst = tagged::space(dst) != AddressSpace::Private && ops::resolveLane(x, dst, 0, d, dstAt);
  bool okSrc = tagged::space(src) != AddressSpace::Private && ops::resolveLane(x, src, 0, s, srcAt);
  const uint64_t dstStride = (toLocal ? 1 : stride) * size,
                 srcStride = (toLocal ? stride : 1) * size;
  // The elements are copied up to the first that is out of bounds; the watchers see
  // them as one copy (ranges, not elements: the checks' cost is per range).
  uint64_t done = 0;
  for (; done < count; ++done) {
    const uint64_t dstOffset = dstAt + done * dstStride;
    const uint64_t srcOffset = srcAt + done * srcStride;
    const bool dstIn = okDst && dstOffset + size <= d.size;
    const bool srcIn = okSrc && srcOffset + size <= s.size;
    if (!dstIn || !srcIn) {
      if (done > 0)
        copied(x, c, CopiedBytes{dst, &d, dstAt, src, &s, srcAt, size, done, dstStride, srcStride});
      const FaultedCopy fault{
          dstIn ? src : dst,     dstIn ? srcOffset : dstOffset, size, done, count, !dstIn,
          workItem(warps_[0], 0)};
      forEachWatcher(launch_,
                     [&](LaunchWatcher &w) { w.asyncCopyFaulted(x, c.instruction, fault); });
      break;
    }
    std::memmove(d.base + dstOffset, s.base + srcOffset, size);
  }
  if (done == count && count > 0)
    copied(x, c, CopiedBytes{dst, &d, dstAt, src, &s, srcAt, size, count, dstStride, srcStride});
  for (uint64_t item = 0; item < n; ++item) slots[0][item] = 1; // the event
  if (unwaitedCopy_ == ~0u) unwaitedCopy_ = c.instruction;
}

void WorkGroupRunner::copied(const ExecState &x, const Collective &c, const CopiedBytes &bytes) {
  forEachWatcher(group_, [&](GroupWatcher &w) { w.asyncCopied(x, c.instruction, bytes); });
}

} // namespace spvsim
