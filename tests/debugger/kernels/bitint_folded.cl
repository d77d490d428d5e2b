// _BitInt(N) variables clang -O2 folds or keeps in registers: scalars (a constant, a
// product of an argument) and an array of unsigned _BitInt(96) (two elements, each a
// 64-bit and a 32-bit fragment of its 128 bits of storage).
__kernel void bitint_folded(__global long *out, long x) {
  _BitInt(37) b = -21;
  unsigned _BitInt(24) u = 16777215;
  _BitInt(37) c = b * (_BitInt(37))x;
  unsigned _BitInt(96) w[2] = {7, 9};
  w[0] = w[0] * (unsigned long)x;
  out[0] = b + u;
  out[1] = c;
  out[2] = (long)(w[0] >> 3) + (long)w[1];
}
