// Vectors: swizzles and component writes, vector arithmetic and comparisons,
// vload/vstore at unaligned element offsets, vec3 layout, shuffle/shuffle2,
// dynamic component selection and conversions between vector widths.
__kernel void vectors(__global const float *in, __global float *out, __global int *iout) {
  int i = get_global_id(0);
  float4 a = vload4(0, in + i);
  float4 b = vload4(1, in + 2 * i);
  float3 c = vload3(i, in);
  float8 wide = (float8)(a, b.wzyx);
  float4 m = a * b + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
  m.xz = m.zx;
  m.w = dot(a, b);
  vstore4(m, i, out);
  float3 cr = cross(c, a.xyz);
  vstore3(cr, i, out + 64);
  out[128 + i] = wide.s3 + wide.s6 + length(c);
  uint4 mask = (uint4)(3, 0, 2, 1);
  float4 sh = shuffle(a, mask);
  float4 sh2 = shuffle2(a, b, (uint4)(7, 0, 5, 2));
  vstore4(sh + sh2, i, out + 160);
  int4 ia = convert_int4_rtz(a * 10.0f);
  int8 ib = (int8)(ia, ia.yxwz * 2);
  int k = i % 8;
  iout[4 * i] = ((int *)&ib)[k];
  iout[4 * i + 1] = any(ia > 20) + all(ia != 0) * 2;
  short2 s2 = convert_short2(ia.zw);
  iout[4 * i + 2] = s2.x * s2.y;
  iout[4 * i + 3] = (ia.x < ia.y) ? ia.z : ia.w;
}
