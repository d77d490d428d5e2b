// 128-bit integers (`long long` in OpenCL C): a product and a negative value the
// debugger prints in full, at -O0 (in memory) and at -O2 (two 64-bit halves, each a
// fragment of the variable); a negative `_BitInt(72)`, signed from its 72 bits.
__kernel void wide_product(__global const ulong *in, __global ulong *out) {
  size_t i = get_global_id(0);
  unsigned long long p = (unsigned long long)in[i] * in[i + 1];
  long long q = -(long long)p;
  _BitInt(72) b = -(_BitInt(72))in[i] * 300;
  out[2 * i] = (ulong)(p >> 64) ^ (ulong)p ^ (ulong)(b >> 8);
  out[2 * i + 1] = (ulong)(q >> 64) + (ulong)q;
}
