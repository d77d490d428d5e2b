// Rotations on an integer width SPIR-V has not: clang -O2 makes llvm.fshl of
// `unsigned _BitInt(24)` shifts or-ed together (rotations by constant amounts, funnel
// shifts of two values by a run-time amount); -O0 keeps the variables in memory, as
// 3-byte integers. Every build must give the results of the code as written.
typedef unsigned _BitInt(24) u24;

__kernel void narrow_rotate(__global const uint *in, __global uint *out) {
  int i = get_global_id(0);
  u24 x = (u24)in[i], y = (u24)in[(i + 1) % 16];
  uint n = in[(i + 7) % 16] % 24;
  __global uint *o = out + 4 * i;
  o[0] = (uint)((x << 5) | (x >> 19));
  o[1] = (uint)((x >> 7) | (x << 17));
  o[2] = (uint)(n ? (x << n) | (y >> (24 - n)) : x);
  o[3] = (uint)(n ? (y >> n) | (x << (24 - n)) : y);
}
