// Handlers of the conversion family: every numeric conversion between the
// scalar kinds (lower/op_table.h ConvertKind), with the default rounding of
// the OpenCL SPIR-V environment (§6.3: to integer toward zero, to float to
// nearest even), explicit FPRoundingMode (§6.2) and SaturatedConversion.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

#include "exec/exec_state.h"
#include "exec/float_types.h"
#include "exec/half_bits.h"
#include "lower/op_table.h"

namespace spvsim::ops {

/// A float → integer conversion of a value out of range or NaN, without
/// SaturatedConversion (the result is undefined; spvsim saturates).
void reportFloatToIntRange(const ExecState &x, const LoweredOp &op, uint32_t lane, double value,
                           uint64_t lanes);

template <class F> inline F roundBy(F v, uint32_t mode) {
  if constexpr (std::is_same_v<F, Half>) {
    return Half(roundBy(float(v), mode)); // integral values of half are exact in float
  } else {
    switch (mode) {
    case kRoundRte:
      return std::nearbyint(v); // the host runs in round-to-nearest-even
    case kRoundRtp:
      return std::ceil(v);
    case kRoundRtn:
      return std::floor(v);
    default:
      return std::trunc(v); // the default and RTZ
    }
  }
}

/// roundBy() of a float or double with the rounding mode R fixed, exact and without the
/// C library's calls (a float → integer conversion rounds every lane): a value of 2^62
/// or more in magnitude, an infinity or a NaN is returned as it is (already integral).
/// Round to nearest even adds and subtracts 2^23 (2^52), which the host rounds to
/// nearest even; the directed modes step from the value truncated through int64_t.
template <uint32_t R, class F> inline F roundIntegral(F v) {
  static_assert(std::is_same_v<F, float> || std::is_same_v<F, double>);
  const F a = std::fabs(v);
  if (!(a < F(uint64_t(1) << 62))) return v;
  if constexpr (R == kRoundRte) {
    constexpr F big = F(1) / std::numeric_limits<F>::epsilon();
    return a < big ? std::copysign((a + big) - big, v) : v;
  } else {
    const F t = std::copysign(F(int64_t(v)), v);
    if constexpr (R == kRoundRtp)
      return t < v ? t + 1 : t;
    else if constexpr (R == kRoundRtn)
      return t > v ? t - 1 : t;
    else
      return t; // the default and RTZ
  }
}

/// Rounds an exact value to To with a directed rounding mode.
template <class To> inline To roundedFrom(long double exact, uint32_t mode) {
  To r = static_cast<To>(exact); // to nearest even
  const long double back = r;
  switch (mode) {
  case kRoundRtz:
    if (std::fabs(back) > std::fabs(exact)) r = stepFloat(r, back < 0);
    break;
  case kRoundRtp:
    if (back < exact) r = stepFloat(r, true);
    break;
  case kRoundRtn:
    if (back > exact) r = stepFloat(r, false);
    break;
  default:
    break;
  }
  return r;
}

/// [lo, hi) of the values a float converts into To without overflow: powers of two
/// (or zero), exact in double.
template <class To>
inline constexpr double kIntHi = [] {
  double h = 1;
  for (int i = 0; i < std::numeric_limits<To>::digits; ++i) h *= 2;
  return h;
}();
template <class To> inline constexpr double kIntLo = std::is_signed_v<To> ? -kIntHi<To> : 0.0;

template <class From, class To> inline bool inRange(From v) {
  if constexpr (kIsFloat<From> && std::is_integral_v<To>) {
    return v == v && static_cast<double>(v) >= kIntLo<To> && static_cast<double>(v) < kIntHi<To>;
  } else {
    return true;
  }
}

/// One conversion; `mode` is the op's aux: rounding mode and saturation flag.
template <class From, class To> inline To convertValue(From v, uint32_t mode) {
  const uint32_t rounding = mode & kRoundMask;
  if constexpr (kIsFloat<From> && std::is_integral_v<To>) {
    if (v != v) return 0;
    v = roundBy(v, rounding);
    // Out of range saturates (required with SaturatedConversion, undefined otherwise).
    if (static_cast<double>(v) < kIntLo<To>) return std::numeric_limits<To>::min();
    if (static_cast<double>(v) >= kIntHi<To>) return std::numeric_limits<To>::max();
    return static_cast<To>(v);
  } else if constexpr (std::is_integral_v<From> && std::is_integral_v<To>) {
    if (mode & kSaturate) {
      using Wide = std::conditional_t<std::is_signed_v<From>, int64_t, uint64_t>;
      Wide w = static_cast<Wide>(v);
      if constexpr (std::is_signed_v<From>) {
        if (w < 0 && !std::is_signed_v<To>) return 0;
        if constexpr (std::is_signed_v<To>)
          if (w < static_cast<int64_t>(std::numeric_limits<To>::min()))
            return std::numeric_limits<To>::min();
        if (w > 0 &&
            static_cast<uint64_t>(w) > static_cast<uint64_t>(std::numeric_limits<To>::max()))
          return std::numeric_limits<To>::max();
      } else {
        if (w > static_cast<uint64_t>(std::numeric_limits<To>::max()))
          return std::numeric_limits<To>::max();
      }
    }
    return static_cast<To>(v);
  } else if constexpr (std::is_same_v<To, Half> &&
                       (std::is_same_v<From, float> || std::is_same_v<From, double>)) {
    return std::bit_cast<Half>(halfBitsFrom(v, rounding)); // every mode, on the bits
  } else if constexpr (std::is_same_v<From, Half> &&
                       (std::is_same_v<To, float> || std::is_same_v<To, double>)) {
    return static_cast<To>(floatFromHalfBits(std::bit_cast<uint16_t>(v))); // exact
  } else if constexpr (kIsFloat<To> && sizeof(To) < sizeof(long double)) {
    if (rounding == kRoundDefault || rounding == kRoundRte) return static_cast<To>(v);
    if constexpr (kIsFloat<From>)
      if (v != v) return static_cast<To>(v);
    return roundedFrom<To>(static_cast<long double>(v), rounding); // exact in long double
  } else {
    return static_cast<To>(v);
  }
}

/// A float or double → integer conversion of the lanes of `mask` with rounding mode R:
/// each lane rounded once (roundIntegral), out of range and NaN saturating as
/// convertValue() does; reported (reportFloatToIntRange) unless SaturatedConversion.
template <class From, class To, uint32_t R>
inline void floatToInt(const ExecState &x, const LoweredOp &op, uint64_t mask) {
  To *d = x.reg<To>(op.d);
  const From *a = x.reg<From>(op.a);
  uint64_t bad = 0;
  forLanes(x, mask, d, [&](uint32_t l) {
    const From r = roundIntegral<R>(a[l]);
    const double v = static_cast<double>(r);
    if (v >= kIntLo<To> && v < kIntHi<To>) return static_cast<To>(r);
    bad |= laneBit(l);
    if (v != v) return To(0);
    return v < kIntLo<To> ? std::numeric_limits<To>::min() : std::numeric_limits<To>::max();
  });
  bad &= mask;
  if (!bad || (op.aux & kSaturate)) return;
  const uint32_t first = uint32_t(std::countr_zero(bad));
  reportFloatToIntRange(x, op, first, static_cast<double>(a[first]), uint64_t(std::popcount(bad)));
}

template <class From, class To> inline void convert(const ExecState &x, const LoweredOp &op) {
  constexpr bool floatOrDouble = std::is_same_v<From, float> || std::is_same_v<From, double>;
  if constexpr (floatOrDouble && std::is_integral_v<To>) {
    const uint64_t mask = x.maskOf(op);
    switch (op.aux & kRoundMask) {
    case kRoundRte:
      return floatToInt<From, To, kRoundRte>(x, op, mask);
    case kRoundRtp:
      return floatToInt<From, To, kRoundRtp>(x, op, mask);
    case kRoundRtn:
      return floatToInt<From, To, kRoundRtn>(x, op, mask);
    default:
      return floatToInt<From, To, kRoundRtz>(x, op, mask);
    }
  }
  To *d = x.reg<To>(op.d);
  const From *a = x.reg<From>(op.a);
  const uint32_t mode = op.aux;
  const uint64_t mask = x.maskOf(op);
  if (mode == 0) {
    forLanes(x, mask, d, [&](uint32_t l) { return convertValue<From, To>(a[l], 0); });
  } else {
    forLanes(x, mask, d, [&](uint32_t l) { return convertValue<From, To>(a[l], mode); });
  }
  if constexpr (kIsFloat<From> && std::is_integral_v<To>) {
    if (mode & kSaturate) return;
    uint64_t bad = 0;
    uint32_t first = 0;
    for (uint32_t l = 0; l < x.width; ++l)
      if ((mask >> l) & 1 && !inRange<From, To>(roundBy(a[l], mode & kRoundMask)))
        if (bad++ == 0) first = l;
    if (bad) reportFloatToIntRange(x, op, first, static_cast<double>(a[first]), bad);
  }
}

template <size_t I> struct ConvertKindType;
template <> struct ConvertKindType<0> { using type = uint8_t; };
template <> struct ConvertKindType<1> { using type = uint16_t; };
template <> struct ConvertKindType<2> { using type = uint32_t; };
template <> struct ConvertKindType<3> { using type = uint64_t; };
template <> struct ConvertKindType<4> { using type = int8_t; };
template <> struct ConvertKindType<5> { using type = int16_t; };
template <> struct ConvertKindType<6> { using type = int32_t; };
template <> struct ConvertKindType<7> { using type = int64_t; };
template <> struct ConvertKindType<8> { using type = float; };
template <> struct ConvertKindType<9> { using type = double; };
template <> struct ConvertKindType<10> { using type = Half; };

template <size_t... I>
inline void convertDispatch(const ExecState &x, const LoweredOp &op, uint32_t index,
                            std::index_sequence<I...>) {
  (void)((index == I ? (convert<typename ConvertKindType<I / kConvertKinds>::type,
                                typename ConvertKindType<I % kConvertKinds>::type>(x, op),
                        true)
                     : false) ||
         ...);
}

inline void convert(const ExecState &x, const LoweredOp &op) {
  uint32_t index = uint32_t(op.code) - uint32_t(OpCode::ConvertFirst);
  convertDispatch(x, op, index, std::make_index_sequence<kConvertKinds * kConvertKinds>());
}

/// OpBitcast between layouts: lane by lane, the c leaves of aux & 0xff bytes at a are
/// laid end to end (little-endian, leaf 0 first) and cut into the b leaves of aux >> 8
/// bytes at d. Inactive lanes keep their values.
inline void repack(const ExecState &x, const LoweredOp &op) {
  const uint32_t stride = x.width * 8, fromBytes = op.aux & 0xff, toBytes = op.aux >> 8;
  const uint64_t mask = x.maskOf(op);
  std::byte bits[16 * 8]; // a 16-component vector of 64-bit components at most
  for (uint32_t l = 0; l < x.width; ++l) {
    if (!((mask >> l) & 1)) continue;
    for (uint32_t i = 0; i < op.c; ++i)
      std::memcpy(bits + i * fromBytes, x.reg<std::byte>(op.a + i * stride) + l * fromBytes,
                  fromBytes);
    for (uint32_t i = 0; i < op.b; ++i)
      std::memcpy(x.reg<std::byte>(op.d + i * stride) + l * toBytes, bits + i * toBytes, toBytes);
  }
}

} // namespace spvsim::ops
