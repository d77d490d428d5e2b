// Work-group 1 waits for work-group 0 to publish a value, counting how long it waited: in
// a register, in a private array and in a global statistic only it writes. The count
// changes each time round, but the loop's exit depends only on the flag, which nothing
// in work-group 1 writes: when work-group 1 runs first (--schedule reverse, one thread)
// it waits for a group that cannot start until it ends.
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
  while (atomic_add(flag, 0) == 0) { // REVERSED: progress.inter-group
    ++spins;
    ++rounds[spins & 3];
    ++stats[g];
  }
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  stats[0] = spins + rounds[0] + rounds[1] + rounds[2] + rounds[3];
  out[0] = data[0];
}
