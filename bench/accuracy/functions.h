// The functions the accuracy tool measures: each OpenCL.std math function as
// spvsim computes it (interpreter/exec/math_functions.h) beside a reference in
// __float128 (libquadmath, 113-bit significand), with its full-profile bound
// per type from OpenCL SPIR-V Env §6.6.1.
#pragma once

#include <quadmath.h>

#include <cstdint>
#include <string>
#include <vector>

#include "exec/math_functions.h"

namespace spvsim::accuracy {

using Quad = __float128;
using Half = _Float16;
namespace m = spvsim::ops::math;

/// A bound in ulp; kAny for implementation-defined accuracy.
inline constexpr double kAny = -1;

enum class Arity { Unary, Binary, Ternary, FloatInt };

/// One function: how spvsim computes it for each type, the exact value, and the bounds.
struct Function {
  std::string name;
  Arity arity = Arity::Unary;
  double bound[3] = {0, 0, 0}; ///< half, float, double
  bool halfAndDouble = true;   ///< false for half_* (float only)
  float (*f32)(float, float, float, int32_t) = nullptr;
  double (*f64)(double, double, double, int32_t) = nullptr;
  Half (*f16)(Half, Half, Half, int32_t) = nullptr;
  Quad (*exact)(Quad, Quad, Quad, int32_t) = nullptr;
};

inline Quad quadPi() {
  return M_PIq;
}

/// x reduced exactly modulo 2, for the functions of πx.
inline Quad reduceTwo(Quad x) {
  return x - 2 * rintq(x / 2);
}
inline Quad sinpiExact(Quad x) {
  if (isinfq(x) || isnanq(x)) return nanq("");
  if (x == truncq(x)) return copysignq(0, x);
  return sinq(quadPi() * reduceTwo(x));
}
inline Quad cospiExact(Quad x) {
  if (isinfq(x) || isnanq(x)) return nanq("");
  if (fabsq(x - truncq(x)) == 0.5) return 0;
  return cosq(quadPi() * reduceTwo(x));
}
inline Quad tanpiExact(Quad x) {
  if (isinfq(x) || isnanq(x)) return nanq("");
  if (x == truncq(x)) return 0;
  if (fabsq(x - truncq(x)) == 0.5) return fmodq(fabsq(x - 0.5), 2) == 1 ? -HUGE_VALQ : HUGE_VALQ;
  return tanq(quadPi() * reduceTwo(x));
}
inline Quad rootnExact(Quad x, int32_t n) {
  if (n == 0 || (x < 0 && n % 2 == 0)) return nanq("");
  if (x == 0) return n < 0 ? (n % 2 ? copysignq(HUGE_VALQ, x) : HUGE_VALQ) : (n % 2 ? x : 0);
  const Quad r = powq(fabsq(x), Quad(1) / n);
  return x < 0 ? -r : r;
}
inline Quad powrExact(Quad x, Quad y) {
  if (x < 0 || isnanq(x) || isnanq(y)) return nanq("");
  if (x == 0) return y < 0 ? HUGE_VALQ : y == 0 ? nanq("") : 0;
  if (isinfq(x)) return y == 0 ? nanq("") : y < 0 ? 0 : HUGE_VALQ;
  if (x == 1) return isinfq(y) ? nanq("") : 1;
  return powq(x, y);
}

// clang-format off
#define SPVSIM_ACCURACY_UNARY(X)                                                                    \
  X(acos,    acos,   acosq(a),                          2, 4, 4)                                    \
  X(acosh,   acosh,  acoshq(a),                         2, 4, 4)                                    \
  X(acospi,  acospi, acosq(a) / quadPi(),               2, 5, 5)                                    \
  X(asin,    asin,   asinq(a),                          2, 4, 4)                                    \
  X(asinh,   asinh,  asinhq(a),                         2, 4, 4)                                    \
  X(asinpi,  asinpi, asinq(a) / quadPi(),               2, 5, 5)                                    \
  X(atan,    atan,   atanq(a),                          2, 5, 5)                                    \
  X(atanh,   atanh,  atanhq(a),                         2, 5, 5)                                    \
  X(atanpi,  atanpi, atanq(a) / quadPi(),               2, 5, 5)                                    \
  X(cbrt,    cbrt,   cbrtq(a),                          2, 2, 2)                                    \
  X(ceil,    ceil,   ceilq(a),                          0, 0, 0)                                    \
  X(cos,     cos,    cosq(a),                           2, 4, 4)                                    \
  X(cosh,    cosh,   coshq(a),                          2, 4, 4)                                    \
  X(cospi,   cospi,  cospiExact(a),                     2, 4, 4)                                    \
  X(erfc,    erfc,   erfcq(a),                          4, 16, 16)                                  \
  X(erf,     erf,    erfq(a),                           4, 16, 16)                                  \
  X(exp,     exp,    expq(a),                           2, 3, 3)                                    \
  X(exp2,    exp2,   exp2q(a),                          2, 3, 3)                                    \
  X(exp10,   exp10,  powq(10, a),                       2, 3, 3)                                    \
  X(expm1,   expm1,  expm1q(a),                         2, 3, 3)                                    \
  X(fabs,    fabs,   fabsq(a),                          0, 0, 0)                                    \
  X(floor,   floor,  floorq(a),                         0, 0, 0)                                    \
  X(lgamma,  lgamma, lgammaq(a),                        kAny, kAny, kAny)                           \
  X(log,     log,    logq(a),                           2, 3, 3)                                    \
  X(log2,    log2,   log2q(a),                          2, 3, 3)                                    \
  X(log10,   log10,  log10q(a),                         2, 3, 3)                                    \
  X(log1p,   log1p,  log1pq(a),                         2, 2, 2)                                    \
  X(logb,    logb,   logbq(a),                          0, 0, 0)                                    \
  X(rint,    rint,   rintq(a),                          0, 0, 0)                                    \
  X(round,   round,  roundq(a),                         0, 0, 0)                                    \
  X(rsqrt,   rsqrt,  1 / sqrtq(a),                      1, 2, 2)                                    \
  X(sin,     sin,    sinq(a),                           2, 4, 4)                                    \
  X(sinh,    sinh,   sinhq(a),                          2, 4, 4)                                    \
  X(sinpi,   sinpi,  sinpiExact(a),                     2, 4, 4)                                    \
  X(sqrt,    sqrt,   sqrtq(a),                          0, 3, 0)                                    \
  X(tan,     tan,    tanq(a),                           2, 5, 5)                                    \
  X(tanh,    tanh,   tanhq(a),                          2, 5, 5)                                    \
  X(tanpi,   tanpi,  tanpiExact(a),                     2, 6, 6)                                    \
  X(tgamma,  tgamma, tgammaq(a),                        4, 16, 16)                                  \
  X(trunc,   trunc,  truncq(a),                         0, 0, 0)                                    \
  X(degrees, degrees, a * (180 / quadPi()),             2, 2, 2)                                    \
  X(radians, radians, a * (quadPi() / 180),             2, 2, 2)

#define SPVSIM_ACCURACY_BINARY(X)                                                                   \
  X(atan2,     atan2,     atan2q(a, b),                 2, 6, 6)                                    \
  X(atan2pi,   atan2pi,   atan2q(a, b) / quadPi(),      2, 6, 6)                                    \
  X(copysign,  copysign,  copysignq(a, b),              0, 0, 0)                                    \
  X(fdim,      fdim,      fdimq(a, b),                  0, 0, 0)                                    \
  X(fmax,      fmax,      fmaxq(a, b),                  0, 0, 0)                                    \
  X(fmin,      fmin,      fminq(a, b),                  0, 0, 0)                                    \
  X(fmod,      fmod,      fmodq(a, b),                  0, 0, 0)                                    \
  X(hypot,     hypot,     hypotq(a, b),                 2, 4, 4)                                    \
  X(pow,       pow,       powq(a, b),                   4, 16, 16)                                  \
  X(powr,      powr,      powrExact(a, b),              4, 16, 16)                                  \
  X(remainder, remainder, remainderq(a, b),             0, 0, 0)                                    \
  X(divide,    divide,    a / b,                        0, 2.5, 0)

#define SPVSIM_ACCURACY_TERNARY(X)                                                                  \
  X(fma,       fma,       fmaq(a, b, c),                0, 0, 0)

#define SPVSIM_ACCURACY_FLOAT_INT(X)                                                                \
  X(ldexp,     ldexp,     ldexpq(a, n),                 0, 0, 0)                                    \
  X(pown,      pown,      powq(a, Quad(n)),             4, 16, 16)                                  \
  X(rootn,     rootn,     rootnExact(a, n),             4, 16, 16)

// half_* forms: float only, within 8192 ulp (§6.6.1).
#define SPVSIM_ACCURACY_HALF_FORMS(X)                                                               \
  X(half_cos,   cos,    cosq(a))                                                                    \
  X(half_exp,   exp,    expq(a))                                                                    \
  X(half_exp2,  exp2,   exp2q(a))                                                                   \
  X(half_exp10, exp10,  powq(10, a))                                                                \
  X(half_log,   log,    logq(a))                                                                    \
  X(half_log2,  log2,   log2q(a))                                                                   \
  X(half_log10, log10,  log10q(a))                                                                  \
  X(half_recip, recip,  1 / a)                                                                      \
  X(half_rsqrt, rsqrt,  1 / sqrtq(a))                                                               \
  X(half_sin,   sin,    sinq(a))                                                                    \
  X(half_sqrt,  sqrt,   sqrtq(a))                                                                   \
  X(half_tan,   tan,    tanq(a))
// clang-format on

inline std::vector<Function> allFunctions() {
  std::vector<Function> fs;
#define SPVSIM_ACCURACY_ENTRY(label, fn, ref, h, f, d, shape, call)                                \
  {                                                                                                \
    Function x;                                                                                    \
    x.name = #label;                                                                               \
    x.arity = shape;                                                                               \
    x.bound[0] = h, x.bound[1] = f, x.bound[2] = d;                                                \
    x.f32 = [](float a, [[maybe_unused]] float b, [[maybe_unused]] float c,                        \
               [[maybe_unused]] int32_t n) { return call; };                                       \
    x.f64 = [](double a, [[maybe_unused]] double b, [[maybe_unused]] double c,                     \
               [[maybe_unused]] int32_t n) { return call; };                                       \
    x.f16 = [](Half a, [[maybe_unused]] Half b, [[maybe_unused]] Half c,                           \
               [[maybe_unused]] int32_t n) { return call; };                                       \
    x.exact = [](Quad a, [[maybe_unused]] Quad b, [[maybe_unused]] Quad c,                         \
                 [[maybe_unused]] int32_t n) -> Quad { return ref; };                              \
    fs.push_back(x);                                                                               \
  }
#define SPVSIM_ACCURACY_U(label, fn, ref, h, f, d)                                                 \
  SPVSIM_ACCURACY_ENTRY(label, fn, ref, h, f, d, Arity::Unary, m::fn(a))
#define SPVSIM_ACCURACY_B(label, fn, ref, h, f, d)                                                 \
  SPVSIM_ACCURACY_ENTRY(label, fn, ref, h, f, d, Arity::Binary, m::fn(a, b))
#define SPVSIM_ACCURACY_T(label, fn, ref, h, f, d)                                                 \
  SPVSIM_ACCURACY_ENTRY(label, fn, ref, h, f, d, Arity::Ternary, m::fn(a, b, c))
#define SPVSIM_ACCURACY_I(label, fn, ref, h, f, d)                                                 \
  SPVSIM_ACCURACY_ENTRY(label, fn, ref, h, f, d, Arity::FloatInt, m::fn(a, n))
  SPVSIM_ACCURACY_UNARY(SPVSIM_ACCURACY_U)
  SPVSIM_ACCURACY_BINARY(SPVSIM_ACCURACY_B)
  SPVSIM_ACCURACY_TERNARY(SPVSIM_ACCURACY_T)
  SPVSIM_ACCURACY_FLOAT_INT(SPVSIM_ACCURACY_I)
#define SPVSIM_ACCURACY_H(label, fn, ref)                                                          \
  SPVSIM_ACCURACY_ENTRY(label, fn, ref, 0, 8192, 0, Arity::Unary, m::fn(a))                        \
  fs.back().halfAndDouble = false;
  SPVSIM_ACCURACY_HALF_FORMS(SPVSIM_ACCURACY_H)
#undef SPVSIM_ACCURACY_ENTRY
#undef SPVSIM_ACCURACY_U
#undef SPVSIM_ACCURACY_B
#undef SPVSIM_ACCURACY_T
#undef SPVSIM_ACCURACY_I
#undef SPVSIM_ACCURACY_H
  return fs;
}

} // namespace spvsim::accuracy
