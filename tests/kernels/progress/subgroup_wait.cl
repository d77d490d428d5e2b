// One work-item of the group waits for a flag that another, in a different sub-group
// when sub-groups are narrower than the group, sets. It finishes only when the setter
// runs while the waiter waits: correct on a device that reports independent forward
// progress of sub-groups (CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, as spvsim's
// does); without it, OpenCL promises no forward progress between the sub-groups of a
// work-group outside barriers.
__kernel void subgroup_wait(__global int *flag, __global int *out) {
  const size_t lid = get_local_id(0);
  if (lid == 0)
    atomic_xchg(flag, 1);
  else if (lid == get_local_size(0) - 1)
    while (atomic_add(flag, 0) == 0) // NO_IFP: progress.intra-group
      ;
  out[lid] = (int)lid;
}
