// The twin of uninit_local_counter.cl: one work-item zeroes the counter first.
__kernel void uninit_local_counter_fixed(__global int *counts) {
  __local int count;
  if (get_local_id(0) == 0) count = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&count);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) counts[get_group_id(0)] = count;
}
