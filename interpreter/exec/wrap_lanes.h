// The lanes whose NoSignedWrap / NoUnsignedWrap integer op wrapped
// (docs/findings.md ub.int-overflow; SPIR-V §3.20 NoSignedWrap, NoUnsignedWrap):
// one mask per warp, computed without a branch per lane, for the WrapCheck ops that follow every
// decorated add, subtract, multiply, shift and negate (a loop counter's `i++` is one).
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "lower/op_table.h"

namespace spvsim::ops {

/// Whether a op b, computed exactly, leaves the range of U read as signed
/// (`IsSigned`) or unsigned. A shift by the width or more is no wrap (it is
/// reported as ub.shift); a negate ignores b. Written without branches so that a
/// warp's loop vectorises.
template <class U, WrapOp Kind, bool IsSigned> inline bool wrapsExactly(U a, U b) {
  using S = std::make_signed_t<U>;
  constexpr unsigned kTop = sizeof(U) * 8 - 1;
  if constexpr (Kind == WrapOp::Add) {
    const U r = U(a + b);
    if constexpr (IsSigned) return (U((a ^ r) & (b ^ r)) >> kTop) & 1; // both signs differ from r's
    return r < a;
  } else if constexpr (Kind == WrapOp::Sub) {
    const U r = U(a - b);
    if constexpr (IsSigned) return (U((a ^ b) & (a ^ r)) >> kTop) & 1; // signs differ, r has b's
    return a < b;
  } else if constexpr (Kind == WrapOp::Negate) {
    if constexpr (IsSigned) return a == U(U(1) << kTop);
    return a != 0;
  } else if constexpr (Kind == WrapOp::Mul) {
    if constexpr (sizeof(U) < 8) { // exact in 64 bits
      if constexpr (IsSigned) {
        const int64_t p = int64_t(S(a)) * int64_t(S(b));
        return p < int64_t(std::numeric_limits<S>::min()) ||
               p > int64_t(std::numeric_limits<S>::max());
      }
      return uint64_t(a) * uint64_t(b) > uint64_t(std::numeric_limits<U>::max());
    } else {
      U r;
      if constexpr (IsSigned) return __builtin_mul_overflow(S(a), S(b), reinterpret_cast<S *>(&r));
      return __builtin_mul_overflow(a, b, &r);
    }
  } else {
    static_assert(Kind == WrapOp::ShiftLeft);
    const bool inRange = b <= U(kTop);
    const unsigned s = inRange ? unsigned(b) : 0u; // a shift by the width is not computed
    const U shifted = U(U(a) << s);
    // The shift lost bits (or, as signed, changed the sign) when shifting back differs.
    const bool lost = IsSigned ? S(shifted) >> s != S(a) : U(shifted >> s) != U(a);
    return inRange && lost;
  }
}

/// The lanes l < width whose a[l] op b[l] wraps, as a mask. Most warps have none:
/// one vectorised pass says whether any does before the mask is built.
template <class U, WrapOp Kind, bool IsSigned>
inline uint64_t wrappingLanes(const U *a, const U *b, uint32_t width) {
  bool any = false;
  for (uint32_t l = 0; l < width; ++l) any |= wrapsExactly<U, Kind, IsSigned>(a[l], b[l]);
  if (!any) return 0;
  uint64_t lanes = 0;
  for (uint32_t l = 0; l < width; ++l)
    lanes |= uint64_t(wrapsExactly<U, Kind, IsSigned>(a[l], b[l])) << l;
  return lanes;
}

/// The lanes l < width whose a[l] op b[l] wraps as signed (bit l of `*signedLanes`)
/// or as unsigned (of `*unsignedLanes`), for the flags of a WrapCheck's aux.
template <class U, WrapOp Kind>
inline void wrappedLanesOf(const U *a, const U *b, uint32_t width, uint32_t flags,
                           uint64_t *signedLanes, uint64_t *unsignedLanes) {
  *signedLanes = flags & kNoSignedWrap ? wrappingLanes<U, Kind, true>(a, b, width) : 0;
  *unsignedLanes = flags & kNoUnsignedWrap ? wrappingLanes<U, Kind, false>(a, b, width) : 0;
}

/// wrappedLanesOf for the op kind in the low bits of a WrapCheck's aux.
template <class U>
inline void wrappedLanes(const U *a, const U *b, uint32_t width, uint32_t aux,
                         uint64_t *signedLanes, uint64_t *unsignedLanes) {
  switch (static_cast<WrapOp>(aux & 15)) {
  case WrapOp::Add:
    return wrappedLanesOf<U, WrapOp::Add>(a, b, width, aux, signedLanes, unsignedLanes);
  case WrapOp::Sub:
    return wrappedLanesOf<U, WrapOp::Sub>(a, b, width, aux, signedLanes, unsignedLanes);
  case WrapOp::Mul:
    return wrappedLanesOf<U, WrapOp::Mul>(a, b, width, aux, signedLanes, unsignedLanes);
  case WrapOp::ShiftLeft:
    return wrappedLanesOf<U, WrapOp::ShiftLeft>(a, b, width, aux, signedLanes, unsignedLanes);
  case WrapOp::Negate:
    return wrappedLanesOf<U, WrapOp::Negate>(a, b, width, aux, signedLanes, unsignedLanes);
  }
  *signedLanes = *unsignedLanes = 0;
}

} // namespace spvsim::ops
