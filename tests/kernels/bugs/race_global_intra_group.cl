// Work-items exchange values through global memory across a barrier that fences
// only local memory: CLK_LOCAL_MEM_FENCE does not order the global accesses.
__kernel void race_global_intra_group(__global int *data, __global int *out) {
  int g = get_global_id(0), n = get_local_size(0);
  data[g] = 2 * g; // BUG: race.global.intra-group
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g] = data[get_group_id(0) * n + (get_local_id(0) + 1) % n]; // BUG: race.global.intra-group
}
