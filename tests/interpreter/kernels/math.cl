// OpenCL.std math and common functions (OpenCL C §6.15.2, §6.15.4) on float,
// double and half, scalars and vectors: out[k * n + i] is function k of input i.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

#define UNARY(X)                                                                                   \
  X(acos) X(acosh) X(acospi) X(asin) X(asinh) X(asinpi) X(atan) X(atanh) X(atanpi) X(cbrt)        \
  X(ceil) X(cos) X(cosh) X(cospi) X(erfc) X(erf) X(exp) X(exp2) X(exp10) X(expm1) X(fabs)         \
  X(floor) X(lgamma) X(log) X(log2) X(log10) X(log1p) X(logb) X(rint) X(round) X(rsqrt) X(sin)    \
  X(sinh) X(sinpi) X(sqrt) X(tan) X(tanh) X(tanpi) X(tgamma) X(trunc) X(degrees) X(radians)       \
  X(sign)
#define BINARY(X)                                                                                  \
  X(atan2) X(atan2pi) X(copysign) X(fdim) X(fmax) X(fmin) X(fmod) X(hypot) X(maxmag) X(minmag)    \
  X(nextafter) X(pow) X(powr) X(remainder) X(step)
#define NATIVE(X)                                                                                  \
  X(half_cos) X(half_exp) X(half_exp2) X(half_exp10) X(half_log) X(half_log2) X(half_log10)       \
  X(half_recip) X(half_rsqrt) X(half_sin) X(half_sqrt) X(half_tan) X(native_cos) X(native_exp)    \
  X(native_exp2) X(native_exp10) X(native_log) X(native_log2) X(native_log10) X(native_recip)     \
  X(native_rsqrt) X(native_sin) X(native_sqrt) X(native_tan)

#define MATH_KERNELS(T, SUFFIX)                                                                    \
  kernel void unary_##SUFFIX(global const T *x, global T *out, uint n) {                          \
    size_t i = get_global_id(0);                                                                   \
    uint k = 0;                                                                                    \
    UNARY(APPLY1)                                                                                  \
  }                                                                                                \
  kernel void binary_##SUFFIX(global const T *x, global const T *y, global T *out, uint n) {       \
    size_t i = get_global_id(0);                                                                   \
    uint k = 0;                                                                                    \
    BINARY(APPLY2)                                                                                 \
    out[k++ * n + i] = fma(x[i], y[i], x[i]);                                                      \
    out[k++ * n + i] = mad(x[i], y[i], x[i]);                                                      \
    out[k++ * n + i] = clamp(x[i], (T)-1, (T)1);                                                   \
    out[k++ * n + i] = mix(x[i], y[i], (T)0.25);                                                   \
    out[k++ * n + i] = smoothstep((T)-2, (T)3, x[i]);                                              \
    out[k++ * n + i] = max(x[i], y[i]);                                                            \
    out[k++ * n + i] = min(x[i], y[i]);                                                            \
  }                                                                                                \
  kernel void integer_##SUFFIX(global const T *x, global const int *e, global T *out,              \
                               global int *iout, uint n) {                                         \
    size_t i = get_global_id(0);                                                                   \
    out[i] = ldexp(x[i], e[i]);                                                                    \
    out[n + i] = pown(x[i], e[i]);                                                                 \
    out[2 * n + i] = rootn(x[i], e[i]);                                                            \
    iout[i] = ilogb(x[i]);                                                                         \
    int exponent, quotient, sign;                                                                  \
    T whole, floored, cosine;                                                                      \
    out[3 * n + i] = frexp(x[i], &exponent);                                                       \
    iout[n + i] = exponent;                                                                        \
    out[4 * n + i] = modf(x[i], &whole);                                                           \
    out[5 * n + i] = whole;                                                                        \
    out[6 * n + i] = fract(x[i], &floored);                                                        \
    out[7 * n + i] = floored;                                                                      \
    out[8 * n + i] = sincos(x[i], &cosine);                                                        \
    out[9 * n + i] = cosine;                                                                       \
    out[10 * n + i] = lgamma_r(x[i], &sign);                                                       \
    iout[2 * n + i] = sign;                                                                        \
    out[11 * n + i] = remquo(x[i], (T)1.75, &quotient);                                            \
    iout[3 * n + i] = quotient;                                                                    \
  }

#define APPLY1(f) out[k++ * n + i] = f(x[i]);
#define APPLY2(f) out[k++ * n + i] = f(x[i], y[i]);
MATH_KERNELS(float, float)
MATH_KERNELS(double, double)
MATH_KERNELS(half, half)

kernel void native_float(global const float *x, global float *out, uint n) {
  size_t i = get_global_id(0);
  uint k = 0;
  NATIVE(APPLY1)
  out[k++ * n + i] = half_divide(x[i], 3.0f);
  out[k++ * n + i] = native_divide(x[i], 3.0f);
  out[k++ * n + i] = half_powr(fabs(x[i]), 1.5f);
  out[k++ * n + i] = native_powr(fabs(x[i]), 1.5f);
}

// Vectors: every component through the same function, scalar operands broadcast.
kernel void vectors(global const float4 *x, global float4 *out, global const uint4 *codes,
                    global uint4 *nans) {
  size_t i = get_global_id(0);
  out[4 * i] = sin(x[i]);
  out[4 * i + 1] = pow(x[i], 2.0f);
  out[4 * i + 2] = ldexp(x[i], 3);
  out[4 * i + 3] = fma(x[i], x[i], 1.0f);
  nans[i] = as_uint4(nan(codes[i]));
}
