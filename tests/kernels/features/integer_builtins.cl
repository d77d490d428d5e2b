// Integer built-ins with edge behaviour: add_sat/sub_sat, hadd/rhadd,
// mad_sat, mad24/mul24, clamp/min/max, abs_diff, on signed and unsigned
// types of several widths.
__kernel void integer_builtins(__global const int *a, __global const int *b, __global int *out,
                               __global uchar *out8, __global short *out16) {
  int i = get_global_id(0);
  int x = a[i], y = b[i];
  __global int *o = out + 10 * i;
  o[0] = add_sat(x, y);
  o[1] = sub_sat(x, y);
  o[2] = hadd(x, y);
  o[3] = rhadd(x, y);
  o[4] = mad_sat(x, 3, y);
  o[5] = mul24(x & 0x7fffff, y & 0xff);
  o[6] = clamp(x, -1000, y > -1000 ? y : 1000);
  o[7] = (int)abs_diff(x, y);
  o[8] = (int)((uint)max(x, y) - (uint)min(x, y));
  o[9] = (int)add_sat((uint)x, (uint)y);
  uchar ux = (uchar)x, uy = (uchar)y;
  out8[3 * i] = add_sat(ux, uy);
  out8[3 * i + 1] = sub_sat(ux, uy);
  out8[3 * i + 2] = rhadd(ux, uy);
  short sx = (short)x, sy = (short)y;
  out16[2 * i] = mad_sat(sx, sy, (short)7);
  out16[2 * i + 1] = abs(sx) + abs_diff(sx, sy);
}
