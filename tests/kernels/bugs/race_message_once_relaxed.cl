// OpenCL C 2.0: work-group 0 publishes a value through a flag; work-group 1 loads the
// flag once and reads the value only if it is set (it does not wait, so it needs no
// forward progress from the other group), writing whether what it saw was consistent.
// The flag is stored relaxed, so it does not carry the value's write to the reader.
__kernel void race_message_once_relaxed(__global int *data, __global atomic_int *flag,
                                        __global int *out) {
  if (get_local_id(0) != 0) return;
  if (get_group_id(0) == 0) {
    data[0] = 42; // BUG: race.global.inter-group
    atomic_store_explicit(flag, 1, memory_order_relaxed);
  } else if (get_group_id(0) == 1) {
    int seen = atomic_load_explicit(flag, memory_order_acquire);
    out[0] = seen ? data[0] == 42 : 1; // BUG: race.global.inter-group
  }
}
