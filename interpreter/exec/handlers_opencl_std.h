// Handlers of the OpenCL.std extended instructions (lower/opencl_std_ops.h):
// helper functions that give each instruction its OpenCL semantics, and the
// functors the dispatch loop runs per lane (exec/dispatch_opencl_std.inc).
#pragma once

#include "exec/handlers_arith.h"

namespace spvsim::ops {

template <class U, class C> inline U popcountOf(C a) {
  return U(std::popcount(U(a)));
}
template <class U, class C> inline U clzOf(C a) {
  return U(std::countl_zero(U(a)));
}
template <class U, class C> inline U ctzOf(C a) {
  return U(std::countr_zero(U(a)));
}
template <class U, class C> inline U sclampOf(C x, C lo, C hi) {
  Signed<U> v = Signed<U>(U(x)), l = Signed<U>(U(lo)), h = Signed<U>(U(hi));
  return U(v < l ? l : v > h ? h : v);
}
template <class U, class C> inline U uclampOf(C x, C lo, C hi) {
  U v = U(x), l = U(lo), h = U(hi);
  return v < l ? l : v > h ? h : v;
}

template <class F> inline F rsqrtOf(F a) {
  if constexpr (std::is_same_v<F, float>)
    return float(1.0 / std::sqrt(double(a)));
  else
    return 1 / std::sqrt(a);
}
// OpenCL fmax/fmin: a NaN operand yields the other operand.
template <class F> inline F fmaxOf(F a, F b) {
  return std::fmax(a, b);
}
template <class F> inline F fminOf(F a, F b) {
  return std::fmin(a, b);
}

SPVSIM_INT_EXT_BINARY_OPS(SPVSIM_INT_FN)
SPVSIM_INT_EXT_UNARY_OPS(SPVSIM_INT_FN)
SPVSIM_INT_EXT_TERNARY_OPS(SPVSIM_INT_FN)
SPVSIM_FLOAT_EXT_UNARY_OPS(SPVSIM_FLOAT_FN)
SPVSIM_FLOAT_EXT_BINARY_OPS(SPVSIM_FLOAT_FN)
SPVSIM_FLOAT_EXT_TERNARY_OPS(SPVSIM_FLOAT_FN)

} // namespace spvsim::ops
