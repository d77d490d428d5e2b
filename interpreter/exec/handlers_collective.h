// Handlers of work-group and sub-group functions (lower/collective.h): the
// GroupCollect rendezvous (operands deposited per work-item, lanes parked like
// at a barrier), GroupResult after it, and sub-group functions over a warp.
#pragma once

#include <bit>
#include <cstring>

#include "exec/exec_state.h"

namespace spvsim::ops {

/// Raw bits of lane l of a slot of `bytes` bytes per lane, zero-extended.
inline uint64_t laneBits(const ExecState &x, uint32_t slot, uint32_t bytes, uint32_t l) {
  uint64_t v = 0;
  std::memcpy(&v, x.regs + slot + size_t(l) * bytes, bytes);
  return v;
}

/// Local linear index of a work-group broadcast's source work-item.
inline uint64_t broadcastSource(const ExecState &x, const Collective &c, uint32_t slot,
                                uint32_t l) {
  const auto &size = x.group->size;
  uint64_t id[3] = {0, 0, 0};
  for (uint32_t k = 0; k < c.idComponents && k < 3; ++k)
    id[k] = laneBits(x, slot + k * x.width * 8, c.idBytes, l);
  return (id[2] * size[1] + id[1]) * size[0] + id[0];
}

/// Deposits this warp's operands of work-group function op.aux and parks its lanes.
inline void groupCollect(const ExecState &x, const LoweredOp &op) {
  const Collective &c = x.launch->kernel->collectives[op.aux];
  const uint64_t mask = x.masks[0];
  auto &slots = x.group->collective;
  for (uint32_t l = 0; l < x.width; ++l) {
    if (!((mask >> l) & 1)) continue;
    const uint64_t item = x.warp->firstItem + l;
    if (c.kind == Collective::Kind::AsyncCopy) {
      slots[0][item] = laneBits(x, op.a, 8, l);
      slots[1][item] = laneBits(x, op.b, 8, l);
      slots[2][item] = laneBits(x, op.c, 8, l);
      slots[3][item] = laneBits(x, static_cast<uint32_t>(op.imm), 8, l);
      continue;
    }
    slots[0][item] = laneBits(x, op.a, c.bytes, l);
    if (c.kind == Collective::Kind::Broadcast) slots[1][item] = broadcastSource(x, c, op.b, l);
  }
  x.warp->parked.push_back({c.instruction, 0, op.d, mask, op.aux + 1});
}

/// d = this work-item's result of the work-group function op.aux (op.c bytes).
inline void groupResult(const ExecState &x, const LoweredOp &op) {
  const uint64_t *results = x.group->collective[0].data() + x.warp->firstItem;
  const uint64_t mask = x.maskOf(op);
  for (uint32_t l = 0; l < x.width; ++l)
    if ((mask >> l) & 1) std::memcpy(x.regs + op.d + size_t(l) * op.c, &results[l], op.c);
}

/// Reports collective.divergence for a sub-group function not reached by the whole
/// sub-group or given a non-uniform broadcast source.
void reportCollectiveDivergence(const ExecState &x, const LoweredOp &op, uint32_t lane,
                                const char *what);

/// d = non-uniform sub-group function op.aux (OpGroupNonUniform*) over the active
/// lanes (exec/subgroup_non_uniform.cpp).
void subgroupNonUniform(const ExecState &x, const LoweredOp &op);

/// d = sub-group function op.aux over the lanes of the warp (a sub-group is a warp).
inline void subgroupCollective(const ExecState &x, const LoweredOp &op) {
  const Collective &c = x.launch->kernel->collectives[op.aux];
  const uint64_t mask = x.maskOf(op);
  const uint64_t present = x.warp->present;
  if (mask != present)
    reportCollectiveDivergence(x, op, static_cast<uint32_t>(std::countr_zero(present & ~mask)),
                               "a sub-group function not reached by every work-item of the "
                               "sub-group (the work-item shown did not reach it)");
  uint64_t values[64];
  const uint32_t lanes = static_cast<uint32_t>(std::popcount(present));
  for (uint32_t l = 0; l < lanes; ++l) values[l] = laneBits(x, op.a, c.bytes, l);
  uint64_t source = 0;
  if (c.kind == Collective::Kind::Broadcast) {
    const uint32_t first = static_cast<uint32_t>(std::countr_zero(mask));
    source = laneBits(x, op.b, c.idBytes, first);
    for (uint32_t l = first; l < x.width; ++l)
      if ((mask >> l) & 1 && laneBits(x, op.b, c.idBytes, l) != source) {
        reportCollectiveDivergence(x, op, l,
                                   "a sub-group broadcast with a source that differs "
                                   "between work-items");
        break;
      }
  }
  if (!computeCollective(c, std::span<uint64_t>(values, lanes), source))
    reportCollectiveDivergence(x, op, static_cast<uint32_t>(std::countr_zero(mask)),
                               "a sub-group broadcast from a work-item outside the sub-group");
  for (uint32_t l = 0; l < lanes; ++l)
    if ((mask >> l) & 1) std::memcpy(x.regs + op.d + size_t(l) * op.c, &values[l], op.c);
}

} // namespace spvsim::ops
