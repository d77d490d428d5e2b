// Every work-item stores its element and passes mem_fence, and work-item 0 of each group
// takes a ticket with atomic_inc; the last group's work-item 0 adds up every element. A
// fence orders only the accesses of the work-item that passes it and then writes the
// atomic (OpenCL 3.0 API §3.3.6.4): work-item 0's ticket releases its own element, not
// those of the other work-items of its group — of its own sub-group neither — which no
// barrier orders before the ticket.
__kernel void race_lane_release(__global int *data, volatile __global uint *count,
                                __global int *total) {
  __local uint ticket;
  const size_t gid = get_global_id(0);
  data[gid] = (int)gid; // BUG: race.global.inter-group
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    ticket = atomic_inc(count);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (get_local_id(0) == 0 && ticket == get_num_groups(0) - 1) {
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    int t = 0;
    for (size_t i = 0; i < get_global_size(0); ++i)
      t += data[i]; // BUG: race.global.inter-group
    *total = t;
  }
}
