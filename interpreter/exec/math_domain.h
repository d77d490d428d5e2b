// The host libm's functions of one argument, called only inside their domain
// and range: the IEEE result of a pole, a domain error, an overflow or an
// underflow to zero is returned here without calling the libm.
//
// Why: glibc's `long double` wrappers (w_acosl_compat.c, w_expl_compat.c, ...)
// report those cases through __kernel_standard_l, which saves and restores the
// floating-point environment (feholdexcept/fesetenv) on every such call. The
// double functions evaluated in long double (math_functions.h) meet them for
// about half of all inputs (acos of |x| > 1, exp of |x| > 11356, ...): most of
// their time went there. The results are the same: NaN for a domain error
// (C99 F.9), a signed infinity for a pole or an overflow, zero for an
// underflow (OpenCL C §6.15.2 defers to C99 Annex F, OpenCL SPIR-V Env §6.7.1).
//
// Each function takes W, the type the result is evaluated in (double for half
// and float, long double for double). An overflow bound lies above the point
// where the narrow result (float or double) is infinite and below the point
// where W's is, so the narrow result is the same as through the libm.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

namespace spvsim::ops::math::domain {

/// The NaN glibc returns for a domain error, so that results stay the same bit
/// for bit: C's NAN where its wrapper reports the error (__kernel_standard), the
/// sign-set NaN of an invalid operation where the function computes it itself.
template <class W> inline W nanOf() {
  return std::numeric_limits<W>::quiet_NaN();
}
template <class W> inline W invalidNan() {
  return -std::numeric_limits<W>::quiet_NaN();
}
template <class W> inline W infOf() {
  return std::numeric_limits<W>::infinity();
}
/// A value by the type of evaluation: a bound between the narrow type's overflow
/// and W's (wide for long double, narrow for double), or the libm's NaN.
template <class W> constexpr W bound(W forLongDouble, W forDouble) {
  return std::is_same_v<W, long double> ? forLongDouble : forDouble;
}

// Domain errors and poles.
template <class W> inline W acos(W x) {
  return std::fabs(x) > 1 ? nanOf<W>() : std::acos(x);
}
template <class W> inline W asin(W x) {
  return std::fabs(x) > 1 ? nanOf<W>() : std::asin(x);
}
template <class W> inline W acosh(W x) {
  return x < 1 ? invalidNan<W>() : std::acosh(x);
}
template <class W> inline W atanh(W x) {
  const W a = std::fabs(x);
  if (a > 1) return invalidNan<W>();
  return a == 1 ? std::copysign(infOf<W>(), x) : std::atanh(x);
}
/// log, log2 and log10: -inf at ±0, NaN below (log and log2 of a double compute it).
template <class W, class Fn> inline W logarithm(W x, Fn fn, W belowZero) {
  if (x <= 0) return x == 0 ? -infOf<W>() : belowZero;
  return fn(x);
}
template <class W> inline W log(W x) {
  return logarithm(
      x, [](W v) { return std::log(v); }, bound(nanOf<W>(), invalidNan<W>()));
}
template <class W> inline W log2(W x) {
  return logarithm(
      x, [](W v) { return std::log2(v); }, bound(nanOf<W>(), invalidNan<W>()));
}
template <class W> inline W log10(W x) {
  return logarithm(
      x, [](W v) { return std::log10(v); }, nanOf<W>());
}
template <class W> inline W sqrt(W x) {
  return x < 0 ? invalidNan<W>() : std::sqrt(x);
}

// Overflows and underflows. Bounds: exp overflows double at 709.8 and long
// double at 11356, float at 88.7; exp2 at 1024, 16384, 128; exp10 at 308.3,
// 4932, 38.6; cosh and sinh at 710.5, 11357, 89.4. Their underflows to zero
// lie below the negated bounds in the same order.
template <class W, class Fn> inline W exponential(W x, W limit, Fn fn) {
  if (x > limit) return infOf<W>();
  if (x < -limit) return W(0);
  return fn(x);
}
template <class W> inline W exp(W x) {
  return exponential(x, bound<W>(1000, 700), [](W v) { return std::exp(v); });
}
template <class W> inline W exp2(W x) {
  return exponential(x, bound<W>(2000, 1000), [](W v) { return std::exp2(v); });
}
/// exp10: glibc's exp10 and exp10l, which the C++ library does not name.
template <class W> inline W exp10(W x) {
  if constexpr (std::is_same_v<W, long double>)
    return exponential(x, W(400), [](W v) { return ::exp10l(v); });
  else
    return exponential(x, W(300), [](W v) { return ::exp10(v); });
}
/// expm1: x87's expm1l calls expl's wrapper for large arguments; below the
/// bound the result is -1 in every type.
template <class W> inline W expm1(W x) {
  const W limit = bound<W>(1000, 700);
  if (x > limit) return infOf<W>();
  return x < -limit ? W(-1) : std::expm1(x);
}
template <class W> inline W cosh(W x) {
  return std::fabs(x) > bound<W>(1000, 700) ? infOf<W>() : std::cosh(x);
}
template <class W> inline W sinh(W x) {
  return std::fabs(x) > bound<W>(1000, 700) ? std::copysign(infOf<W>(), x) : std::sinh(x);
}

/// tgamma: ±inf at ±0, NaN at the negative integers and -inf; it overflows
/// double above 171.6, long double above 1755 and float above 35.0.
template <class W> inline W tgamma(W x) {
  if (x == 0) return std::copysign(infOf<W>(), x);
  if (x < 0 && x == std::floor(x)) return nanOf<W>(); // also -inf
  if (x > bound<W>(200, 171)) return infOf<W>();
  return std::tgamma(x);
}
/// lgamma_r: +inf at the poles (zero and the negative integers), where the
/// sign is left as glibc leaves it for the caller to override.
template <class W> inline W lgammaR(W x, int &sign) {
  if (x == 0 || (x < 0 && x == std::floor(x) && std::isfinite(x))) {
    sign = std::signbit(x) ? -1 : 1;
    return infOf<W>();
  }
  if constexpr (std::is_same_v<W, long double>)
    return ::lgammal_r(x, &sign);
  else
    return ::lgamma_r(x, &sign);
}

// Functions of two arguments.

/// fmod and remainder: NaN for an infinite x or a zero y.
template <class W> inline bool remainderUndefined(W x, W y) {
  return (std::isinf(x) || y == 0) && !std::isnan(x) && !std::isnan(y);
}
template <class W> inline W fmod(W x, W y) {
  return remainderUndefined(x, y) ? invalidNan<W>() : std::fmod(x, y);
}
template <class W> inline W remainder(W x, W y) {
  return remainderUndefined(x, y) ? invalidNan<W>() : std::remainder(x, y);
}
/// pow of finite x and y, x not zero: NaN for a negative x and a y not an
/// integer; an infinity or a zero, negative for a negative x and an odd y, when
/// y log2|x| is beyond the bound (double overflows at 1024 and underflows to
/// zero at -1075, long double at 16384, float at 128 and -150).
template <class W> inline W pow(W x, W y) {
  // glibc's powl gives +inf for pow(-inf, -2^63) (C99 F.9.4.4: +0), as if the
  // power were odd: the power as a 64-bit integer is its "integer indefinite".
  if (x == -infOf<W>() && y < 0) return std::fmod(std::fabs(y), W(2)) == 1 ? -W(0) : W(0);
  if (std::isfinite(x) && std::isfinite(y) && x != 0) {
    const bool integral = y == std::floor(y);
    if (x < 0 && !integral) return invalidNan<W>();
    const W e = y * log2(std::fabs(x)), limit = bound<W>(2000, 600);
    const bool overflow = e > limit, underflow = e < -limit;
    if (overflow || underflow) {
      const bool negative = x < 0 && std::fmod(std::fabs(y), W(2)) == 1;
      const W magnitude = overflow ? infOf<W>() : W(0);
      return negative ? -magnitude : magnitude;
    }
  }
  return std::pow(x, y);
}

} // namespace spvsim::ops::math::domain
