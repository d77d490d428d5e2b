// Conversions between half (binary16) and float / double computed on the
// bits, with every rounding mode of OpenCL SPIR-V Env §6.2 (FPRoundingMode:
// RTE, RTZ, RTP, RTN) applied once to the exact value. The compiler's own
// `_Float16` conversions on x86-64 without F16C are calls into libgcc's
// generic soft-float code, and the directed modes went through long double:
// vstore_half and convert_half of the OpenCL conformance suite spent a third of
// their time there. Results are bit for bit those of the casts (NaNs keep the
// top bits of their payload and are quiet).
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

namespace spvsim::ops {

/// Rounding directions, the values of lower/op_table.h kRound*: 0 and 1 round to
/// nearest even, 2 toward zero, 3 toward +infinity, 4 toward -infinity.
template <class F> inline uint16_t halfBitsFrom(F v, uint32_t rounding) {
  static_assert(std::is_same_v<F, float> || std::is_same_v<F, double>);
  using Bits = std::conditional_t<std::is_same_v<F, float>, uint32_t, uint64_t>;
  constexpr int kFraction = std::is_same_v<F, float> ? 23 : 52;
  constexpr int kBias = std::is_same_v<F, float> ? 127 : 1023;
  constexpr int kExponentMax = std::is_same_v<F, float> ? 0xff : 0x7ff;
  const Bits bits = std::bit_cast<Bits>(v);
  const bool negative = (bits >> (sizeof(Bits) * 8 - 1)) != 0;
  const uint16_t sign = negative ? 0x8000 : 0;
  const int exponent = int((bits >> kFraction) & Bits(kExponentMax));
  const Bits fraction = bits & ((Bits(1) << kFraction) - 1);
  if (exponent == kExponentMax) {
    if (fraction == 0) return sign | 0x7c00;                                 // infinity
    return uint16_t(sign | 0x7e00 | uint16_t(fraction >> (kFraction - 10))); // quiet NaN
  }
  if (exponent == 0 && fraction == 0) return sign; // zero
  // |v| = m × 2^e with m an integer.
  const uint64_t m = exponent ? uint64_t(fraction) | (uint64_t(1) << kFraction) : fraction;
  const int e = (exponent ? exponent : 1) - kBias - kFraction;
  const int leading = e + 63 - std::countl_zero(m); // |v| in [2^leading, 2^(leading+1))
  // The quantum of the result: 11 significant bits, at most 2^-24 (subnormals).
  int q = leading - 10 < -24 ? -24 : leading - 10;
  const bool up = rounding == 3 ? !negative : rounding == 4 ? negative : false;
  uint64_t s;
  if (q <= e) {
    s = m << (e - q); // exact
  } else {
    const int shift = q - e;
    uint64_t rest; // the bits below the quantum, compared with its half
    bool above, tie;
    if (shift >= 64) {
      s = 0, rest = m, above = false, tie = false; // below half a quantum, not zero
    } else {
      s = m >> shift, rest = m & ((uint64_t(1) << shift) - 1);
      const uint64_t halfQuantum = uint64_t(1) << (shift - 1);
      above = rest > halfQuantum, tie = rest == halfQuantum;
    }
    if (rounding <= 1)
      s += above || (tie && (s & 1));
    else if (rounding != 2)
      s += rest != 0 && up;
    if (s == (uint64_t(1) << 11)) s >>= 1, ++q; // rounded up to the next binade
  }
  if (q > 5) { // beyond 65504: infinity, or the largest half toward zero
    const bool toInfinity = rounding <= 1 || up;
    return sign | (toInfinity ? 0x7c00 : 0x7bff);
  }
  if (s < (uint64_t(1) << 10)) return uint16_t(sign | s); // subnormal (q == -24)
  return uint16_t(sign | (uint16_t(q + 25) << 10) | uint16_t(s - 1024));
}

/// The exact float of a half's bits.
inline float floatFromHalfBits(uint16_t h) {
  const uint32_t sign = uint32_t(h & 0x8000) << 16;
  const uint32_t exponent = (h >> 10) & 0x1f, fraction = h & 0x3ff;
  if (exponent == 0x1f) // infinity; NaN quiet, payload kept
    return std::bit_cast<float>(sign | 0x7f800000 | (fraction ? 0x400000u : 0u) | fraction << 13);
  if (exponent == 0) { // zero or subnormal: fraction × 2^-24
    const float magnitude = float(fraction) * 0x1p-24f;
    return sign ? -magnitude : magnitude;
  }
  return std::bit_cast<float>(sign | (exponent + 112) << 23 | fraction << 13);
}

} // namespace spvsim::ops
