// counting_wait.cl with a bounded wait: work-group 1 gives up after 100,000 rounds. Its
// exit depends on the counter, so the loop ends on its own and is no spin, whichever
// group runs first.
__kernel void counting_wait(__global int *flag, __global int *data, __global int *stats,
                            __global int *out) {
  const size_t g = get_group_id(0);
  if (get_local_id(0) != 0)
    return;
  if (g == 0) {
    data[0] = 42;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    atomic_xchg(flag, 1);
    return;
  }
  int spins = 0;
  int rounds[4] = {0, 0, 0, 0};
  while (atomic_add(flag, 0) == 0 && spins < 100000) {
    ++spins;
    ++rounds[spins & 3];
    ++stats[g];
  }
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  stats[0] = spins + rounds[0] + rounds[1] + rounds[2] + rounds[3];
  out[0] = spins < 100000 ? data[0] : -1;
}
