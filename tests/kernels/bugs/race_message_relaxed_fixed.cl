// OpenCL C 2.0: message passing between work-groups, the flag stored with
// memory_order_release and loaded with memory_order_acquire (device scope).
__kernel void race_message_relaxed_fixed(__global int *data, __global atomic_int *flag,
                                         __global int *out) {
  if (get_local_id(0) != 0) return;
  if (get_group_id(0) == 0) {
    data[0] = 42;
    atomic_store_explicit(flag, 1, memory_order_release);
  } else if (get_group_id(0) == 1) {
    while (!atomic_load_explicit(flag, memory_order_acquire)) // REVERSED: progress.inter-group
      ;
    out[0] = data[0];
  }
}
