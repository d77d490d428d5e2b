// race_lane_release.cl with a barrier between the stores and the ticket: every
// work-item's store precedes the barrier, and the barrier work-item 0's fence and ticket,
// which so release the whole group's elements.
__kernel void race_lane_release(__global int *data, volatile __global uint *count,
                                __global int *total) {
  __local uint ticket;
  const size_t gid = get_global_id(0);
  data[gid] = (int)gid;
  barrier(CLK_GLOBAL_MEM_FENCE);
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    ticket = atomic_inc(count);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (get_local_id(0) == 0 && ticket == get_num_groups(0) - 1) {
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    int t = 0;
    for (size_t i = 0; i < get_global_size(0); ++i)
      t += data[i];
    *total = t;
  }
}
