// WorkGroupRunner: warps of one work-group, rendezvous at barriers, and the
// barrier checks of FINDINGS.md (barrier.divergence, barrier.mismatch).
#include "exec/work_group.h"

#include <bit>
#include <cstring>

#include "exec/warp_executor.h"

namespace spvsim {

WorkGroupRunner::WorkGroupRunner(LaunchContext &launch) : launch_(launch) {
  const LoweredKernel &k = *launch.kernel;
  uint64_t maxItems = launch.localSize[0] * launch.localSize[1] * launch.localSize[2];
  size_t warps = (maxItems + k.warpWidth - 1) / k.warpWidth;
  warps_.resize(warps);
  std::vector<UniformInit> uniforms = k.constants;
  for (auto &w : warps_) initWarpStorage(launch, w, uniforms);
  localArena_.assign(launch.localArenaSize + 1, std::byte{0});
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
  group_.localArena = localArena_.data();
  const LoweredKernel &k = *L.kernel;
  size_t activeWarps = (group_.items + k.warpWidth - 1) / k.warpWidth;
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
  for (;;) {
    bool anyWaiting = false;
    for (size_t i = 0; i < activeWarps; ++i) {
      Warp &w = warps_[i];
      if (w.status == WarpStatus::Ready) runWarp(launch_, group_, w);
      if (launch_.timedOut.load(std::memory_order_relaxed)) {
        for (size_t k = 0; k < activeWarps; ++k)
          if (warps_[k].status != WarpStatus::Exited) reportTimeout(launch_, group_, warps_[k]);
        return;
      }
      anyWaiting |= w.status == WarpStatus::AtBarrier;
    }
    if (!anyWaiting) break;
    checkBarrier(activeWarps);
    for (size_t i = 0; i < activeWarps; ++i)
      if (warps_[i].status == WarpStatus::AtBarrier) releaseBarrier(warps_[i]);
  }
}

WorkItemIds WorkGroupRunner::workItem(const Warp &w, uint32_t lane) const {
  WorkItemIds ids;
  ids.dims = launch_.range.dims;
  for (uint32_t d = 0; d < 3; ++d) {
    ids.local[d] = w.localId[d][lane];
    ids.group[d] = group_.id[d];
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
  for (size_t i = 0; i < activeWarps; ++i) {
    uint64_t returned = warps_[i].present & ~warps_[i].live;
    if (!returned) continue;
    Finding f;
    f.kind = "barrier.divergence";
    f.message = "barrier reached by some but not all work-items of the work-group";
    f.workItem = workItem(warps_[i], static_cast<uint32_t>(std::countr_zero(returned)));
    f.notes.push_back("the work-item shown returned without reaching the barrier");
    launch_.reporter->report(std::move(f), first->site);
    return;
  }
}

} // namespace spvsim
