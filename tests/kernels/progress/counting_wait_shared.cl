// Work-group 1 waits for work-group 0 to set word 0 of `sync`, counting its rounds in
// word 1 of the same buffer and, every eighth round (a branch on the counter), in word 2.
// Neither count is read by the loop's exit, which depends on word 0 alone: when
// work-group 1 runs first (--schedule reverse, one thread) it waits for a group that
// cannot start until it ends.
__kernel void counting_wait_shared(__global int *sync, __global int *data, __global int *out) {
  const size_t g = get_group_id(0);
  if (get_local_id(0) != 0)
    return;
  if (g == 0) {
    data[0] = 42;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    atomic_xchg(&sync[0], 1);
    return;
  }
  int spins = 0;
  while (atomic_add(&sync[0], 0) == 0) { // REVERSED: progress.inter-group
    ++spins;
    ++sync[1];
    if ((spins & 7) == 0)
      ++sync[2];
  }
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  out[0] = data[0];
}
