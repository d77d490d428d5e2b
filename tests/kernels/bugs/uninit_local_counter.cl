// A counter shared through __local memory that no work-item set to zero: each
// work-group counts its work-items from whatever the memory held.
__kernel void uninit_local_counter(__global int *counts) {
  __local int count;
  atomic_inc(&count); // BUG: uninit.read
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) counts[get_group_id(0)] = count;
}
