// Every work-group waits on a flag in its own __local memory that nothing sets. Only
// work-items of the group could write it, so the wait is never a work-group waiting for
// another: a hang when the group's work-items spin in one sub-group, and with one
// work-item per sub-group, each spinning while the others of its group spin too, on a
// device with independent forward progress of sub-groups; on one without, the
// sub-groups wait for each other outside barriers.
__kernel void local_wait(__global int *out) {
  __local volatile int flag;
  if (get_local_id(0) == 0)
    flag = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  while (flag == 0) // BUG: hang.spin  NO_IFP: progress.intra-group
    ;
  out[get_global_id(0)] = 1;
}
