// OpenCL C 2.0: message passing between work-groups at device scope (the default),
// which orders the work-items of every group.
__kernel void race_message_scope_fixed(__global int *data, __global atomic_int *flag,
                                       __global int *out) {
  if (get_local_id(0) != 0) return;
  if (get_group_id(0) == 0) {
    data[0] = 42;
    atomic_store_explicit(flag, 1, memory_order_release, memory_scope_device);
  } else if (get_group_id(0) == 1) {
    while (!atomic_load_explicit(flag, memory_order_acquire, memory_scope_device)) // REVERSED: progress.inter-group
      ;
    out[0] = data[0];
  }
}
