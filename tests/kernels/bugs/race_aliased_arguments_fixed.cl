// race_aliased_arguments run on two buffers: `src` is a buffer nothing writes.
__kernel void race_aliased_arguments_fixed(__global int *dst, __global const int *src,
                                           __global int *out) {
  int g = get_global_id(0);
  dst[g] = 3 * g;
  out[g] = src[(g + get_local_size(0)) % get_global_size(0)];
}
