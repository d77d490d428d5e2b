// race_local_last_item.cl done right: mem_fence(CLK_LOCAL_MEM_FENCE) before atomic_inc
// makes the atomic a release of the work-item's store, and the fence after it in the
// last work-item an acquire of every release the counter carries (OpenCL 3.0 API
// §3.3.6.4: fences paired with atomics, at work-group scope on __local memory).
__kernel void race_local_last_item(__global const int *in, __global int *out) {
  __local int values[64];
  __local int arrived;
  const size_t lid = get_local_id(0), n = get_local_size(0);
  if (lid == 0)
    arrived = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  values[lid] = in[get_global_id(0)];
  mem_fence(CLK_LOCAL_MEM_FENCE);
  if (atomic_inc(&arrived) == (int)n - 1) {
    mem_fence(CLK_LOCAL_MEM_FENCE);
    int sum = 0;
    for (size_t i = 0; i < n; ++i)
      sum += values[i];
    out[get_group_id(0)] = sum;
  }
}
