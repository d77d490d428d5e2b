// race_local_global_flag.cl done right: mem_fence(CLK_LOCAL_MEM_FENCE) before atomic_inc
// on the global counter orders the work-item's __local store before it, and the same
// fence after it in the last work-item orders its reads after every count it read
// (OpenCL 3.0 API §3.3.6.4: the fence's flags decide which address spaces it orders; the
// atomic it pairs with may be in the other one).
__kernel void race_local_global_flag(__global const int *in, __global int *count,
                                     __global int *out) {
  __local int values[128];
  const size_t lid = get_local_id(0), n = get_local_size(0);
  values[lid] = in[get_global_id(0)];
  mem_fence(CLK_LOCAL_MEM_FENCE);
  if (atomic_inc(&count[get_group_id(0)]) == (int)n - 1) {
    mem_fence(CLK_LOCAL_MEM_FENCE);
    int sum = 0;
    for (size_t i = 0; i < n; ++i)
      sum += values[i];
    out[get_group_id(0)] = sum;
  }
}
