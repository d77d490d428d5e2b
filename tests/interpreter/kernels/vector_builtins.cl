// Vector built-ins: relational select/bitselect (OpenCL C §6.15.6),
// geometric functions (§6.15.5), shuffle/shuffle2 (§6.15.12) and the vector
// loads and stores including the half forms (§6.15.10).
kernel void relational(global const float4 *a, global const float4 *b, global const int4 *c,
                       global float4 *out, global const int *s, global int *sout) {
  size_t i = get_global_id(0);
  out[2 * i] = select(a[i], b[i], c[i]);
  out[2 * i + 1] = bitselect(a[i], b[i], as_float4(c[i]));
  sout[i] = select(s[2 * i], s[2 * i + 1], s[2 * i] > 0);
}

kernel void geometric(global const float4 *a, global const float4 *b, global float *len,
                      global float4 *vec, global const double3 *d, global double *dlen) {
  size_t i = get_global_id(0);
  len[4 * i] = length(a[i]);
  len[4 * i + 1] = distance(a[i], b[i]);
  len[4 * i + 2] = dot(a[i], b[i]);
  len[4 * i + 3] = fast_length(a[i].xy);
  vec[2 * i] = normalize(a[i]);
  vec[2 * i + 1] = cross(a[i], b[i]);
  dlen[i] = length(d[i]);
}

kernel void shuffles(global const uint4 *x, global const uint4 *y, global const uint8 *mask,
                     global uint8 *out, global uint4 *fixed) {
  size_t i = get_global_id(0);
  out[2 * i] = shuffle(x[i], mask[i]);
  out[2 * i + 1] = shuffle2(x[i], y[i], mask[i]);
  fixed[i] = shuffle(x[i], (uint4)(3, 2, 1, 0));
}

kernel void vector_memory(global const float *src, global float *dst, global const half *hsrc,
                          global half *hdst, global float *widened, int offset) {
  size_t i = get_global_id(0);
  float3 v = vload3(i, src + offset);
  vstore3(v * 2.0f, i, dst);
  float4 h = vload_half4(i, hsrc);
  vstore4(h, i, widened);
  widened[64 + i] = vload_half(i, hsrc);
  vstore_half4_rtz(h * 3.0f, i, hdst);
  vstore_half_rtp(v.x / 3.0f, 64 + i, hdst);
  vstore_half_rtn(v.x / 3.0f, 96 + i, hdst);
  vstorea_half3(v, i, hdst + 128);
}
