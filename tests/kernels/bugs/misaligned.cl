// An int read through a char pointer one byte past an int boundary: each
// work-item reads the four bytes that straddle two ints. spvsim reports it and
// reads them byte-wise, as hardware that tolerates it would.
__kernel void misaligned(__global const char *bytes, __global int *out) {
  int i = get_global_id(0);
  out[i] = *(__global const int *)(bytes + 4 * i + 1); // BUG: misaligned
}
