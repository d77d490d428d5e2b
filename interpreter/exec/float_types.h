// The float types registers hold — half (_Float16), float and double — and
// what the handlers need to treat them alike: a trait that counts half as a
// float (the standard library does not), and stepping to a neighbouring value
// for directed rounding.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace spvsim::ops {

using Half = _Float16;

template <class T>
inline constexpr bool kIsFloat = std::is_floating_point_v<T> || std::is_same_v<T, Half>;

/// The value after `v` toward +infinity (up) or -infinity (down); NaN stays NaN.
template <class F> inline F stepFloat(F v, bool up) {
  if constexpr (std::is_same_v<F, Half>) {
    if (v != v) return v;
    uint16_t bits = std::bit_cast<uint16_t>(v);
    if ((bits & 0x7fff) == 0) return std::bit_cast<Half>(uint16_t(up ? 0x0001 : 0x8001));
    if ((bits & 0x7fff) == 0x7c00 && bool(bits >> 15) != up) return v; // already infinite
    const bool awayFromZero = bool(bits >> 15) != up;
    return std::bit_cast<Half>(uint16_t(awayFromZero ? bits + 1 : bits - 1));
  } else {
    return std::nextafter(v, up ? std::numeric_limits<F>::infinity()
                                : -std::numeric_limits<F>::infinity());
  }
}

} // namespace spvsim::ops
