// Conversions: implicit and explicit casts, convert_* with saturation and every
// rounding mode, as_* reinterpretations, and vector conversions.
__kernel void conversions(__global const float *f, __global const int *n, __global int *oi,
                          __global float *of, __global uchar *oc, __global long *ol,
                          __global uint *ou) {
  int i = get_global_id(0);
  float x = f[i];
  int k = n[i];
  // Plain conversions of out-of-range or NaN values are undefined: clamp those first.
  float xc = isnan(x) ? 0.0f : clamp(x, -1e9f, 1e9f);
  __global int *a = oi + 8 * i;
  a[0] = (int)xc;
  a[1] = convert_int_sat(x * 1e10f);
  a[2] = convert_int_rte(xc);
  a[3] = convert_int_rtp(xc);
  a[4] = convert_int_rtn(xc);
  a[5] = convert_int_sat_rtz(-x * 3e9f);
  a[6] = as_int(x);
  a[7] = (int)(short)k;
  __global float *b = of + 5 * i;
  b[0] = (float)k;
  b[1] = convert_float_rtz((int)((uint)k * 1000003u));
  b[2] = convert_float_rtp((long)k * 1000000007L);
  b[3] = as_float(k);
  b[4] = (float)(uchar)k;
  uchar4 c = convert_uchar4_sat((float4)(x, -x, x * 100.0f, k));
  vstore4(c, i, oc);
  ol[2 * i] = convert_long_sat(x * 1e20f);
  ol[2 * i + 1] = (long)k * (long)k;
  ou[2 * i] = convert_uint_sat(x);
  ou[2 * i + 1] = as_uint((float)(double)k);
}
