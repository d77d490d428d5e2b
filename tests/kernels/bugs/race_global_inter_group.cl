// Each work-item reads the element the work-item one work-group further on
// writes: no barrier orders two work-groups, whatever order they run in.
__kernel void race_global_inter_group(__global int *data, __global int *out) {
  int g = get_global_id(0);
  data[g] = 3 * g; // BUG: race.global.inter-group
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[g] = data[(g + get_local_size(0)) % get_global_size(0)]; // BUG: race.global.inter-group
}
