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
  std::vector<Warp *> waiting;
  for (;;) {
    bool anyReady = false;
    for (size_t i = 0; i < activeWarps; ++i) {
      Warp &w = warps_[i];
      if (w.status != WarpStatus::Ready) continue;
      anyReady = true;
      runWarp(launch_, group_, w);
    }
    if (!anyReady) break;
    waiting.clear();
    bool someExited = false;
    for (size_t i = 0; i < activeWarps; ++i) {
      if (warps_[i].status == WarpStatus::AtBarrier)
        waiting.push_back(&warps_[i]);
      else
        someExited = true;
    }
    if (waiting.empty()) break;
    checkBarrier(waiting, someExited);
    for (Warp *w : waiting) w->status = WarpStatus::Ready;
  }
}

void WorkGroupRunner::checkBarrier(const std::vector<Warp *> &waiting, bool someExited) {
  const Warp &first = *waiting.front();
  for (const Warp *w : waiting) {
    if (w->barrierSite != first.barrierSite || w->barrierScopes != first.barrierScopes) {
      Finding f;
      f.kind = "barrier.mismatch";
      f.message = "work-items of one work-group wait at different barriers";
      f.notes.push_back("another warp waits at the barrier of instruction word " +
                        std::to_string(first.barrierSite));
      launch_.reporter->report(std::move(f), w->barrierSite);
      return;
    }
  }
  for (const Warp *w : waiting) {
    uint64_t missing = w->live & ~w->barrierMask;
    if (missing || someExited) {
      Finding f;
      f.kind = "barrier.divergence";
      f.message = "barrier reached by some but not all work-items of the work-group";
      WorkItemIds ids;
      ids.dims = launch_.range.dims;
      uint32_t lane = static_cast<uint32_t>(std::countr_zero(missing ? missing : w->barrierMask));
      for (uint32_t d = 0; d < 3; ++d) {
        ids.local[d] = w->localId[d][lane];
        ids.group[d] = group_.id[d];
        ids.global[d] =
            ids.group[d] * launch_.localSize[d] + ids.local[d] + launch_.range.offset[d];
      }
      f.workItem = ids;
      f.notes.push_back(missing ? "the work-item shown did not reach it"
                                : "some work-items of the group returned without reaching it; "
                                  "the work-item shown reached it");
      launch_.reporter->report(std::move(f), w->barrierSite);
      return;
    }
  }
}

} // namespace spvsim
