// OpenCL C 2.0: the last work-item of a group to count itself in on a global counter adds
// up the group's __local values. The fences around the relaxed count name
// CLK_GLOBAL_MEM_FENCE only: they order global memory, and the __local stores stay
// unordered before the last work-item's reads (OpenCL 3.0 API section 3.3.6.4).
__kernel void race_local_global_fence(__global const int *in, __global atomic_int *count,
                                      __global int *out) {
  __local int values[128];
  const size_t lid = get_local_id(0), n = get_local_size(0);
  values[lid] = in[get_global_id(0)]; // BUG: race.local.read-write
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
  if (atomic_fetch_add_explicit(&count[get_group_id(0)], 1, memory_order_relaxed,
                                memory_scope_work_group) == (int)n - 1) {
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_work_group);
    int sum = 0;
    for (size_t i = 0; i < n; ++i)
      sum += values[i]; // BUG: race.local.read-write
    out[get_group_id(0)] = sum;
  }
}
