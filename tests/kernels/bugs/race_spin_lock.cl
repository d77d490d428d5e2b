// OpenCL C 2.0: the first work-item of every work-group takes a spin lock with an
// acquire compare-exchange and adds to a counter, but gives the lock back with a
// relaxed store: the next holder's acquire reads a value that carries no release, so
// its update of the counter is not ordered after this one's.
__kernel void race_spin_lock(__global atomic_int *lock, __global int *counter) {
  if (get_local_id(0) != 0) return;
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(lock, &expected, 1, memory_order_acquire,
                                                  memory_order_relaxed))
    expected = 0;
  *counter += (int)get_group_id(0) + 1; // BUG: race.global.inter-group BUG: race.global.write-write
  atomic_store_explicit(lock, 0, memory_order_relaxed);
}
