// OpenCL C 2.0: the critical sections of the conformance suite's atomic_flag test. Every
// work-item walks the flags in turn and enters the section of each flag it sets; the
// first to enter a section marks it visited and stops. The relaxed test-and-set is
// followed by an acquire fence and the relaxed clear preceded by a release fence, so the
// fences synchronise through the flag (OpenCL 3.0 API §3.3.6.4, C11 7.17.4): every
// section's read of `visited` is ordered after the write of the work-item before it.
__kernel void race_flag_section_fixed(__global atomic_flag *flags, __global uint *visited) {
  const uint n = get_global_size(0);
  uint stop = 0;
  for (uint cnt = 0; !stop && cnt < n; cnt++) {
    bool set = atomic_flag_test_and_set_explicit(&flags[cnt], memory_order_relaxed,
                                                 memory_scope_device);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
    if (!set) {
      if (visited[cnt] == 0) {
        visited[cnt] = 1;
        stop = 1;
      }
      atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
      atomic_flag_clear_explicit(&flags[cnt], memory_order_relaxed, memory_scope_device);
    }
  }
}
