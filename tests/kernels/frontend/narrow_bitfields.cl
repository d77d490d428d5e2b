// Bit-fields (clang's __cl_clang_bitfields extension) whose storage clang makes an
// i24 and an i40, at every optimisation level: loads and stores of three and five
// bytes beside a byte they must leave alone (c), unsigned wraparound on 10 and 20
// bits, signed fields of 14 and 20 bits (sign extension, a signed compare, negation
// and an arithmetic shift).
#pragma OPENCL EXTENSION __cl_clang_bitfields : enable
typedef struct {
  uint a : 10;
  int b : 14;
  uchar c;
} bf24_t;
typedef struct {
  ulong a : 20;
  long b : 20;
  uchar c;
} bf40_t;

__kernel void narrow_bitfields(__global bf24_t *s24, __global bf40_t *s40, __global int *out,
                               __global long *lout) {
  int i = get_global_id(0);
  bf24_t s = s24[i];
  out[2 * i] = s.a + s.b * 2 + s.c;
  out[2 * i + 1] = s.b < -1000;
  s.a += 1000;
  s.b = -s.b;
  s24[i] = s;
  bf40_t t = s40[i];
  lout[i] = t.a * 3 + t.b;
  t.b >>= 2;
  t.a = t.a * 7;
  s40[i] = t;
}
