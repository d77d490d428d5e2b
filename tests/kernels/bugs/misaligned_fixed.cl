// The twin of misaligned.cl: the same four bytes, assembled from single bytes.
__kernel void misaligned_fixed(__global const uchar *bytes, __global int *out) {
  int i = get_global_id(0);
  __global const uchar *p = bytes + 4 * i + 1;
  out[i] = p[0] | p[1] << 8 | p[2] << 16 | p[3] << 24;
}
