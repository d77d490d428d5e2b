// Division and remainder above 64 bits, which the front end computes by a helper of
// 128 shift-and-subtract steps: the 128-bit `long long` of OpenCL C divided unsigned
// and signed (truncating towards zero, the remainder taking the dividend's sign) by
// divisors of every size down to one bit (a 128-bit value shifted right by a run-time
// amount), and `_BitInt(96)` division and remainder, unsigned and signed. Every build
// must give the results of the code as written.
typedef unsigned _BitInt(96) u96;
typedef _BitInt(96) s96;
__kernel void wide_division(__global const ulong *in, __global ulong *out) {
  int i = get_global_id(0);
  unsigned long long a = ((__global const unsigned long long *)in)[i];
  unsigned long long b = ((__global const unsigned long long *)in)[(i + 3) % 16] >> (in[i] & 127);
  b = b ? b : 7;
  long long sa = (long long)a, sb = (long long)b;
  __global ulong *o = out + 12 * i;
  unsigned long long q = a / b, r = a % b;
  long long sq = sa / sb, sr = sa % sb;
  u96 x = (u96)a, y = (u96)b;
  s96 z = (s96)a, w = (s96)(b | 1);
  o[0] = (ulong)q;
  o[1] = (ulong)(q >> 64);
  o[2] = (ulong)r;
  o[3] = (ulong)(r >> 64);
  o[4] = (ulong)sq;
  o[5] = (ulong)(sq >> 64);
  o[6] = (ulong)sr;
  o[7] = (ulong)(sr >> 64);
  u96 ux = y ? x / y : 0;
  s96 sz = z % w;
  o[8] = (ulong)ux;
  o[9] = (ulong)(ux >> 64);
  o[10] = (ulong)sz;
  o[11] = (ulong)((ulong)(sz >> 64) & 0xffffffff);
}
