// The last work-group to finish writes its id: which group that is depends on the
// order work-groups run in, which OpenCL leaves open. The ordered schedule gives the
// highest id; `spvsim run --explore` finds the schedules that give another.
__kernel void last_group(__global uint *arrived, __global uint *last) {
  if (get_local_id(0) == 0 && atomic_inc(arrived) == get_num_groups(0) - 1)
    *last = (uint)get_group_id(0); // BUG: nondeterminism.result
}
