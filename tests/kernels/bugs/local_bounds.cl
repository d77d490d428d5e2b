// A __local array indexed one past its end by the last work-item of each group.
__kernel void local_bounds(__global const float *in, __global float *out) {
  __local float tile[32];
  int l = get_local_id(0);
  tile[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  float next = tile[l + 1]; // BUG: oob.local
  out[get_global_id(0)] = next - tile[l];
}
