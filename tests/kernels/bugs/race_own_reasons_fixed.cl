// race_own_reasons with both messages release/acquire: no finding.
__kernel void race_own_reasons_fixed(__global int *data, __global atomic_int *flags,
                                     __global int *out) {
  const size_t lid = get_local_id(0);
  if (lid == 0) {
    data[0] = 1;
    atomic_store_explicit(&flags[0], 1, memory_order_release, memory_scope_device);
  } else if (lid == 32) {
    data[1] = 2;
    atomic_store_explicit(&flags[1], 1, memory_order_release, memory_scope_device);
  }
  int f = 0;
  if (lid == 64)
    f = atomic_load_explicit(&flags[0], memory_order_acquire, memory_scope_device);
  if (lid == 65)
    f = atomic_load_explicit(&flags[1], memory_order_acquire, memory_scope_device);
  if (lid == 64 && f)
    out[0] = data[0];
  if (lid == 65 && f)
    out[1] = data[1];
}
