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
