// ExecState: what one op's handler sees — the warp's registers, the width,
// the masks, and the launch/group/warp it belongs to. Registers of a slot are
// a packed array T[width] at the slot's byte offset (compiled with
// -fno-strict-aliasing: a slot is read with the type its op specifies).
#pragma once

#include <cstdint>

#include "exec/launch_context.h"

namespace spvsim {

struct ExecState {
  std::byte *regs = nullptr;
  uint32_t width = 32;
  uint64_t allLanes = 0; ///< mask with every lane of the width set
  uint64_t *masks = nullptr;
  LaunchContext *launch = nullptr;
  GroupState *group = nullptr;
  Warp *warp = nullptr;

  template <class T> T *reg(uint32_t offset) const { return reinterpret_cast<T *>(regs + offset); }
  uint64_t maskOf(const LoweredOp &op) const { return masks[op.mask]; }
};

inline uint64_t laneBit(uint32_t lane) {
  return uint64_t(1) << lane;
}

/// d[l] = f(l) for the active lanes; inactive lanes keep their values (SPIR-V is
/// not in LCSSA form: a lane that left a loop keeps its last values).
template <class D, class F> inline void forLanes(const ExecState &x, uint64_t mask, D *d, F f) {
  const uint32_t w = x.width;
  if (mask == x.allLanes) {
    for (uint32_t l = 0; l < w; ++l) d[l] = f(l);
  } else {
    for (uint32_t l = 0; l < w; ++l) {
      D r = f(l);
      d[l] = (mask >> l) & 1 ? r : d[l];
    }
  }
}

} // namespace spvsim
