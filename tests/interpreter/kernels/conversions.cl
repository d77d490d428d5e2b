// Conversions with explicit rounding modes and saturation (OpenCL C 6.2.3),
// and an unsaturated float-to-int conversion out of range.
__kernel void rounding(__global const float *f, __global const int *i, __global int *out,
                       __global float *fout) {
  int k = get_global_id(0);
  float x = f[k];
  out[8 * k + 0] = convert_int_rte(x);
  out[8 * k + 1] = convert_int_rtz(x);
  out[8 * k + 2] = convert_int_rtp(x);
  out[8 * k + 3] = convert_int_rtn(x);
  out[8 * k + 4] = convert_int_sat(x * 1e10f);
  out[8 * k + 5] = convert_uchar_sat(i[k]);
  out[8 * k + 6] = convert_char_sat(i[k]);
  out[8 * k + 7] = convert_ushort_sat(i[k]);
  fout[4 * k + 0] = convert_float_rtz(i[k] * 16777217);
  fout[4 * k + 1] = convert_float_rtp(i[k] * 16777217);
  fout[4 * k + 2] = convert_float_rtn(i[k] * 16777217);
  fout[4 * k + 3] = convert_float(i[k] * 16777217);
}

__kernel void unsaturated(__global const float *f, __global int *out) {
  int k = get_global_id(0);
  out[k] = (int)f[k];
}
