// Handlers of the OpenCL.std extended instructions (lower/opencl_std_ops.h):
// helper functions that give each instruction its OpenCL semantics, and the
// functors the dispatch loop runs per lane (exec/dispatch_opencl_std.inc).
#pragma once

#include <limits>

#include "exec/handlers_arith.h"
#include "exec/math_functions.h"

namespace spvsim::ops {

template <class U, class C> inline U popcountOf(C a) {
  return U(std::popcount(U(a)));
}
template <class U, class C> inline U clzOf(C a) {
  return U(std::countl_zero(U(a)));
}
template <class U, class C> inline U ctzOf(C a) {
  return U(std::countr_zero(U(a)));
}
template <class U, class C> inline U sclampOf(C x, C lo, C hi) {
  Signed<U> v = Signed<U>(U(x)), l = Signed<U>(U(lo)), h = Signed<U>(U(hi));
  return U(v < l ? l : v > h ? h : v);
}
template <class U, class C> inline U uclampOf(C x, C lo, C hi) {
  U v = U(x), l = U(lo), h = U(hi);
  return v < l ? l : v > h ? h : v;
}

// Integer built-ins (OpenCL C §6.15.3): saturating, halving and high-half
// arithmetic on the unsigned view of a width's values.
template <class U> using Wide = std::conditional_t<(sizeof(U) < 8), int64_t, __int128>;
template <class U> using UWide = std::conditional_t<(sizeof(U) < 8), uint64_t, unsigned __int128>;
template <class U> inline constexpr Wide<U> kSMax = Wide<U>(std::numeric_limits<Signed<U>>::max());
template <class U> inline constexpr Wide<U> kSMin = Wide<U>(std::numeric_limits<Signed<U>>::min());
template <class U> inline U saturateSigned(Wide<U> v) {
  return U(Signed<U>(v > kSMax<U> ? kSMax<U> : v < kSMin<U> ? kSMin<U> : v));
}
template <class U, class C> inline U saddSat(C a, C b) {
  return saturateSigned<U>(Wide<U>(Signed<U>(U(a))) + Wide<U>(Signed<U>(U(b))));
}
template <class U, class C> inline U ssubSat(C a, C b) {
  return saturateSigned<U>(Wide<U>(Signed<U>(U(a))) - Wide<U>(Signed<U>(U(b))));
}
template <class U, class C> inline U smadSat(C a, C b, C c) {
  const Wide<U> x = Signed<U>(U(a)), y = Signed<U>(U(b)), z = Signed<U>(U(c));
  if constexpr (sizeof(U) == 8) {
    // The 128-bit product of two 64-bit values cannot overflow; the sum can only
    // leave 128 bits if the product already saturates.
    const Wide<U> p = x * y;
    if (p > kSMax<U> + (z < 0 ? -z : 0)) return saturateSigned<U>(kSMax<U> + 1);
    if (p < kSMin<U> - (z > 0 ? z : 0)) return saturateSigned<U>(kSMin<U> - 1);
    return saturateSigned<U>(p + z);
  } else {
    return saturateSigned<U>(x * y + z);
  }
}
// (2^64 - 1)^2 + 2^64 - 1 < 2^128: the wide sum never wraps.
template <class U, class C> inline U umadSat(C a, C b, C c) {
  const UWide<U> p = UWide<U>(U(a)) * UWide<U>(U(b)), s = p + UWide<U>(U(c));
  const UWide<U> max = UWide<U>(U(~U(0)));
  return s < p || s > max ? U(max) : U(s);
}
template <class U, class C> inline U shadd(C a, C b, int roundUp) {
  const Signed<U> x = Signed<U>(U(a)), y = Signed<U>(U(b));
  return U((x >> 1) + (y >> 1) + ((roundUp ? (x | y) : (x & y)) & 1));
}
/// The high half of a signed 8- or 16-bit product. Not inlined: GCC 12's
/// vectoriser miscompiles the signed multiply-high pattern at -O3 for 16-bit
/// lanes (mul_hi(-32768, 1) gave -32768 in 8-lane loops).
template <class U> [[gnu::noinline]] U smulHiNarrow(U a, U b) {
  const int32_t product = int32_t(Signed<U>(a)) * int32_t(Signed<U>(b));
  return U(uint32_t(product) >> (sizeof(U) * 8));
}
template <class U, class C> inline U smulHi(C a, C b) {
  if constexpr (sizeof(U) == 8)
    return U(uint64_t((__int128(int64_t(U(a))) * __int128(int64_t(U(b)))) >> 64));
  else if constexpr (sizeof(U) == 4)
    return U(uint64_t((int64_t(Signed<U>(U(a))) * int64_t(Signed<U>(U(b)))) >> 32));
  else
    return smulHiNarrow<U>(U(a), U(b));
}
template <class U, class C> inline U umulHi(C a, C b) {
  constexpr unsigned bits = sizeof(U) * 8;
  return U((UWide<U>(U(a)) * UWide<U>(U(b))) >> bits);
}
template <class U, class C> inline U rotl(C a, C b) {
  return std::rotl(U(a), int(U(b) % (sizeof(U) * 8)));
}

// Geometric functions (OpenCL C §6.15.5) over vectors of op.c components in
// consecutive slots. Sums of squares are formed in long double, whose range and
// precision exceed double's, so no intermediate overflows or underflows and the
// result is rounded once.
template <class F>
inline long double componentOf(const ExecState &x, uint32_t slot, uint32_t k, uint32_t lane) {
  return static_cast<long double>(x.reg<F>(slot + k * x.width * 8)[lane]);
}

template <class F> inline void geomLength(const ExecState &x, const LoweredOp &op) {
  F *d = x.reg<F>(op.d);
  forLanes(x, x.maskOf(op), d, [&](uint32_t l) {
    long double sum = 0;
    bool infinite = false;
    for (uint32_t k = 0; k < op.c; ++k) {
      long double v = componentOf<F>(x, op.a, k, l);
      if (op.aux) v -= componentOf<F>(x, op.b, k, l);
      infinite = infinite || std::isinf(v);
      sum += v * v;
    }
    // As hypot: an infinite component gives +inf even beside a NaN.
    return infinite ? static_cast<F>(INFINITY) : static_cast<F>(std::sqrt(sum));
  });
}

/// normalize: p unchanged when every component is zero, NaNs when one is NaN, and
/// infinite components taken as ±1 (the others as ±0) — OpenCL C §6.15.5.
template <class F> inline void geomNormalize(const ExecState &x, const LoweredOp &op) {
  const uint64_t mask = x.maskOf(op);
  const uint32_t stride = x.width * 8;
  for (uint32_t l = 0; l < x.width; ++l) {
    if (!((mask >> l) & 1)) continue;
    long double v[16];
    bool nan = false, infinite = false;
    for (uint32_t k = 0; k < op.c; ++k) {
      v[k] = componentOf<F>(x, op.a, k, l);
      nan = nan || std::isnan(v[k]);
      infinite = infinite || std::isinf(v[k]);
    }
    long double sum = 0;
    for (uint32_t k = 0; k < op.c; ++k) {
      if (infinite) v[k] = std::isinf(v[k]) ? std::copysign(1.0L, v[k]) : 0.0L * v[k];
      sum += v[k] * v[k];
    }
    const long double length = std::sqrt(sum);
    for (uint32_t k = 0; k < op.c; ++k) {
      F &out = x.reg<F>(op.d + k * stride)[l];
      if (nan)
        out = static_cast<F>(NAN);
      else
        out = sum == 0 ? static_cast<F>(v[k]) : static_cast<F>(v[k] / length);
    }
  }
}

SPVSIM_INT_EXT_BINARY_OPS(SPVSIM_INT_FN)
SPVSIM_INT_EXT_UNARY_OPS(SPVSIM_INT_FN)
SPVSIM_INT_EXT_TERNARY_OPS(SPVSIM_INT_FN)
SPVSIM_FLOAT_EXT_UNARY_OPS(SPVSIM_FLOAT_FN)
SPVSIM_FLOAT_EXT_BINARY_OPS(SPVSIM_FLOAT_FN)
SPVSIM_FLOAT_EXT_TERNARY_OPS(SPVSIM_FLOAT_FN)

// Functors of the float ops with an integer operand, an integer result, a NaN
// code, or a second result.
#define SPVSIM_FLOAT_INT_FN(name, number, expr)                                                    \
  struct name##Fn {                                                                                \
    template <class F> static F apply(F a, int32_t n) { return expr; }                             \
  };
#define SPVSIM_INT_RESULT_FN(name, number, expr)                                                   \
  struct name##Fn {                                                                                \
    template <class F> static int32_t apply(F a) { return expr; }                                  \
  };
#define SPVSIM_NAN_FN(name, number, expr)                                                          \
  struct name##Fn {                                                                                \
    template <class F> static F apply(uint64_t code) { return expr; }                              \
  };
#define SPVSIM_PTR_FN(name, number, expr)                                                          \
  struct name##Fn {                                                                                \
    template <class F, class S> static F apply(F a, [[maybe_unused]] F b, S &second) {             \
      return expr;                                                                                 \
    }                                                                                              \
  };
SPVSIM_FLOAT_EXT_FLOAT_INT_OPS(SPVSIM_FLOAT_INT_FN)
SPVSIM_FLOAT_EXT_INT_RESULT_OPS(SPVSIM_INT_RESULT_FN)
SPVSIM_FLOAT_EXT_NAN_OPS(SPVSIM_NAN_FN)
SPVSIM_FLOAT_EXT_FLOAT_PTR_OPS(SPVSIM_PTR_FN)
SPVSIM_FLOAT_EXT_INT_PTR_OPS(SPVSIM_PTR_FN)
#undef SPVSIM_FLOAT_INT_FN
#undef SPVSIM_INT_RESULT_FN
#undef SPVSIM_NAN_FN
#undef SPVSIM_PTR_FN

/// d (F) = Fn(a (F), b (int32)).
template <class F, class Fn> inline void applyFloatInt(const ExecState &x, const LoweredOp &op) {
  F *d = x.reg<F>(op.d);
  const F *a = x.reg<F>(op.a);
  const int32_t *n = x.reg<int32_t>(op.b);
  forLanes(x, x.maskOf(op), d, [&](uint32_t l) { return Fn::apply(a[l], n[l]); });
}
/// d (int32) = Fn(a (F)).
template <class F, class Fn> inline void applyIntResult(const ExecState &x, const LoweredOp &op) {
  int32_t *d = x.reg<int32_t>(op.d);
  const F *a = x.reg<F>(op.a);
  forLanes(x, x.maskOf(op), d, [&](uint32_t l) { return Fn::template apply<F>(a[l]); });
}
/// d (F) = Fn(code a, an unsigned integer as wide as F).
template <class F, class Fn> inline void applyNan(const ExecState &x, const LoweredOp &op) {
  using Code = std::conditional_t<sizeof(F) == 8, uint64_t,
                                  std::conditional_t<sizeof(F) == 4, uint32_t, uint16_t>>;
  F *d = x.reg<F>(op.d);
  const Code *a = x.reg<Code>(op.a);
  forLanes(x, x.maskOf(op), d, [&](uint32_t l) { return Fn::template apply<F>(a[l]); });
}
/// d (F) = Fn(a, b, second), second (S) into slot c; lowering stores it through the pointer.
template <class F, class S, class Fn>
inline void applyTwoResults(const ExecState &x, const LoweredOp &op) {
  F *d = x.reg<F>(op.d);
  S *second = x.reg<S>(op.c);
  const F *a = x.reg<F>(op.a), *b = x.reg<F>(op.b);
  const uint64_t mask = x.maskOf(op);
  for (uint32_t l = 0; l < x.width; ++l) {
    if (!((mask >> l) & 1)) continue;
    S s{};
    d[l] = Fn::apply(a[l], b[l], s);
    second[l] = s;
  }
}

} // namespace spvsim::ops
