// The register shadow of the running warp (checks/uninit/uninit_state.h) as the uninit
// check's rules use it: a slot's bytes per lane (bit k: byte k of the lane's
// value undefined), the slot's dirty bit (some lane may be undefined: clean
// slots need no work at all), and the slot's origin.
#pragma once

#include <bit>
#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "checks/uninit/uninit_state.h"

namespace spvsim::ops {

/// The shadow bytes (one per lane) of slot `slot` (an index).
inline uint8_t *shadowOf(const ExecState &x, uint32_t slot) {
  return warpShadow(x).registers.data() + size_t(slot) * x.width;
}

inline bool isDirty(const ExecState &x, uint32_t slot) {
  return (warpShadow(x).dirty[slot >> 6] >> (slot & 63)) & 1;
}
inline void markDirty(const ExecState &x, uint32_t slot) {
  uint64_t &word = warpShadow(x).dirty[slot >> 6];
  const uint64_t bit = uint64_t(1) << (slot & 63);
  warpShadow(x).dirtySlots += (word & bit) == 0;
  word |= bit;
}
/// Slot `slot` is defined in every lane.
inline void markClean(const ExecState &x, uint32_t slot) {
  uint64_t &word = warpShadow(x).dirty[slot >> 6];
  const uint64_t bit = uint64_t(1) << (slot & 63);
  warpShadow(x).dirtySlots -= (word & bit) != 0;
  word &= ~bit;
}

/// The origin of the undefined bytes of slot `slot`.
inline ShadowOrigin &originOf(const ExecState &x, uint32_t slot) {
  return warpShadow(x).origins[slot];
}

/// The lanes whose shadow byte in `s` is not zero (some byte of the value undefined).
inline uint64_t undefinedLanes(const uint8_t *s, uint32_t width) {
  uint64_t lanes = 0;
  uint32_t l = 0;
#ifdef __SSE2__
  const __m128i zero = _mm_setzero_si128();
  for (; l + 16 <= width; l += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s + l));
    lanes |= uint64_t(uint32_t(~_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)) & 0xffff)) << l;
  }
#endif
  for (; l < width; ++l) lanes |= uint64_t(s[l] != 0) << l;
  return lanes;
}

/// The lanes of `mask` where slot `slot` is undefined.
inline uint64_t undefinedLanesOf(const ExecState &x, uint32_t slot, uint64_t mask) {
  return isDirty(x, slot) ? undefinedLanes(shadowOf(x, slot), x.width) & mask : 0;
}

/// Makes the lanes of `mask` of slot `slot` defined; a slot defined in every lane is clean.
[[gnu::always_inline]] inline void defineLanes(const ExecState &x, uint32_t slot, uint64_t mask) {
  if (!isDirty(x, slot)) return;
  uint8_t *s = shadowOf(x, slot);
  if (mask == x.allLanes) {
    std::memset(s, 0, x.width);
    return markClean(x, slot);
  }
  for (uint64_t m = mask; m; m &= m - 1) s[std::countr_zero(m)] = 0;
}

/// Writes `result` (per lane) to the lanes of `mask` of slot `slot`, with `origin` when
/// some lane is undefined.
inline void writeLanes(const ExecState &x, uint32_t slot, uint64_t mask, const uint8_t *result,
                       const ShadowOrigin &origin) {
  uint8_t *s = shadowOf(x, slot);
  uint8_t any = 0;
  for (uint64_t m = mask; m; m &= m - 1) {
    const uint32_t l = static_cast<uint32_t>(std::countr_zero(m));
    s[l] = result[l];
    any |= result[l];
  }
  if (any) {
    markDirty(x, slot);
    originOf(x, slot) = origin;
  } else if (mask == x.allLanes) {
    markClean(x, slot);
  }
}

} // namespace spvsim::ops
