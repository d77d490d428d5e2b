// Relational built-ins on scalars and vectors: comparisons producing -1/0
// vector masks, isnan/isinf/isfinite/signbit, any/all, select and bitselect.
__kernel void relational(__global const float4 *a, __global const float4 *b, __global int4 *masks,
                         __global float4 *sel, __global int *flags) {
  int i = get_global_id(0);
  float4 x = a[i], y = b[i];
  masks[6 * i] = isequal(x, y);
  masks[6 * i + 1] = isless(x, y) | isgreater(x, y);
  masks[6 * i + 2] = isnan(x) | (isinf(y) & 2);
  masks[6 * i + 3] = signbit(x);
  masks[6 * i + 4] = isfinite(y) ^ isordered(x, y);
  masks[6 * i + 5] = x < y;
  sel[2 * i] = select(x, y, x > y);
  sel[2 * i + 1] = as_float4(bitselect(as_uint4(x), as_uint4(y), (uint4)(0xffff0000u)));
  float s = x.x;
  flags[4 * i] = any(x < y);
  flags[4 * i + 1] = all(x <= y);
  flags[4 * i + 2] = isnan(s) ? 10 : (s > 0.0f ? 20 : 30);
  flags[4 * i + 3] = select(7, -7, (int)(y.w < s));
}
