// Integer built-ins (OpenCL C §6.15.3) on every integer type, scalars and
// vectors (OpenCL.std s_*/u_* instructions).
#define INTEGER_KERNEL(T, UT)                                                                      \
  kernel void integers_##T(global const T *a, global const T *b, global const T *c,                \
                           global T *out) {                                                        \
    size_t i = get_global_id(0);                                                                   \
    T x = a[i], y = b[i], z = c[i];                                                                \
    global T *o = out + 16 * i;                                                                    \
    o[0] = (T)abs(x);                                                                              \
    o[1] = (T)abs_diff(x, y);                                                                      \
    o[2] = add_sat(x, y);                                                                          \
    o[3] = hadd(x, y);                                                                             \
    o[4] = rhadd(x, y);                                                                            \
    o[5] = clamp(x, min(y, z), max(y, z));                                                         \
    o[6] = clz(x);                                                                                 \
    o[7] = ctz(x);                                                                                 \
    o[8] = mad_hi(x, y, z);                                                                        \
    o[9] = mad_sat(x, y, z);                                                                       \
    o[10] = max(x, y);                                                                             \
    o[11] = min(x, y);                                                                             \
    o[12] = mul_hi(x, y);                                                                          \
    o[13] = rotate(x, y);                                                                          \
    o[14] = sub_sat(x, y);                                                                         \
    o[15] = popcount(x);                                                                           \
  }
INTEGER_KERNEL(char, uchar)
INTEGER_KERNEL(uchar, uchar)
INTEGER_KERNEL(short, ushort)
INTEGER_KERNEL(ushort, ushort)
INTEGER_KERNEL(int, uint)
INTEGER_KERNEL(uint, uint)
INTEGER_KERNEL(long, ulong)
INTEGER_KERNEL(ulong, ulong)

// upsample, mad24/mul24, and vectors with scalar operands broadcast.
kernel void integers_mixed(global const int *a, global const int *b, global const int *c,
                           global long *wide, global int *out, global int4 *vout) {
  size_t i = get_global_id(0);
  int x = a[i], y = b[i], z = c[i];
  wide[3 * i] = upsample(x, (uint)y);
  wide[3 * i + 1] = upsample((short)x, (ushort)y);
  wide[3 * i + 2] = upsample((uchar)x, (uchar)y);
  int x24 = x >> 8, y24 = y >> 8;
  out[4 * i] = mul24(x24, y24);
  out[4 * i + 1] = mad24(x24, y24, z);
  out[4 * i + 2] = (int)mul24((uint)(x & 0xffffff), (uint)(y & 0xffffff));
  out[4 * i + 3] = (int)mad24((uint)(x & 0xffffff), (uint)(y & 0xffffff), (uint)z);
  int4 v = (int4)(x, y, z, x ^ y);
  int4 w = (int4)(z, x, y, -x);
  vout[4 * i] = clamp(v, -1000, 1000);
  vout[4 * i + 1] = add_sat(v, w);
  vout[4 * i + 2] = rotate(v, w);
  vout[4 * i + 3] = mul_hi(v, w);
}
