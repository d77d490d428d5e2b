// A float3 accumulated in a loop (as in an n-body step): at -O2 the compiler keeps it
// in a 4-component register (LLVM widens 3-component vectors), which the debugger
// shows as the variable's 3 components.
__kernel void vec3_accumulate(__global const float4 *pos, __global float4 *acc, uint n) {
  size_t i = get_global_id(0);
  float4 p = pos[i];
  float3 a = (float3)(0.0f);
  for (uint j = 0; j < n; ++j) {
    float3 d = pos[j].xyz - p.xyz;
    a += d * pos[j].w;
  }
  acc[i] = (float4)(a, 0.0f);
}
