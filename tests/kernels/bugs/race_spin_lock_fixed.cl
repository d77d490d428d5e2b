// OpenCL C 2.0: the spin lock of race_spin_lock.cl given back with a release store,
// which the next holder's acquire compare-exchange reads: every update of the counter
// is ordered after the one before.
__kernel void race_spin_lock_fixed(__global atomic_int *lock, __global int *counter) {
  if (get_local_id(0) != 0) return;
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(lock, &expected, 1, memory_order_acquire,
                                                  memory_order_relaxed))
    expected = 0;
  *counter += (int)get_group_id(0) + 1;
  atomic_store_explicit(lock, 0, memory_order_release);
}
