// OpenCL C 2.0 atomics with explicit memory orders, and atomic_flag.
__kernel void counters(__global atomic_int *counter, __global atomic_flag *flag,
                       __global int *winners) {
  int old = atomic_fetch_add_explicit(counter, 2, memory_order_relaxed, memory_scope_device);
  if (!atomic_flag_test_and_set(flag))
    winners[0] = 1 + get_global_id(0);
  atomic_fetch_sub(counter, 1);
  (void)old;
}
