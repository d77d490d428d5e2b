// Integers above 64 bits, as clang -O2 makes them of ordinary code: the closed form of
// 64-bit loops' sums of powers computed on 65 to 71 bits (products of up to eight
// factors, vectors of them and their reductions, halvings), a signed sum over negative
// indices; then 128-bit arithmetic at every level: the popcount, clz and ctz builtins of
// `long long` (128 bits in OpenCL C), and `long long` variables (kept in memory at -O0):
// a product's high half as users write mul_hi, shifts by amounts only known at run
// time, signed shifts, compares and carries. The loops run at most 2047 times: -O0
// runs them as written.
// Every build must give the results of the code as written.
__kernel void wide_arith(__global const ulong *in, __global ulong *out) {
  int i = get_global_id(0);
  ulong v = in[i];
  __global ulong *o = out + 10 * i;
  ulong n = v & 0x7ff, s7 = 0;
  for (ulong k = 0; k < n; ++k)
    s7 += k * k * k * k * k * k * k;
  o[0] = s7;
  ulong m = (v >> 11) & 0x7ff, sq = 0, cu = 0;
  for (ulong k = 0; k < m; ++k) {
    sq += k * k;
    cu += k * k * k;
  }
  o[1] = sq ^ (cu << 1);
  long a = (long)((v >> 22) & 0x3ff), b = -(long)((v >> 32) & 0x3ff), t = 0;
  for (long k = b; k < a; ++k)
    t += k * k * k * k * k;
  o[2] = (ulong)t;
  ulong base = v >> 42, u = 0;
  for (ulong k = 0; k < (v & 0x3ff); ++k)
    u += (base + k) * (base + k) * (base + k);
  o[3] = u;
  int w = (int)(v >> 13);
  o[4] = (ulong)__builtin_popcountll(w) | (ulong)__builtin_clzll(v | 1) << 16 |
         (ulong)__builtin_ctzll(v | (1ul << 63)) << 32;
  ulong x = in[(i + 1) % 16], y = in[(i + 5) % 16];
  unsigned long long p = (unsigned long long)v * x;
  long long q = (long long)(long)x * (long)y - (long long)v;
  o[5] = (ulong)(p >> 64);
  unsigned long long left = p << (x & 127), right = p >> (v & 127);
  o[6] = (ulong)right ^ (ulong)left ^ (ulong)(left >> 64);
  long long shifted = q >> (y & 127);
  o[7] = (ulong)shifted ^ (ulong)(shifted >> 64);
  o[8] = (ulong)((p < (unsigned long long)q) | (q < 0) << 1 | (q > (long long)p) << 2 |
                 ((unsigned long long)q >= p) << 3 | (q <= -(long long)x) << 4 |
                 (p == (unsigned long long)v * x) << 5 | ((p >> 64) != (p >> 65)) << 6);
  unsigned long long sum = p + (unsigned long long)q, square = p * p;
  o[9] = (ulong)(sum >> 64) ^ (ulong)(square >> 64) ^ (ulong)((p - (unsigned long long)q) >> 70);
}
