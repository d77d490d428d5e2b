// Bit manipulation built-ins: popcount, clz, ctz, rotate, bitfield work with
// masks and shifts, byte swaps, and upsample, on 8- to 64-bit integers.
__kernel void bits(__global const uint *in, __global uint *out, __global ulong *out64,
                   __global uchar *out8) {
  int i = get_global_id(0);
  uint x = in[i];
  __global uint *o = out + 8 * i;
  o[0] = popcount(x);
  o[1] = clz(x);
  o[2] = popcount((x & -x) - 1); // ctz(x), which OpenCL C 1.2 lacks
  o[3] = rotate(x, (uint)i);
  o[4] = (x >> 8 & 0xff) | (x & 0xff) << 8 | (x & 0xffff0000u);
  o[5] = ((x >> 24) | ((x >> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24));
  o[6] = (x & (x - 1)) ^ (x | (x + 1));
  o[7] = upsample((ushort)(x >> 16), (ushort)i);
  ulong w = upsample(x, ~x);
  out64[3 * i] = popcount(w) + clz(w) * 100;
  out64[3 * i + 1] = rotate(w, (ulong)(i * 5));
  out64[3 * i + 2] = w >> (i + 20);
  uchar b = (uchar)x;
  out8[4 * i] = popcount(b);
  out8[4 * i + 1] = clz(b);
  out8[4 * i + 2] = rotate(b, (uchar)i);
  out8[4 * i + 3] = (uchar)(b << 3) | (b >> 5);
}
