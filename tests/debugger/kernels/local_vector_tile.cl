// A __local tile of float4: each work-item stores its element, then after the barrier
// reads its neighbour's (a watchpoint on a __local vector element: tile[3]).
__kernel void local_vector_tile(__global const float4 *in, __global float4 *out) {
  __local float4 tile[8];
  size_t l = get_local_id(0), i = get_global_id(0);
  float4 v = in[i] * 2.0f;
  tile[l] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = tile[(l + 1) % 8];
}
