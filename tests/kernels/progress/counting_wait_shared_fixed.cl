// counting_wait_shared.cl where the waiter stops waiting after 50000 rounds by setting
// word 0 itself: the store that ends the loop is guarded by a branch on the counter, so
// the counter decides the exit and the loop is no spin, whichever group runs first.
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
  while (atomic_add(&sync[0], 0) == 0) {
    ++spins;
    ++sync[1];
    if (spins == 50000)
      atomic_xchg(&sync[0], 2);
  }
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  out[0] = atomic_add(&sync[0], 0) == 1 ? data[0] : -1;
}
