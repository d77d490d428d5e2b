// The OpenCL.std math, common and geometric-scalar functions (OpenCL C
// §6.15.2, §6.15.4) for half, float and double, as the op table's
// expressions call them.
//
// Accuracy (OpenCL SPIR-V Env §6.6.1): every function is evaluated in a wider
// type — half and float in double, double in the x87 80-bit long double —
// with the host's libm, and rounded once, so results are within about half an
// ulp plus the libm's error in the wider type (far inside every bound).
// Functions that must be correctly rounded (sqrt, fma, ceil, fmod, ...) are
// exact in the wider type or computed at the type's own precision. Special
// values follow C99 Annex F, which §6.7.1 adopts; where OpenCL's definition
// differs or C has no such function (the _pi forms, pown, rootn, powr, fract,
// maxmag, minmag, remquo's seven quotient bits, ilogb's FP_ILOGB0/NAN) it is
// written out here. Denormals are never flushed. The libm is called inside its
// domain and range only (math_domain.h): glibc's long double wrappers save and
// restore the floating-point environment for each error they report. Rounding
// to an integer is rint, not nearbyint, which saves and restores it too (the
// two differ only in the inexact flag, which nothing reads).
#pragma once

#include <bit>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "exec/float_types.h"
#include "exec/math_domain.h"

namespace spvsim::ops::math {

/// The type F is evaluated in: double for half and float, long double for double.
template <class F> using Wide = std::conditional_t<std::is_same_v<F, double>, long double, double>;

template <class F> inline Wide<F> wide(F a) {
  return static_cast<Wide<F>>(a);
}
template <class F> inline F narrow(Wide<F> v) {
  return static_cast<F>(v);
}

template <class F> inline bool isNan(F a) {
  return a != a;
}
template <class F> inline F quietNan() {
  return static_cast<F>(std::numeric_limits<double>::quiet_NaN());
}
template <class F> inline F infinity() {
  return static_cast<F>(std::numeric_limits<double>::infinity());
}
template <class F> inline F copySign(F magnitude, F sign) {
  return static_cast<F>(std::copysign(static_cast<double>(magnitude), static_cast<double>(sign)));
}

// Functions of one argument evaluated in the wider type with the host's libm.
#define SPVSIM_MATH_WIDE(name, call)                                                               \
  template <class F> inline F name(F a) {                                                          \
    const Wide<F> x = wide(a);                                                                     \
    return narrow<F>(call);                                                                        \
  }
SPVSIM_MATH_WIDE(acos, domain::acos(x))
SPVSIM_MATH_WIDE(acosh, domain::acosh(x))
SPVSIM_MATH_WIDE(asin, domain::asin(x))
SPVSIM_MATH_WIDE(asinh, std::asinh(x))
SPVSIM_MATH_WIDE(atan, std::atan(x))
SPVSIM_MATH_WIDE(atanh, domain::atanh(x))
SPVSIM_MATH_WIDE(cbrt, std::cbrt(x))
SPVSIM_MATH_WIDE(cos, std::cos(x))
SPVSIM_MATH_WIDE(cosh, domain::cosh(x))
SPVSIM_MATH_WIDE(erfc, std::erfc(x))
SPVSIM_MATH_WIDE(erf, std::erf(x))
SPVSIM_MATH_WIDE(exp, domain::exp(x))
SPVSIM_MATH_WIDE(exp2, domain::exp2(x))
SPVSIM_MATH_WIDE(expm1, domain::expm1(x))
SPVSIM_MATH_WIDE(log, domain::log(x))
SPVSIM_MATH_WIDE(log2, domain::log2(x))
SPVSIM_MATH_WIDE(log10, domain::log10(x))
SPVSIM_MATH_WIDE(log1p, std::log1p(x))
SPVSIM_MATH_WIDE(sin, std::sin(x))
SPVSIM_MATH_WIDE(sinh, domain::sinh(x))
SPVSIM_MATH_WIDE(tan, std::tan(x))
SPVSIM_MATH_WIDE(tanh, std::tanh(x))
SPVSIM_MATH_WIDE(tgamma, domain::tgamma(x))
// Exact in the wider type, so correctly rounded.
SPVSIM_MATH_WIDE(ceil, std::ceil(x))
SPVSIM_MATH_WIDE(fabs, std::fabs(x))
SPVSIM_MATH_WIDE(floor, std::floor(x))
SPVSIM_MATH_WIDE(logb, std::logb(x))
SPVSIM_MATH_WIDE(rint, std::isnan(x) ? x + x : std::rint(x)) // a signaling NaN made quiet
SPVSIM_MATH_WIDE(round, std::round(x))
SPVSIM_MATH_WIDE(trunc, std::trunc(x))
#undef SPVSIM_MATH_WIDE
// lgamma in the wider type, by the reentrant form: std::lgamma writes the global
// signgam, a data race between the worker threads of a launch.
template <class F> inline F lgamma(F a) {
  int sign = 0;
  return narrow<F>(domain::lgammaR(wide(a), sign));
}

template <class F> inline F exp10(F a) {
  return narrow<F>(domain::exp10(wide(a)));
}

/// sqrt is correctly rounded: at the type's own precision for float and double;
/// half through float (which has more than twice half's precision).
template <class F> inline F sqrt(F a) {
  if constexpr (std::is_same_v<F, Half>)
    return static_cast<Half>(std::sqrt(static_cast<float>(a)));
  else
    return std::sqrt(a);
}

template <class F> inline F rsqrt(F a) {
  const Wide<F> x = wide(a);
  return narrow<F>(Wide<F>(1) / domain::sqrt(x));
}

template <class F> inline F recip(F a) {
  return narrow<F>(Wide<F>(1) / wide(a));
}

template <class F> inline F divide(F a, F b) {
  if constexpr (std::is_same_v<F, Half>)
    return static_cast<Half>(static_cast<float>(a) / static_cast<float>(b));
  else
    return a / b;
}

// The _pi forms (results in units of π) and the functions of πx.
inline constexpr long double kPi = 3.141592653589793238462643383279502884L;

template <class F> inline F acospi(F a) {
  return narrow<F>(domain::acos(wide(a)) / Wide<F>(kPi));
}
template <class F> inline F asinpi(F a) {
  return narrow<F>(domain::asin(wide(a)) / Wide<F>(kPi));
}
template <class F> inline F atanpi(F a) {
  if (std::isinf(static_cast<double>(a))) return copySign(static_cast<F>(0.5), a);
  return narrow<F>(std::atan(wide(a)) / Wide<F>(kPi));
}
template <class F> inline F atan2(F y, F x) {
  return narrow<F>(std::atan2(wide(y), wide(x)));
}
template <class F> inline F atan2pi(F y, F x) {
  const double dy = static_cast<double>(y), dx = static_cast<double>(x);
  if (std::isinf(dy) && std::isinf(dx)) return copySign(static_cast<F>(dx > 0 ? 0.25 : 0.75), y);
  if (dy == 0 && !isNan(x)) // ±0 or ±1 exactly (atan2 gives ±π for negative x)
    return copySign(static_cast<F>(std::signbit(dx) ? 1.0 : 0.0), y);
  return narrow<F>(std::atan2(wide(y), wide(x)) / Wide<F>(kPi));
}

/// sin(πx) and cos(πx) of x reduced exactly to f in [-1/4, 1/4] and a quadrant.
template <class F> inline void sinCosPi(F a, Wide<F> &s, Wide<F> &c) {
  const Wide<F> x = wide(a);
  const Wide<F> r = std::fmod(x, Wide<F>(2)); // exact, |r| < 2
  const Wide<F> n = std::rint(r * 2);         // exact
  const Wide<F> f = r - n / 2;                // exact, |f| <= 1/4
  const Wide<F> sf = std::sin(Wide<F>(kPi) * f), cf = std::cos(Wide<F>(kPi) * f);
  switch ((static_cast<int>(n) % 4 + 4) % 4) {
  case 0:
    s = sf, c = cf;
    break;
  case 1:
    s = cf, c = -sf;
    break;
  case 2:
    s = -sf, c = -cf;
    break;
  default:
    s = -cf, c = sf;
    break;
  }
}
// §6.7.1: sinpi(±0) = ±0, sinpi(n) = +0 for positive and -0 for negative integers.
template <class F> inline F sinpi(F a) {
  const double x = static_cast<double>(a);
  if (std::isinf(x) || isNan(a)) return quietNan<F>();
  if (x == std::trunc(x)) return copySign(static_cast<F>(0), a);
  Wide<F> s, c;
  sinCosPi(a, s, c);
  return narrow<F>(s);
}
// cospi(n + 0.5) = +0.
template <class F> inline F cospi(F a) {
  const double x = static_cast<double>(a);
  if (std::isinf(x) || isNan(a)) return quietNan<F>();
  if (x - std::trunc(x) == 0.5 || x - std::trunc(x) == -0.5) return static_cast<F>(0);
  Wide<F> s, c;
  sinCosPi(a, s, c);
  return narrow<F>(c);
}
// tanpi(n) = copysign(0, n) for even n and copysign(0, -n) for odd n; tanpi(n + 0.5)
// = +inf for even n and -inf for odd n.
template <class F> inline F tanpi(F a) {
  const double x = static_cast<double>(a);
  if (std::isinf(x) || isNan(a)) return quietNan<F>();
  if (x == std::trunc(x)) {
    const bool odd = std::fmod(std::fabs(x), 2.0) == 1.0;
    return copySign(static_cast<F>(0), odd ? static_cast<F>(-x) : a);
  }
  const double frac = x - std::trunc(x);
  if (frac == 0.5 || frac == -0.5) {
    const double n = x - 0.5; // x = n + 0.5
    const bool odd = std::fmod(std::fabs(n), 2.0) == 1.0;
    return odd ? -infinity<F>() : infinity<F>();
  }
  Wide<F> s, c;
  sinCosPi(a, s, c);
  return narrow<F>(s / c);
}

// Powers.
template <class F> inline F pow(F x, F y) {
  return narrow<F>(domain::pow(wide(x), wide(y)));
}
/// pown: x to an integer power, pow's special values with y = n (§6.7.1).
template <class F> inline F pown(F x, int32_t n) {
  return narrow<F>(domain::pow(wide(x), static_cast<Wide<F>>(n)));
}
/// powr: x^y for x >= 0 only, defined as exp2(y log2 x) (§6.7.1 lists its special values).
template <class F> inline F powr(F x, F y) {
  const double dx = static_cast<double>(x), dy = static_cast<double>(y);
  if (isNan(x) || isNan(y) || dx < 0) return quietNan<F>();
  if (dx == 0) {
    if (dy == 0) return quietNan<F>();
    return dy < 0 ? infinity<F>() : static_cast<F>(0);
  }
  if (std::isinf(dx)) {
    if (dy == 0) return quietNan<F>();
    return dy < 0 ? static_cast<F>(0) : infinity<F>();
  }
  if (dx == 1) return std::isinf(dy) ? quietNan<F>() : static_cast<F>(1);
  return pow(x, y);
}
/// rootn: the n-th root, x^(1/n), with the special values of §6.7.1.
template <class F> inline F rootn(F x, int32_t n) {
  const double dx = static_cast<double>(x);
  const bool odd = n % 2 != 0;
  if (n == 0 || isNan(x) || (dx < 0 && !odd)) return quietNan<F>();
  if (dx == 0) {
    if (n < 0) return odd ? copySign(infinity<F>(), x) : infinity<F>();
    return odd ? x : static_cast<F>(0);
  }
  if (std::isinf(dx)) {
    if (n < 0) return odd ? copySign(static_cast<F>(0), x) : static_cast<F>(0);
    return x;
  }
  // In long double even for float: 1/n is inexact, and its error is multiplied by log|x|.
  const long double r = std::pow(std::fabs(static_cast<long double>(dx)), 1.0L / n);
  return static_cast<F>(dx < 0 ? -r : r);
}

template <class F> inline F hypot(F x, F y) {
  return narrow<F>(std::hypot(wide(x), wide(y)));
}

// Exact functions of two arguments.
template <class F> inline F fmod(F x, F y) {
  return narrow<F>(domain::fmod(wide(x), wide(y)));
}
template <class F> inline F remainder(F x, F y) {
  return narrow<F>(domain::remainder(wide(x), wide(y)));
}
/// fdim is correctly rounded: at the type's own precision (half through float,
/// which has more than twice half's precision, so rounding twice is harmless).
template <class F> inline F fdim(F x, F y) {
  if constexpr (std::is_same_v<F, Half>)
    return static_cast<Half>(std::fdim(static_cast<float>(x), static_cast<float>(y)));
  else
    return std::fdim(x, y);
}
template <class F> inline F copysign(F x, F y) {
  return copySign(x, y);
}
/// fmax/fmin: a NaN operand yields the other operand.
template <class F> inline F fmax(F x, F y) {
  return narrow<F>(std::fmax(wide(x), wide(y)));
}
template <class F> inline F fmin(F x, F y) {
  return narrow<F>(std::fmin(wide(x), wide(y)));
}
template <class F> inline F maxmag(F x, F y) {
  const double ax = std::fabs(static_cast<double>(x)), ay = std::fabs(static_cast<double>(y));
  return ax > ay ? x : ay > ax ? y : fmax(x, y);
}
template <class F> inline F minmag(F x, F y) {
  const double ax = std::fabs(static_cast<double>(x)), ay = std::fabs(static_cast<double>(y));
  return ax < ay ? x : ay < ax ? y : fmin(x, y);
}
template <class F> inline F nextafter(F x, F y) {
  if constexpr (std::is_same_v<F, Half>) {
    if (isNan(x) || isNan(y)) return quietNan<F>();
    if (x == y) return y;
    return stepFloat(x, y > x);
  } else {
    return std::nextafter(x, y);
  }
}

/// fma: correctly rounded. Half: the product is exact in double; the sum is
/// rounded to odd there, which a second rounding to half cannot double-round.
template <class F> inline F fma(F a, F b, F c) {
  if constexpr (std::is_same_v<F, Half>) {
    const double p = static_cast<double>(a) * static_cast<double>(b), q = static_cast<double>(c);
    double s = p + q;
    if (std::isfinite(s)) {
      const double bp = s - q, error = (p - bp) + (q - (s - bp)); // TwoSum
      uint64_t bits = std::bit_cast<uint64_t>(s);
      if (error != 0 && (bits & 1) == 0) s = std::nextafter(s, error > 0 ? INFINITY : -INFINITY);
    }
    return static_cast<Half>(s);
  } else {
    return std::fma(a, b, c);
  }
}
/// mad: a * b + c with any rounding (§6.6.1 leaves its accuracy open); unfused.
template <class F> inline F mad(F a, F b, F c) {
  return narrow<F>(wide(a) * wide(b) + wide(c));
}

template <class F> inline F ldexp(F x, int32_t n) {
  return narrow<F>(std::ldexp(wide(x), n));
}
/// ilogb with the values OpenCL C's headers give FP_ILOGB0 (INT_MIN) and FP_ILOGBNAN (INT_MAX).
template <class F> inline int32_t ilogb(F x) {
  const double d = static_cast<double>(x);
  if (isNan(x)) return INT_MAX;
  if (d == 0) return INT_MIN;
  if (std::isinf(d)) return INT_MAX;
  return std::ilogb(d);
}
/// nan(code): a quiet NaN carrying the code in its payload.
template <class F> inline F nan(uint64_t code) {
  if constexpr (std::is_same_v<F, double>)
    return std::bit_cast<double>(0x7ff8000000000000ull | (code & 0x0007ffffffffffffull));
  else if constexpr (std::is_same_v<F, float>)
    return std::bit_cast<float>(uint32_t(0x7fc00000u | (code & 0x003fffffu)));
  else
    return std::bit_cast<Half>(uint16_t(0x7e00u | (code & 0x01ffu)));
}

// Functions with a second result (through a pointer in OpenCL C).
template <class F> inline F frexp(F x, int32_t &exponent) {
  int e = 0;
  const Wide<F> m = std::frexp(wide(x), &e);
  exponent = std::isfinite(static_cast<double>(x)) ? e : 0;
  return narrow<F>(m);
}
template <class F> inline F modf(F x, F &integral) {
  Wide<F> i = 0;
  const Wide<F> f = std::modf(wide(x), &i);
  integral = narrow<F>(i);
  return narrow<F>(f);
}
/// fract: x - floor(x), below 1 (§6.15.2: at most the largest value below 1.0),
/// correctly rounded (OpenCL C §7.4: 0 ulp). x - floor(x) is exact but for
/// -1 < x < 0, where it is x + 1: subtracted at the type's own precision, so rounded
/// once. In long double a double's x + 1 would be rounded twice (to 64 bits, then to
/// 53): -0x1.7fffffffff938p-53 + 1 gave 0x1.ffffffffffffep-1 instead of
/// 0x1.fffffffffffffp-1. Half goes through double, exact for every half.
template <class F> inline F fract(F x, F &floorPart) {
  const Wide<F> fl = std::floor(wide(x));
  floorPart = narrow<F>(fl);
  const double d = static_cast<double>(x);
  if (isNan(x)) return x;
  if (std::isinf(d)) return copySign(static_cast<F>(0), x);
  const F largestBelowOne = stepFloat(static_cast<F>(1), false);
  F r;
  if constexpr (std::is_floating_point_v<F>)
    r = x - floorPart;
  else
    r = narrow<F>(wide(x) - fl);
  return r < largestBelowOne ? (d == 0 ? x : r) : largestBelowOne;
}
template <class F> inline F sincos(F x, F &cosine) {
  cosine = cos(x);
  return sin(x);
}
template <class F> inline F lgamma_r(F x, int32_t &sign) {
  int s = 0;
  const Wide<F> r = domain::lgammaR(wide(x), s);
  // §6.7.1: 0 in signp if x is zero or a negative integer (a pole).
  const double d = static_cast<double>(x);
  sign = isNan(x) || d == 0 || (d < 0 && d == std::trunc(d)) ? 0 : s;
  return narrow<F>(r);
}
/// remquo: the remainder of remainder(), and the sign and seven lowest bits of the
/// quotient rounded to nearest (§6.15.2).
template <class F> inline F remquo(F x, F y, int32_t &quotient) {
  const Wide<F> wx = wide(x), wy = wide(y);
  const Wide<F> r = domain::remainder(wx, wy);
  quotient = 0;
  if (std::isfinite(static_cast<double>(wx)) && wy != 0 && !isNan(y)) {
    const Wide<F> ax = std::fabs(wx), ay = std::fabs(wy);
    // |x| mod 128|y| keeps the quotient's low seven bits and makes it exact.
    const Wide<F> big = ay * 128;
    const Wide<F> reduced = std::isinf(static_cast<double>(big)) ? ax : std::fmod(ax, big);
    const Wide<F> k = std::rint((reduced - std::remainder(reduced, ay)) / ay);
    const int32_t low = static_cast<int32_t>(static_cast<int64_t>(k) & 127);
    quotient = (std::signbit(static_cast<double>(wx)) != std::signbit(static_cast<double>(wy)))
                   ? -low
                   : low;
  }
  return narrow<F>(r);
}

// Common functions (OpenCL C §6.15.4).
template <class F> inline F degrees(F r) {
  return narrow<F>(wide(r) * Wide<F>(180.0L / kPi));
}
template <class F> inline F radians(F d) {
  return narrow<F>(wide(d) * Wide<F>(kPi / 180.0L));
}
/// sign: 1.0, -1.0, ±0.0 for ±0, and 0.0 for NaN.
template <class F> inline F sign(F x) {
  const double d = static_cast<double>(x);
  if (isNan(x)) return static_cast<F>(0);
  if (d > 0) return static_cast<F>(1);
  if (d < 0) return static_cast<F>(-1);
  return x;
}
template <class F> inline F step(F edge, F x) {
  return x < edge ? static_cast<F>(0) : static_cast<F>(1);
}
template <class F> inline F fclamp(F x, F lo, F hi) {
  return fmin(fmax(x, lo), hi);
}
template <class F> inline F mix(F x, F y, F a) {
  return narrow<F>(wide(x) + (wide(y) - wide(x)) * wide(a));
}
template <class F> inline F smoothstep(F edge0, F edge1, F x) {
  const Wide<F> t = std::fmin(
      std::fmax((wide(x) - wide(edge0)) / (wide(edge1) - wide(edge0)), Wide<F>(0)), Wide<F>(1));
  return narrow<F>(t * t * (3 - 2 * t));
}
template <class F> inline F fmaxCommon(F x, F y) {
  return x < y ? y : x;
}
template <class F> inline F fminCommon(F x, F y) {
  return y < x ? y : x;
}

} // namespace spvsim::ops::math
