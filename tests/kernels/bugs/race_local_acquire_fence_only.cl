// OpenCL C 2.0: race_local_global_fence_fixed.cl with an acquire fence naming
// CLK_LOCAL_MEM_FENCE only. The release side is right (a fence naming both flags before
// the relaxed count), but in the OpenCL 2.x memory model a fence that names only local
// memory synchronises through atomics on local objects (OpenCL 3.0 API §3.3.6.4) and the
// count is on global memory: the last work-item's acquire fence must name both flags too
// (race_local_global_fence_fixed.cl, the fixed twin). OpenCL 1.2's
// mem_fence(CLK_LOCAL_MEM_FENCE) after atomic_inc on a global counter is correct
// (race_local_global_flag_fixed.cl).
__kernel void race_local_acquire_fence_only(__global const int *in, __global atomic_int *count,
                                            __global int *out) {
  __local int values[128];
  const size_t lid = get_local_id(0), n = get_local_size(0);
  values[lid] = in[get_global_id(0)]; // BUG: race.local.read-write
  atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_release,
                         memory_scope_work_group);
  if (atomic_fetch_add_explicit(&count[get_group_id(0)], 1, memory_order_relaxed,
                                memory_scope_work_group) == (int)n - 1) {
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_acquire, memory_scope_work_group);
    int sum = 0;
    for (size_t i = 0; i < n; ++i)
      sum += values[i]; // BUG: race.local.read-write
    out[get_group_id(0)] = sum;
  }
}
