// race_local_global_fence.cl done right: fences naming CLK_LOCAL_MEM_FENCE |
// CLK_GLOBAL_MEM_FENCE synchronise both address spaces through the atomic on the global
// counter (OpenCL 3.0 API §3.3.6.4, its last paragraph): every work-item's __local store
// happens before the last one's reads.
__kernel void race_local_global_fence(__global const int *in, __global atomic_int *count,
                                      __global int *out) {
  __local int values[128];
  const size_t lid = get_local_id(0), n = get_local_size(0);
  values[lid] = in[get_global_id(0)];
  atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_release,
                         memory_scope_work_group);
  if (atomic_fetch_add_explicit(&count[get_group_id(0)], 1, memory_order_relaxed,
                                memory_scope_work_group) == (int)n - 1) {
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                           memory_scope_work_group);
    int sum = 0;
    for (size_t i = 0; i < n; ++i)
      sum += values[i];
    out[get_group_id(0)] = sum;
  }
}
