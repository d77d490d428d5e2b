// OpenCL C 2.0 atomics: atomic_int/atomic_uint/atomic_long with explicit
// orders and scopes, loads/stores, exchange, compare-exchange loops and an
// atomic_flag, with order-independent final values.
__kernel void c11_atomics(__global atomic_int *counters, __global atomic_long *wide,
                          __global atomic_uint *bits, __global int *claims) {
  __local atomic_int local_count;
  __local atomic_flag flag;
  int i = get_global_id(0), l = get_local_id(0);
  if (l == 0) {
    atomic_init(&local_count, 0);
    atomic_flag_clear_explicit(&flag, memory_order_relaxed, memory_scope_work_group);
  }
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  atomic_fetch_add(&counters[0], i);
  atomic_fetch_sub_explicit(&counters[1], 2, memory_order_relaxed);
  atomic_fetch_max_explicit(&counters[2], i * 3 - 100, memory_order_acq_rel,
                            memory_scope_device);
  atomic_fetch_min(&counters[3], 50 - i);
  atomic_fetch_add_explicit(&wide[0], (long)i << 32, memory_order_seq_cst, memory_scope_device);
  atomic_fetch_or(&bits[0], 1u << (i % 32));
  atomic_fetch_and(&bits[1], ~(1u << (i % 29)));
  atomic_fetch_xor(&bits[2], (uint)i * 2654435761u);
  int expected = atomic_load(&counters[4]);
  while (!atomic_compare_exchange_weak(&counters[4], &expected, expected + 1))
    ;
  atomic_fetch_add_explicit(&local_count, 1, memory_order_relaxed, memory_scope_work_group);
  if (!atomic_flag_test_and_set_explicit(&flag, memory_order_acq_rel, memory_scope_work_group))
    atomic_fetch_add(&counters[5], 1);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) atomic_fetch_add(&counters[6], atomic_load(&local_count));
  int old = atomic_exchange(&counters[7], 5);
  claims[i] = old == -1 || old == 5;
  atomic_store(&wide[1], 77);
}
