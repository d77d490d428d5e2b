// Vectors of integers above 64 bits and below 128 (`unsigned _BitInt(96)` and
// `_BitInt(72)` in vectors of 2, 3 and 4 components): clang -O0 keeps each in a private
// variable of <N x i96> or <4 x i72> (a 3-component one stored and loaded as 4
// components as well), -O2 in registers.
typedef unsigned _BitInt(96) u96;
typedef u96 u96x2 __attribute__((ext_vector_type(2)));
typedef u96 u96x3 __attribute__((ext_vector_type(3)));
typedef _BitInt(72) s72;
typedef s72 s72x4 __attribute__((ext_vector_type(4)));

kernel void wide_vectors(global const ulong *in, global ulong *out) {
  size_t i = get_global_id(0);
  u96x2 a = (u96x2)((u96)in[i] << 40, (u96)in[i + 1] * 3);
  a += (u96x2)(in[i + 2], in[i + 3]);
  u96x3 b = (u96x3)(a.y, (u96)in[i] * in[i + 1], ~(u96)in[i + 2]);
  b.z -= b.x;
  b.xy = b.yx >> 7;
  s72x4 c = (s72x4)(-(s72)in[i], in[i + 1], (s72)in[i + 2] << 9, 7);
  c = c * c.wzyx;
  out[4 * i] = (ulong)(a.x >> 32) ^ (ulong)a.y;
  out[4 * i + 1] = (ulong)(b.x >> 32) + (ulong)(b.y >> 64);
  out[4 * i + 2] = (ulong)(b.z >> 20) ^ (ulong)b.z;
  out[4 * i + 3] = (ulong)(c.x >> 8) + (ulong)(c.y >> 3) + (ulong)c.z + (ulong)(c.w < 0);
}
