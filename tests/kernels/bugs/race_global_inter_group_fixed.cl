// race_global_inter_group reading within its own work-group, where the barrier
// orders the accesses.
__kernel void race_global_inter_group_fixed(__global int *data, __global int *out) {
  int g = get_global_id(0), n = get_local_size(0);
  data[g] = 3 * g;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[g] = data[get_group_id(0) * n + (get_local_id(0) + 1) % n];
}
