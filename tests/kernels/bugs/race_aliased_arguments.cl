// The kernel writes through `dst` and reads through `src`; the run binds one buffer to
// both: each work-item reads the element the work-item one work-group further on
// writes, and no barrier orders two work-groups.
__kernel void race_aliased_arguments(__global int *dst, __global const int *src,
                                     __global int *out) {
  int g = get_global_id(0);
  dst[g] = 3 * g; // BUG: race.global.inter-group
  out[g] = src[(g + get_local_size(0)) % get_global_size(0)]; // BUG: race.global.inter-group
}
