// The OpenCL.std extended instructions in the op table (lower/op_table.h):
// per-lane ops by OpenCL.std instruction number with their semantics, and the
// ops with hand-written handlers. Lowered by lower/lowering_opencl_std.cpp,
// executed by exec/handlers_opencl_std.h through exec/dispatch_opencl_std.inc.
#pragma once

// clang-format off
// OpenCL.std math and common functions on floats (exec/math_functions.h):
// name, OpenCL.std number, semantics. The half_* and native_* forms compute
// the full-precision function (well inside their bounds, §6.6.1).

#define SPVSIM_FLOAT_EXT_UNARY_OPS(X)                                      \
  X(Acos,         0,   math::acos(a))                                              \
  X(Acosh,        1,   math::acosh(a))                                             \
  X(Acospi,       2,   math::acospi(a))                                            \
  X(Asin,         3,   math::asin(a))                                              \
  X(Asinh,        4,   math::asinh(a))                                             \
  X(Asinpi,       5,   math::asinpi(a))                                            \
  X(Atan,         6,   math::atan(a))                                              \
  X(Atanh,        8,   math::atanh(a))                                             \
  X(Atanpi,       9,   math::atanpi(a))                                            \
  X(Cbrt,         11,  math::cbrt(a))                                              \
  X(Ceil,         12,  math::ceil(a))                                              \
  X(Cos,          14,  math::cos(a))                                               \
  X(Cosh,         15,  math::cosh(a))                                              \
  X(Cospi,        16,  math::cospi(a))                                             \
  X(Erfc,         17,  math::erfc(a))                                              \
  X(Erf,          18,  math::erf(a))                                               \
  X(Exp,          19,  math::exp(a))                                               \
  X(Exp2,         20,  math::exp2(a))                                              \
  X(Exp10,        21,  math::exp10(a))                                             \
  X(Expm1,        22,  math::expm1(a))                                             \
  X(Fabs,         23,  math::fabs(a))                                              \
  X(Floor,        25,  math::floor(a))                                             \
  X(Lgamma,       35,  math::lgamma(a))                                            \
  X(Log,          37,  math::log(a))                                               \
  X(Log2,         38,  math::log2(a))                                              \
  X(Log10,        39,  math::log10(a))                                             \
  X(Log1p,        40,  math::log1p(a))                                             \
  X(Logb,         41,  math::logb(a))                                              \
  X(Rint,         53,  math::rint(a))                                              \
  X(Round,        55,  math::round(a))                                             \
  X(Rsqrt,        56,  math::rsqrt(a))                                             \
  X(Sin,          57,  math::sin(a))                                               \
  X(Sinh,         59,  math::sinh(a))                                              \
  X(Sinpi,        60,  math::sinpi(a))                                             \
  X(Sqrt,         61,  math::sqrt(a))                                              \
  X(Tan,          62,  math::tan(a))                                               \
  X(Tanh,         63,  math::tanh(a))                                              \
  X(Tanpi,        64,  math::tanpi(a))                                             \
  X(Tgamma,       65,  math::tgamma(a))                                            \
  X(Trunc,        66,  math::trunc(a))                                             \
  X(HalfCos,      67,  math::cos(a))                                               \
  X(HalfExp,      69,  math::exp(a))                                               \
  X(HalfExp2,     70,  math::exp2(a))                                              \
  X(HalfExp10,    71,  math::exp10(a))                                             \
  X(HalfLog,      72,  math::log(a))                                               \
  X(HalfLog2,     73,  math::log2(a))                                              \
  X(HalfLog10,    74,  math::log10(a))                                             \
  X(HalfRecip,    76,  math::recip(a))                                             \
  X(HalfRsqrt,    77,  math::rsqrt(a))                                             \
  X(HalfSin,      78,  math::sin(a))                                               \
  X(HalfSqrt,     79,  math::sqrt(a))                                              \
  X(HalfTan,      80,  math::tan(a))                                               \
  X(NativeCos,    81,  math::cos(a))                                               \
  X(NativeExp,    83,  math::exp(a))                                               \
  X(NativeExp2,   84,  math::exp2(a))                                              \
  X(NativeExp10,  85,  math::exp10(a))                                             \
  X(NativeLog,    86,  math::log(a))                                               \
  X(NativeLog2,   87,  math::log2(a))                                              \
  X(NativeLog10,  88,  math::log10(a))                                             \
  X(NativeRecip,  90,  math::recip(a))                                             \
  X(NativeRsqrt,  91,  math::rsqrt(a))                                             \
  X(NativeSin,    92,  math::sin(a))                                               \
  X(NativeSqrt,   93,  math::sqrt(a))                                              \
  X(NativeTan,    94,  math::tan(a))                                               \
  X(Degrees,      96,  math::degrees(a))                                           \
  X(Radians,      100, math::radians(a))                                           \
  X(Sign,         103, math::sign(a))                                             


#define SPVSIM_FLOAT_EXT_BINARY_OPS(X)                                     \
  X(Atan2,        7,   math::atan2(a, b))                                          \
  X(Atan2pi,      10,  math::atan2pi(a, b))                                        \
  X(Copysign,     13,  math::copysign(a, b))                                       \
  X(Fdim,         24,  math::fdim(a, b))                                           \
  X(Fmax,         27,  math::fmax(a, b))                                           \
  X(Fmin,         28,  math::fmin(a, b))                                           \
  X(Fmod,         29,  math::fmod(a, b))                                           \
  X(Hypot,        32,  math::hypot(a, b))                                          \
  X(Maxmag,       43,  math::maxmag(a, b))                                         \
  X(Minmag,       44,  math::minmag(a, b))                                         \
  X(Nextafter,    47,  math::nextafter(a, b))                                      \
  X(Pow,          48,  math::pow(a, b))                                            \
  X(Powr,         50,  math::powr(a, b))                                           \
  X(Remainder,    51,  math::remainder(a, b))                                      \
  X(HalfDivide,   68,  math::divide(a, b))                                         \
  X(HalfPowr,     75,  math::powr(a, b))                                           \
  X(NativeDivide, 82,  math::divide(a, b))                                         \
  X(NativePowr,   89,  math::powr(a, b))                                           \
  X(FmaxCommon,   97,  math::fmaxCommon(a, b))                                     \
  X(FminCommon,   98,  math::fminCommon(a, b))                                     \
  X(Step,         101, math::step(a, b))                                          


#define SPVSIM_FLOAT_EXT_TERNARY_OPS(X)                                    \
  X(Fma,          26,  math::fma(a, b, c))                                         \
  X(Mad,          42,  math::mad(a, b, c))                                         \
  X(Fclamp,       95,  math::fclamp(a, b, c))                                      \
  X(Mix,          99,  math::mix(a, b, c))                                         \
  X(Smoothstep,   102, math::smoothstep(a, b, c))                                 

// Float ops with an integer operand or result: a is the float, n the int32
// operand (ldexp, pown, rootn); ilogb's result is an int32.
#define SPVSIM_FLOAT_EXT_FLOAT_INT_OPS(X)                                          \
  X(Ldexp,      34,  math::ldexp(a, n))                                            \
  X(Pown,       49,  math::pown(a, n))                                             \
  X(Rootn,      54,  math::rootn(a, n))

#define SPVSIM_FLOAT_EXT_INT_RESULT_OPS(X)                                         \
  X(Ilogb,      33,  math::ilogb(a))

// nan(code): code is an unsigned integer of the result's width.
#define SPVSIM_FLOAT_EXT_NAN_OPS(X)                                                \
  X(Nan,        46,  math::nan<F>(code))

// Functions with a second result stored through their last operand: `second`
// is a float (FLOAT_PTR) or an int32 (INT_PTR); remquo also reads b.
#define SPVSIM_FLOAT_EXT_FLOAT_PTR_OPS(X)                                          \
  X(Fract,      30,  math::fract(a, second))                                       \
  X(Modf,       45,  math::modf(a, second))                                        \
  X(Sincos,     58,  math::sincos(a, second))

#define SPVSIM_FLOAT_EXT_INT_PTR_OPS(X)                                            \
  X(Frexp,      31,  math::frexp(a, second))                                       \
  X(LgammaR,    36,  math::lgamma_r(a, second))                                   \
  X(Remquo,     52,  math::remquo(a, b, second))

#define SPVSIM_INT_EXT_BINARY_OPS(X)  /* unsigned a, b of the result width */      \
  X(SMax,   156, S(a) > S(b) ? a : b)                                              \
  X(UMax,   157, a > b ? a : b)                                                    \
  X(SMin,   158, S(a) < S(b) ? a : b)                                              \
  X(UMin,   159, a < b ? a : b)                                                    \
  X(SAbsDiff, 142, S(a) > S(b) ? a - b : b - a)                                    \
  X(UAbsDiff, 202, a > b ? a - b : b - a)                                          \
  X(SAddSat,  143, saddSat<U>(a, b))                                               \
  X(UAddSat,  144, U(a + b) < U(a) ? U(~U(0)) : U(a + b))                          \
  X(SSubSat,  162, ssubSat<U>(a, b))                                               \
  X(USubSat,  163, a < b ? 0 : a - b)                                              \
  X(SHadd,    145, shadd<U>(a, b, 0))    /* (a + b) >> 1 without overflow */       \
  X(UHadd,    146, (a >> 1) + (b >> 1) + (a & b & 1))                              \
  X(SRhadd,   147, shadd<U>(a, b, 1))    /* (a + b + 1) >> 1 without overflow */   \
  X(URhadd,   148, (a >> 1) + (b >> 1) + ((a | b) & 1))                            \
  X(SMulHi,   160, smulHi<U>(a, b))      /* high half of the full product */       \
  X(UMulHi,   203, umulHi<U>(a, b))                                                \
  X(Rotate,   161, rotl<U>(a, b))        /* left by b mod width */                 \
  X(SMul24,   169, a * b)  /* the low bits of the product are sign-agnostic */          \
  X(UMul24,   170, a * b)

#define SPVSIM_INT_EXT_UNARY_OPS(X)                                                \
  X(SAbs,   141, S(a) < 0 ? 0 - a : a)                                             \
  X(Popcount, 166, popcountOf<U>(a))                                                  \
  X(Clz,    151, clzOf<U>(a))                                                         \
  X(Ctz,    152, ctzOf<U>(a))

#define SPVSIM_INT_EXT_TERNARY_OPS(X)                                              \
  X(SClamp, 149, sclampOf<U>(a, b, c))                                                \
  X(UClamp, 150, uclampOf<U>(a, b, c))                                                \
  X(SMadHi, 153, smulHi<U>(a, b) + c)                                                 \
  X(UMadHi, 204, umulHi<U>(a, b) + c)                                                 \
  X(SMadSat, 155, smadSat<U>(a, b, c))  /* a * b + c saturated, no intermediate wrap */ \
  X(UMadSat, 154, umadSat<U>(a, b, c))                                                \
  X(SMad24, 167, a * b + c)                                               \
  X(UMad24, 168, a * b + c)

// OpenCL.std ops with hand-written handlers (exec/handlers_opencl_std.h).
#define SPVSIM_OPENCL_STD_SPECIAL_OPS(X)                                           \
  X(GeomLengthF32) X(GeomLengthF64) X(GeomLengthF16)                               \
      /* d = |a| (aux 0) or |a - b| (aux 1), of c-component vectors */             \
  X(GeomNormalizeF32) X(GeomNormalizeF64) X(GeomNormalizeF16)                      \
      /* the c-component vector at d = a / |a| (OpenCL C normalize) */
// clang-format on
