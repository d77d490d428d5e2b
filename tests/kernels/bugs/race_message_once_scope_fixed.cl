// OpenCL C 2.0: message passing between work-groups without a wait at device scope,
// which orders the work-items of every group: whichever group runs first, the reader
// sees either no flag or the flag and the value.
__kernel void race_message_once_scope_fixed(__global int *data, __global atomic_int *flag,
                                            __global int *out) {
  if (get_local_id(0) != 0) return;
  if (get_group_id(0) == 0) {
    data[0] = 42;
    atomic_store_explicit(flag, 1, memory_order_release, memory_scope_device);
  } else if (get_group_id(0) == 1) {
    int seen = atomic_load_explicit(flag, memory_order_acquire, memory_scope_device);
    out[0] = seen ? data[0] == 42 : 1;
  }
}
