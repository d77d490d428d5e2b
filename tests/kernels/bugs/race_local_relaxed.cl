// OpenCL C 2.0: the last work-item of a group to count itself in adds up what every
// work-item stored in __local memory, the counter taken with memory_order_relaxed:
// nothing orders the other work-items' stores before its reads (OpenCL 3.0 API §3.3.6).
__kernel void race_local_relaxed(__global const int *in, __global int *out) {
  __local int values[64];
  __local atomic_int arrived;
  const size_t lid = get_local_id(0), n = get_local_size(0);
  if (lid == 0)
    atomic_init(&arrived, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  values[lid] = in[get_global_id(0)]; // BUG: race.local.read-write
  if (atomic_fetch_add_explicit(&arrived, 1, memory_order_relaxed, memory_scope_work_group) ==
      (int)n - 1) {
    int sum = 0;
    for (size_t i = 0; i < n; ++i)
      sum += values[i]; // BUG: race.local.read-write
    out[get_group_id(0)] = sum;
  }
}
