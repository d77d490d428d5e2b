// Handlers of the arithmetic families: integer, float and boolean ops,
// comparisons, OpenCL.std math on floats and integers, selects, moves and
// conversions. Each op's semantics is the expression in lower/op_table.h,
// turned here into a functor and run over the active lanes.
#pragma once

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

#include "exec/exec_state.h"
#include "exec/float_types.h"
#include "exec/wrap_lanes.h"
#include "lower/op_table.h"

namespace spvsim::ops {

/// Integer ops compute in at least 32 bits so that narrow types never promote to int.
template <class U> using Compute = std::conditional_t<(sizeof(U) < 4), uint32_t, U>;
template <class U> using Signed = std::make_signed_t<U>;
template <class U> constexpr unsigned kBits = sizeof(U) * 8;

template <class U, class C> inline U sdiv(C ca, C cb) {
  Signed<U> a = Signed<U>(U(ca)), b = Signed<U>(U(cb));
  if (b == 0) return 0;
  if (b == -1) return U(U(0) - U(a)); // INT_MIN / -1 wraps instead of trapping
  return U(a / b);
}
template <class U, class C> inline U srem(C ca, C cb) {
  Signed<U> a = Signed<U>(U(ca)), b = Signed<U>(U(cb));
  if (b == 0 || b == -1) return 0;
  return U(a % b);
}
template <class U, class C> inline U smod(C ca, C cb) {
  Signed<U> a = Signed<U>(U(ca)), b = Signed<U>(U(cb));
  if (b == 0 || b == -1) return 0;
  Signed<U> r = Signed<U>(a % b);
  if (r != 0 && ((r < 0) != (b < 0))) r = Signed<U>(r + b);
  return U(r);
}
template <class U, class C> inline U udiv(C a, C b) {
  return U(b) ? U(U(a) / U(b)) : U(0);
}
template <class U, class C> inline U umod(C a, C b) {
  return U(b) ? U(U(a) % U(b)) : U(0);
}
// Shift amounts are taken modulo the width (SPIR-V leaves larger ones undefined).
template <class U, class C> inline U shl(C a, C b) {
  return U(U(a) << (U(b) % kBits<U>));
}
template <class U, class C> inline U shrl(C a, C b) {
  return U(U(a) >> (U(b) % kBits<U>));
}
template <class U, class C> inline U shra(C a, C b) {
  return U(Signed<U>(U(a)) >> (U(b) % kBits<U>));
}
template <class F> inline F fmodFloor(F a, F b) {
  F r = std::fmod(a, b);
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}
/// OpQuantizeToF16: the value rounded to half precision; magnitudes below half's
/// normal range become a zero of the same sign (SPIR-V §3.52.11 allows either zero).
template <class F> inline F quantizeToHalf(F a) {
  const F q = F(_Float16(a));
  return q != 0 && std::fabs(q) < F(0x1p-14) ? std::copysign(F(0), a) : q;
}
// Functors generated from the op table (the macros stay defined for
// exec/handlers_opencl_std.h).
#define SPVSIM_INT_FN(name, spvop, expr)                                                           \
  struct name##Fn {                                                                                \
    template <class U> static U apply(U ua, U ub, U uc) {                                          \
      using C = Compute<U>;                                                                        \
      [[maybe_unused]] C a = ua, b = ub, c = uc;                                                   \
      [[maybe_unused]] auto S = [](C v) { return Signed<U>(U(v)); };                               \
      return static_cast<U>(expr);                                                                 \
    }                                                                                              \
  };
#define SPVSIM_FLOAT_FN(name, spvop, expr)                                                         \
  struct name##Fn {                                                                                \
    template <class F> static auto apply(F a, [[maybe_unused]] F b, [[maybe_unused]] F c) {        \
      return expr;                                                                                 \
    }                                                                                              \
  };
#define SPVSIM_INT_CMP_FN(name, spvop, expr)                                                       \
  struct name##Fn {                                                                                \
    template <class U> static uint8_t apply(U ua, U ub, U) {                                       \
      using C = Compute<U>;                                                                        \
      [[maybe_unused]] C a = ua, b = ub;                                                           \
      [[maybe_unused]] auto S = [](C v) { return Signed<U>(U(v)); };                               \
      return (expr) ? 1 : 0;                                                                       \
    }                                                                                              \
  };
#define SPVSIM_BOOL_FN(name, spvop, expr)                                                          \
  struct name##Fn {                                                                                \
    static uint8_t apply(uint8_t a, uint8_t b, uint8_t) { return (expr) ? 1 : 0; }                 \
  };
SPVSIM_INT_BINARY_OPS(SPVSIM_INT_FN)
SPVSIM_INT_UNARY_OPS(SPVSIM_INT_FN)
SPVSIM_INT_COMPARE_OPS(SPVSIM_INT_CMP_FN)
SPVSIM_FLOAT_BINARY_OPS(SPVSIM_FLOAT_FN)
SPVSIM_FLOAT_UNARY_OPS(SPVSIM_FLOAT_FN)
SPVSIM_FLOAT_COMPARE_OPS(SPVSIM_FLOAT_FN)
SPVSIM_FLOAT_TEST_OPS(SPVSIM_FLOAT_FN)
SPVSIM_BOOL_OPS(SPVSIM_BOOL_FN)
#undef SPVSIM_INT_CMP_FN
#undef SPVSIM_BOOL_FN

/// d = Fn(a, b, c) over the active lanes; D is the result type, T the operand type.
template <class D, class T, class Fn> inline void apply3(const ExecState &x, const LoweredOp &op) {
  D *d = x.reg<D>(op.d);
  const T *a = x.reg<T>(op.a), *b = x.reg<T>(op.b), *c = x.reg<T>(op.c);
  forLanes(x, x.maskOf(op), d, [&](uint32_t l) { return D(Fn::apply(a[l], b[l], c[l])); });
}

/// A float op on half operands: computed in float, where every half is exact, and
/// rounded once to the result type D (correctly rounded for the basic operations:
/// float has more than twice half's precision).
template <class D, class Fn> inline void applyHalf3(const ExecState &x, const LoweredOp &op) {
  D *d = x.reg<D>(op.d);
  const Half *a = x.reg<Half>(op.a), *b = x.reg<Half>(op.b), *c = x.reg<Half>(op.c);
  forLanes(x, x.maskOf(op), d,
           [&](uint32_t l) { return D(Fn::apply(float(a[l]), float(b[l]), float(c[l]))); });
}

/// Integer ops whose result SPIR-V leaves undefined for some operands, and the check
/// that reports them (docs/findings.md ub.*). The op itself stays defined: see sdiv etc.
enum class UndefinedCheck : uint8_t { None, DivisorZero, SignedDivision, Shift };
template <class Fn> inline constexpr UndefinedCheck kUndefinedCheck = UndefinedCheck::None;
template <> inline constexpr UndefinedCheck kUndefinedCheck<UDivFn> = UndefinedCheck::DivisorZero;
template <> inline constexpr UndefinedCheck kUndefinedCheck<UModFn> = UndefinedCheck::DivisorZero;
template <>
inline constexpr UndefinedCheck kUndefinedCheck<SDivFn> = UndefinedCheck::SignedDivision;
template <>
inline constexpr UndefinedCheck kUndefinedCheck<SRemFn> = UndefinedCheck::SignedDivision;
template <>
inline constexpr UndefinedCheck kUndefinedCheck<SModFn> = UndefinedCheck::SignedDivision;
template <> inline constexpr UndefinedCheck kUndefinedCheck<ShlFn> = UndefinedCheck::Shift;
template <> inline constexpr UndefinedCheck kUndefinedCheck<ShrLFn> = UndefinedCheck::Shift;
template <> inline constexpr UndefinedCheck kUndefinedCheck<ShrAFn> = UndefinedCheck::Shift;

/// Reports an integer op with operands that make its result undefined.
void reportUndefinedIntOp(const ExecState &x, const LoweredOp &op, uint32_t lane,
                          UndefinedCheck check, bool overflow, uint64_t lanes);

/// An integer op of the table, followed by its undefined-behaviour check if it has one.
template <class U, class Fn> inline void intOp(const ExecState &x, const LoweredOp &op) {
  constexpr UndefinedCheck check = kUndefinedCheck<Fn>;
  if constexpr (check == UndefinedCheck::Shift) {
    // The common shift: every lane by the same amount, within the width (`s >>= 1` in a
    // loop). Nothing to report, and a shift by one count vectorises.
    const U *b = x.reg<U>(op.b);
    const U count = b[0];
    U differ = 0;
    for (uint32_t l = 0; l < x.width; ++l) differ |= b[l] ^ count;
    if (!differ && count < kBits<U>) {
      const U *a = x.reg<U>(op.a);
      forLanes(x, x.maskOf(op), x.reg<U>(op.d),
               [&](uint32_t l) { return U(Fn::apply(a[l], count, U(0))); });
      return;
    }
  }
  if constexpr (check != UndefinedCheck::None) {
    // Checked before the op: the destination may be one of the operands.
    const U *a = x.reg<U>(op.a), *b = x.reg<U>(op.b);
    const uint64_t mask = x.maskOf(op);
    uint64_t bad = 0;
    uint32_t first = 0;
    bool overflow = false;
    for (uint32_t l = 0; l < x.width; ++l) {
      bool isBad = false, isOverflow = false;
      if constexpr (check == UndefinedCheck::Shift) {
        isBad = b[l] >= kBits<U>;
      } else {
        isBad = b[l] == 0;
        if constexpr (check == UndefinedCheck::SignedDivision)
          isOverflow = Signed<U>(b[l]) == -1 && a[l] == (U(1) << (kBits<U> - 1));
      }
      if ((mask >> l) & 1 && (isBad || isOverflow) && bad++ == 0) first = l, overflow = isOverflow;
    }
    if (bad) reportUndefinedIntOp(x, op, first, check, overflow, bad);
  }
  apply3<U, U, Fn>(x, op);
}

/// Reports a NoSignedWrap / NoUnsignedWrap result that wrapped (ub.int-overflow).
void reportWrap(const ExecState &x, const LoweredOp &op, uint32_t lane, bool isSigned,
                uint64_t lanes);

/// After d = a op b: reports lanes whose result wrapped against its decorations.
template <class U> inline void wrapCheck(const ExecState &x, const LoweredOp &op) {
  uint64_t s = 0, u = 0;
  wrappedLanes<U>(x.reg<U>(op.a), x.reg<U>(op.b), x.width, op.aux, &s, &u);
  const uint64_t mask = x.maskOf(op);
  s &= mask;
  u &= mask;
  if (const uint64_t bad = s | u) [[unlikely]] {
    const auto first = uint32_t(std::countr_zero(bad));
    reportWrap(x, op, first, (s >> first) & 1, uint64_t(std::popcount(bad)));
  }
}

template <class T> inline void move(const ExecState &x, const LoweredOp &op) {
  T *d = x.reg<T>(op.d);
  const T *a = x.reg<T>(op.a);
  forLanes(x, x.maskOf(op), d, [&](uint32_t l) { return a[l]; });
}

/// d = a where the lane's condition holds, else b. Branch-free (a mask from the
/// condition): conditions are data, often random (a generator's `uni < 0`), and a branch
/// per lane mispredicts; the operands are captured by value so that the loop keeps them
/// in registers and vectorises.
template <class T> inline void select(const ExecState &x, const LoweredOp &op) {
  T *d = x.reg<T>(op.d);
  const uint8_t *cond = x.reg<uint8_t>(op.a);
  const T *a = x.reg<T>(op.b), *b = x.reg<T>(op.c);
  forLanes(x, x.maskOf(op), d, [cond, a, b](uint32_t l) {
    const T m = T(T(0) - T(cond[l] != 0));
    return T((a[l] & m) | (b[l] & T(~m)));
  });
}

/// d = vector a [index b]; an index past the end (undefined in SPIR-V) reads 0.
template <class T> inline void extractDynamic(const ExecState &x, const LoweredOp &op) {
  T *d = x.reg<T>(op.d);
  const uint32_t stride = x.width * 8;
  forLanes(x, x.maskOf(op), d, [&](uint32_t l) {
    uint64_t i = indexOf(x, op.b, op.aux, l);
    return i < op.c ? x.reg<T>(op.a + uint32_t(i) * stride)[l] : T(0);
  });
}

/// vector d [index b] = a for the active lanes; an index past the end writes nothing.
template <class T> inline void insertDynamic(const ExecState &x, const LoweredOp &op) {
  const T *a = x.reg<T>(op.a);
  const uint32_t stride = x.width * 8;
  const uint64_t mask = x.maskOf(op);
  for (uint32_t l = 0; l < x.width; ++l) {
    uint64_t i = indexOf(x, op.b, op.aux, l);
    if ((mask >> l) & 1 && i < op.c) x.reg<T>(op.d + uint32_t(i) * stride)[l] = a[l];
  }
}

inline void logicalNot(const ExecState &x, const LoweredOp &op) {
  uint8_t *d = x.reg<uint8_t>(op.d);
  const uint8_t *a = x.reg<uint8_t>(op.a);
  forLanes(x, x.maskOf(op), d, [&](uint32_t l) { return uint8_t(!a[l]); });
}

} // namespace spvsim::ops
