__kernel void nbody(__global const float4 *pos, __global float4 *acc, uint n, float eps2) {
  size_t i = get_global_id(0);
  float4 p = pos[i];
  float3 a = (float3)(0.0f);
  for (uint j = 0; j < n; ++j) {
    float4 q = pos[j];
    float3 d = q.xyz - p.xyz;
    float inv = rsqrt(dot(d, d) + eps2);
    a += d * (q.w * inv * inv * inv);
  }
  acc[i] = (float4)(a, 0.0f);
}
