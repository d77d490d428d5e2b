// OpenCL C 2.0: race_flag_section_local_fixed.cl with the release fence before the
// relaxed clear weakened to relaxed: the acquire fence after the next test-and-set pairs
// with no release, so a section's read of `visited` is not ordered after the write of
// the work-item that left it.
__kernel void race_flag_section_local(__global uint *visited) {
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
      if (visited[cs] == 0) { // BUG: race.global.intra-group
        visited[cs] = 1; // BUG: race.global.intra-group
        stop = 1;
      }
      atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_relaxed,
                             memory_scope_work_group);
      atomic_flag_clear_explicit(&flags[cnt], memory_order_relaxed, memory_scope_work_group);
    }
  }
}
