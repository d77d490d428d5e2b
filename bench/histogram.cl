__kernel void histogram(__global const uint *data, __global uint *bins, uint n) {
  size_t i = get_global_id(0);
  if (i < n) atomic_inc(&bins[(data[i] * 2654435761u) >> 24]);
}
