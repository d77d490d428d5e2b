// One work-item of the group waits for a flag that another, in a different sub-group
// when sub-groups are narrower than the group, sets. It finishes only when the setter
// runs while the waiter waits: OpenCL promises no forward progress between the
// sub-groups of a work-group outside barriers.
__kernel void subgroup_wait(__global int *flag, __global int *out) {
  const size_t lid = get_local_id(0);
  if (lid == 0)
    atomic_xchg(flag, 1);
  else if (lid == get_local_size(0) - 1)
    while (atomic_add(flag, 0) == 0) // REVERSED: progress.intra-group
      ;
  out[lid] = (int)lid;
}
