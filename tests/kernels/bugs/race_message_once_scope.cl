// OpenCL C 2.0: message passing between work-groups without a wait at work-group
// scope, which orders only the work-items of one group: the flag's accesses race
// (race.scope), and nothing orders the value's write before its read.
__kernel void race_message_once_scope(__global int *data, __global atomic_int *flag,
                                      __global int *out) {
  if (get_local_id(0) != 0) return;
  // Each mark stays on the line its finding names.
  // clang-format off
  if (get_group_id(0) == 0) {
    data[0] = 42; // BUG: race.global.inter-group
    atomic_store_explicit(flag, 1, memory_order_release, memory_scope_work_group); // BUG: race.scope
  } else if (get_group_id(0) == 1) {
    int seen = atomic_load_explicit(flag, memory_order_acquire, memory_scope_work_group); // BUG: race.scope
    out[0] = seen ? data[0] == 42 : 1; // BUG: race.global.inter-group
  }
  // clang-format on
}
