// Packed work-groups (exec/packed_groups.h): which kernels qualify, and each lane's
// work-group and local ids in a warp of several work-groups.
#include "exec/packed_groups.h"

#include <algorithm>
#include <array>

#include "exec/launch_context.h"
#include "exec/spin_loop.h"

namespace spvsim {

namespace {

bool isAtomic(OpCode c) {
  return (c >= OpCode::AtomicExchange32 && c <= OpCode::AtomicFMaxF64) ||
         (c >= OpCode::AtomicLoad32 && c <= OpCode::AtomicCompareExchange64);
}

/// Built-ins whose value depends on the warp (the sub-group) a work-item runs in.
bool isSubGroupBuiltin(BuiltinKind b) {
  return b >= BuiltinKind::SubgroupSize;
}

} // namespace

bool kernelIgnoresGroupLayout(const LoweredKernel &k) {
  if (!k.locals.empty() || !k.printfCalls.empty() || !k.collectives.empty() ||
      !k.imageInstructions.empty())
    return false;
  for (const ParamBinding &p : k.params)
    if (p.kind == ParamBinding::Kind::Local || p.kind == ParamBinding::Kind::Image) return false;
  // A loop could wait for another work-item's store (a spin, exec/spin_detector.h): in one
  // warp the groups would wait for each other in lockstep, which separate groups do not.
  // Blocks are in weak topological order: a loop's head comes first, and jumping back to
  // it is going to a block not after the jump's.
  for (uint32_t b = 0; b < k.blocks.size(); ++b) {
    bool back = false;
    forSuccessors(k, b, [&](uint32_t target) { back |= target <= b; });
    if (back) return false;
  }
  for (const LoweredOp &op : k.ops) {
    switch (op.code) {
    case OpCode::Barrier:
    case OpCode::Fence:
    case OpCode::GroupCollect:
    case OpCode::GroupResult:
    case OpCode::SubgroupCollective:
    case OpCode::SubgroupNonUniform:
    case OpCode::Printf:
    case OpCode::Image:
    case OpCode::DebugBind:
      return false;
    case OpCode::Builtin:
      if (isSubGroupBuiltin(static_cast<BuiltinKind>(op.aux))) return false;
      break;
    default:
      if (isAtomic(op.code)) return false;
      break;
    }
  }
  return true;
}

void setPackedIds(const LaunchContext &L, const GroupState &group, Warp &warp) {
  const uint32_t width = L.kernel->warpWidth;
  for (auto &ids : warp.groupId)
    if (ids.size() != width) ids.assign(width, 0);
  // Lane 0's ids, then counted up: local x fastest within a group, the group's linear id
  // (x fastest) once its last work-item is passed. No division per lane.
  const uint64_t first = warp.firstItem;
  const uint64_t inGroup = first % group.groupItems;
  const uint64_t g = group.linear + first / group.groupItems;
  const auto &s = group.size;
  std::array<uint64_t, 3> local{inGroup % s[0], inGroup / s[0] % s[1], inGroup / (s[0] * s[1])};
  std::array<uint64_t, 3> gid{g % L.groups[0], g / L.groups[0] % L.groups[1],
                              g / (L.groups[0] * L.groups[1])};
  const uint64_t lanes = std::min<uint64_t>(width, group.items - first);
  for (uint32_t l = 0; l < lanes; ++l) {
    for (uint32_t d = 0; d < 3; ++d) {
      warp.localId[d][l] = local[d];
      warp.groupId[d][l] = gid[d];
    }
    if (++local[0] < s[0]) continue;
    local[0] = 0;
    if (++local[1] < s[1]) continue;
    local[1] = 0;
    if (++local[2] < s[2]) continue;
    local[2] = 0; // the next group
    if (++gid[0] < L.groups[0]) continue;
    gid[0] = 0;
    if (++gid[1] < L.groups[1]) continue;
    gid[1] = 0;
    ++gid[2];
  }
}

} // namespace spvsim
