// A bit-field struct stored as an i24 (clang's __cl_clang_bitfields) updated in a loop
// and on one side of a branch: clang -O2 keeps it in a phi and a select of i24.
#pragma OPENCL EXTENSION __cl_clang_bitfields : enable
typedef struct {
  uint a : 10;
  int b : 14;
  uchar c;
} bf24_t;

__kernel void narrow_phis(__global bf24_t *s, __global int *out, int n) {
  int i = get_global_id(0);
  bf24_t t = s[i];
  for (int k = 0; k < n; ++k) {
    t.a += 300;
    t.b -= 3000;
  }
  if (i & 1)
    t.b = 5;
  s[i] = t;
  out[i] = t.b;
}
