// Half-precision arithmetic (Float16): scalars, vectors, comparisons and
// conversions to and from integers and floats.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void half_arith(global const half *a, global const half *b, global half *out,
                       global float *widened, global int *flags, global short *ints) {
  size_t i = get_global_id(0);
  half x = a[i], y = b[i];
  out[4 * i + 0] = x + y;
  out[4 * i + 1] = x * y;
  out[4 * i + 2] = x / y;
  out[4 * i + 3] = (half)((int)i * 1000 + 1);
  widened[i] = (float)x * 3.0f;
  flags[i] = (x < y) | ((x == y) << 1) | (isnan(x) << 2) | (isinf(y) << 3);
  ints[2 * i] = convert_short_sat_rtz(x);
  ints[2 * i + 1] = convert_short_rtp(x);
}

kernel void half_vectors(global const half4 *a, global const float4 *f, global half4 *out) {
  size_t i = get_global_id(0);
  out[2 * i] = a[i] * (half)2.0h + a[i].wzyx;
  out[2 * i + 1] = convert_half4_rtz(f[i]);
}
