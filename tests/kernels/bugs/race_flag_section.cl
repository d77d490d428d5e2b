// OpenCL C 2.0: race_flag_section_fixed.cl without the acquire fence after the relaxed
// test-and-set: the release fence before the clear pairs with nothing, so a section's
// read of `visited` is not ordered after the write of the work-item that left it.
__kernel void race_flag_section(__global atomic_flag *flags, __global uint *visited) {
  const uint n = get_global_size(0);
  uint stop = 0;
  for (uint cnt = 0; !stop && cnt < n; cnt++) {
    bool set = atomic_flag_test_and_set_explicit(&flags[cnt], memory_order_relaxed,
                                                 memory_scope_device);
    if (!set) {
      if (visited[cnt] == 0) { // BUG: race.global.inter-group BUG: race.global.intra-group
        visited[cnt] = 1; // BUG: race.global.inter-group BUG: race.global.intra-group
        stop = 1;
      }
      atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
      atomic_flag_clear_explicit(&flags[cnt], memory_order_relaxed, memory_scope_device);
    }
  }
}
