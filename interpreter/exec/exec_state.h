// ExecState: what one op's handler sees — the warp's registers, the width,
// the masks, and the launch/group/warp it belongs to. Registers of a slot are
// a packed array T[width] at the slot's byte offset (compiled with
// -fno-strict-aliasing: a slot is read with the type its op specifies).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

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
  LaneMaskCache *laneMasks = nullptr; ///< the warp's (set by runWarp)

  template <class T> T *reg(uint32_t offset) const { return reinterpret_cast<T *>(regs + offset); }
  uint64_t maskOf(const LoweredOp &op) const { return masks[op.mask]; }
};

namespace ops {

/// The index of lane l of an index slot of `bytes` bytes per lane (unsigned).
inline uint64_t indexOf(const ExecState &x, uint32_t slot, uint32_t bytes, uint32_t l) {
  switch (bytes) {
  case 1:
    return x.reg<uint8_t>(slot)[l];
  case 2:
    return x.reg<uint16_t>(slot)[l];
  case 4:
    return x.reg<uint32_t>(slot)[l];
  default:
    return x.reg<uint64_t>(slot)[l];
  }
}

} // namespace ops

inline uint64_t laneBit(uint32_t lane) {
  return uint64_t(1) << lane;
}

/// d[l] = f(l) for the active lanes; inactive lanes keep their values (SPIR-V is
/// not in LCSSA form: a lane that left a loop keeps its last values).
template <class D, class F> inline void forLanes(const ExecState &x, uint64_t mask, D *d, F f) {
  const uint32_t w = x.width;
  if (mask == x.allLanes) {
    for (uint32_t l = 0; l < w; ++l) d[l] = f(l);
  } else if (x.laneMasks) {
    // Blend through the expanded mask: bit operations the compiler vectorises.
    using U = std::conditional_t<
        sizeof(D) == 1, uint8_t,
        std::conditional_t<sizeof(D) == 2, uint16_t,
                           std::conditional_t<sizeof(D) == 4, uint32_t, uint64_t>>>;
    const U *m = x.laneMasks->expand<U>(mask, w);
    for (uint32_t l = 0; l < w; ++l) {
      const D r = f(l);
      U rb, db;
      std::memcpy(&rb, &r, sizeof(U));
      std::memcpy(&db, &d[l], sizeof(U));
      db = U((rb & m[l]) | (db & ~m[l]));
      std::memcpy(&d[l], &db, sizeof(U));
    }
  } else {
    for (uint32_t l = 0; l < w; ++l) {
      D r = f(l);
      d[l] = (mask >> l) & 1 ? r : d[l];
    }
  }
}

} // namespace spvsim
