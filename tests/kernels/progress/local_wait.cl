// Every work-group waits on a flag in its own __local memory that nothing sets. Only
// work-items of the group could write it, so the wait is a hang whatever other
// work-groups do: never a work-group waiting for another.
__kernel void local_wait(__global int *out) {
  __local volatile int flag;
  if (get_local_id(0) == 0)
    flag = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  while (flag == 0) // BUG: hang.spin
    ;
  out[get_global_id(0)] = 1;
}
