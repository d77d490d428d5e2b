// OpenCL C 2.0: the critical sections of the conformance suite's atomic_flag test with
// the flags in __local memory and the sections' marks in global memory. The relaxed
// test-and-set is followed by an acquire fence and the relaxed clear preceded by a
// release fence, both naming CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE at work-group
// scope: the fences synchronise through the local flag and order global memory too
// (OpenCL 3.0 API §3.3.6.4, a fence naming both flags), so every section's read of
// `visited` is ordered after the write of the work-item before it.
__kernel void race_flag_section_local_fixed(__global uint *visited) {
  __local atomic_flag flags[64];
  const uint lid = get_local_id(0), n = get_local_size(0);
  atomic_flag_clear_explicit(&flags[lid], memory_order_relaxed, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  uint stop = 0;
  for (uint cnt = 0; !stop && cnt < n; cnt++) {
    bool set = atomic_flag_test_and_set_explicit(&flags[cnt], memory_order_relaxed,
                                                 memory_scope_work_group);
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                           memory_scope_work_group);
    if (!set) {
      const uint cs = get_enqueued_local_size(0) * get_group_id(0) + cnt;
      if (visited[cs] == 0) {
        visited[cs] = 1;
        stop = 1;
      }
      atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_release,
                             memory_scope_work_group);
      atomic_flag_clear_explicit(&flags[cnt], memory_order_relaxed, memory_scope_work_group);
    }
  }
}
