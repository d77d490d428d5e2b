// Variables clang -O2 -g describes by a computation on other values, which the front
// end makes instructions: a truncation (`l`, DW_OP_LLVM_convert), a sum of two arguments
// (a DIArgList), a product by a constant (DW_OP_mul), a sign extension; and a vector of
// 128-bit integers, each element in two 64-bit halves (fragments; at -O0 memory words).
typedef unsigned long long wide2 __attribute__((ext_vector_type(2)));
__kernel void computed_locations(__global const ulong *in, __global ulong *out, int a, int b) {
  int l = get_local_id(0);
  int g = get_global_id(0);
  int sum = a + b;
  int scaled = g * 3;
  long wide = (long)(g - 5);
  wide2 p = (wide2)(in[g], in[g + 1]) * (wide2)(in[g + 2], in[l]);
  out[g] = (ulong)(p.x >> 64) ^ (ulong)p.y;
}
