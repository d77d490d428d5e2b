// The OpenCL.std extended instructions in the op table (lower/op_table.h):
// per-lane ops by OpenCL.std instruction number with their semantics, and the
// ops with hand-written handlers. Lowered by lower/lowering_opencl_std.cpp,
// executed by exec/handlers_opencl_std.h through exec/dispatch_opencl_std.inc.
#pragma once

// clang-format off
// OpenCL.std extended instructions on floats: name, OpenCL.std number, semantics.
#define SPVSIM_FLOAT_EXT_UNARY_OPS(X)                                              \
  X(Fabs,   23, std::fabs(a))                                                      \
  X(Sqrt,   61, std::sqrt(a))                                                      \
  X(Rsqrt,  56, rsqrtOf(a))                                                        \
  X(Floor,  25, std::floor(a))                                                     \
  X(Ceil,   12, std::ceil(a))                                                      \
  X(Trunc,  66, std::trunc(a))                                                     \
  X(Round,  55, std::round(a))                                                     \
  X(Rint,   53, std::nearbyint(a))                                                 \
  X(NativeSqrt,  93, std::sqrt(a))                                                 \
  X(NativeRsqrt, 91, rsqrtOf(a))

#define SPVSIM_FLOAT_EXT_BINARY_OPS(X)                                             \
  X(Fmax,        27, fmaxOf(a, b))   /* NaN operand: the other */                  \
  X(Fmin,        28, fminOf(a, b))                                                 \
  X(Copysign,    13, std::copysign(a, b))                                          \
  X(NativeDivide, 82, a / b)                                                       \
  X(FmaxCommon,  97, (a < b ? b : a))                                              \
  X(FminCommon,  98, (b < a ? b : a))

#define SPVSIM_FLOAT_EXT_TERNARY_OPS(X)                                            \
  X(Fma,    26, std::fma(a, b, c))                                                 \
  X(Mad,    42, a * b + c)           /* not fused: each op correctly rounded */    \
  X(Mix,    99, a + (b - a) * c)

#define SPVSIM_INT_EXT_BINARY_OPS(X)  /* unsigned a, b of the result width */      \
  X(SMax,   156, S(a) > S(b) ? a : b)                                              \
  X(UMax,   157, a > b ? a : b)                                                    \
  X(SMin,   158, S(a) < S(b) ? a : b)                                              \
  X(UMin,   159, a < b ? a : b)                                                    \
  X(SAbsDiff, 142, S(a) > S(b) ? a - b : b - a)                                    \
  X(UAbsDiff, 202, a > b ? a - b : b - a)

#define SPVSIM_INT_EXT_UNARY_OPS(X)                                                \
  X(SAbs,   141, S(a) < 0 ? 0 - a : a)                                             \
  X(Popcount, 166, popcountOf<U>(a))                                                  \
  X(Clz,    151, clzOf<U>(a))                                                         \
  X(Ctz,    152, ctzOf<U>(a))

#define SPVSIM_INT_EXT_TERNARY_OPS(X)                                              \
  X(SClamp, 149, sclampOf<U>(a, b, c))                                                \
  X(UClamp, 150, uclampOf<U>(a, b, c))

// OpenCL.std ops with hand-written handlers (exec/handlers_opencl_std.h).
#define SPVSIM_OPENCL_STD_SPECIAL_OPS(X)
// clang-format on
