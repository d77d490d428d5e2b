// WarpExecutor (exec/warp_executor.h): setting warps up, releasing them from
// barriers, and the plain instantiation of the warp loop (exec/warp_loop.h).
#include "exec/warp_executor.h"

#include "exec/packed_groups.h"
#include "exec/warp_loop.h"

namespace spvsim {

using warp_loop::addPending;

void initWarpStorage(const LaunchContext &launch, Warp &warp,
                     const std::vector<UniformInit> &uniforms) {
  const LoweredKernel &k = *launch.kernel;
  const uint32_t width = k.warpWidth;
  warp.registerStorage.assign(size_t(k.slotCount) * width + 1, 0);
  warp.pending.assign(k.blocks.size(), 0);
  warp.pendingBlocks.assign((k.blocks.size() + 63) / 64, 0);
  warp.masks.assign(k.maxEdges + 1, 0);
  for (auto &ids : warp.localId) ids.assign(width, 0);
  warp.privateArena.assign(size_t(k.privateSize) * width, std::byte{0});
  std::byte *regs = warp.registers();
  for (const UniformInit &u : uniforms) {
    uint64_t bits = u.bits;
    if (u.reloc == UniformInit::Reloc::ProgramGlobal)
      bits = tagged::make(launch.allocations[launch.programGlobalIds[u.bits]].space,
                          launch.programGlobalIds[u.bits], 0);
    for (uint32_t l = 0; l < width; ++l) std::memcpy(regs + u.slot + l * u.size, &bits, u.size);
  }
}

void startWarp(const LaunchContext &launch, const GroupState &group, Warp &warp,
               uint32_t firstItem) {
  const uint32_t width = launch.kernel->warpWidth;
  warp.firstItem = firstItem;
  const uint64_t lanes = std::min<uint64_t>(width, group.items - firstItem);
  warp.present = lanes == 64 ? ~uint64_t(0) : (uint64_t(1) << lanes) - 1;
  if (group.packed > 1) {
    // Several work-groups in the warp: each lane's group and local ids.
    setPackedIds(launch, group, warp);
    warp.localIdsFirst = ~0u;
  } else if (warp.localIdsFirst != firstItem || warp.localIdsShape != group.size) {
    // Local ids depend on the group's shape only: a warp keeps them for the next
    // group of the same shape (every full group of a launch).
    warp.localIdsFirst = firstItem;
    warp.localIdsShape = group.size;
    // Local ids of lane 0, then counted up x fastest (no division per lane).
    uint64_t x = firstItem % group.size[0];
    uint64_t y = (firstItem / group.size[0]) % group.size[1];
    uint64_t z = firstItem / (group.size[0] * group.size[1]);
    for (uint32_t l = 0; l < lanes; ++l) {
      warp.localId[0][l] = x;
      warp.localId[1][l] = y;
      warp.localId[2][l] = z;
      if (++x == group.size[0]) {
        x = 0;
        if (++y == group.size[1]) y = 0, ++z;
      }
    }
  }
  warp.live = warp.present;
  std::fill(warp.pending.begin(), warp.pending.end(), 0);
  std::fill(warp.pendingBlocks.begin(), warp.pendingBlocks.end(), 0);
  warp.parked.clear();
  warp.spin.reset();
  addPending(warp, 0, warp.present);
  warp.status = WarpStatus::Ready;
}

void releaseBarrier(Warp &warp) {
  for (const auto &p : warp.parked) addPending(warp, p.next, p.lanes);
  warp.parked.clear();
  warp.status = WarpStatus::Ready;
}

void runWarp(LaunchContext &launch, GroupState &group, Warp &warp) {
  if (launch.warpLoop)
    launch.warpLoop(launch, group, warp);
  else
    runWarpLoop<NoWatchers>(launch, group, warp);
}

} // namespace spvsim
