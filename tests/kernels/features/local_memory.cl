// Local memory: a kernel-scope __local tile transposed through local memory,
// a __local argument used for a tree reduction with barriers in a loop, and
// a prefix sum over the group (Hillis-Steele, two buffers).
#define TILE 8
__kernel void local_memory(__global const float *in, __global float *transposed,
                           __global float *sums, __global int *scan, __local float *scratch,
                           int width) {
  __local float tile[TILE][TILE + 1];
  __local int ping[64], pong[64];
  int lx = get_local_id(0), ly = get_local_id(1);
  int gx = get_global_id(0), gy = get_global_id(1);
  tile[ly][lx] = in[gy * width + gx];
  barrier(CLK_LOCAL_MEM_FENCE);
  int tx = get_group_id(1) * TILE + lx, ty = get_group_id(0) * TILE + ly;
  transposed[ty * width + tx] = tile[lx][ly];

  int l = ly * TILE + lx;
  scratch[l] = in[gy * width + gx] * (float)(l + 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = TILE * TILE / 2; s > 0; s >>= 1) {
    if (l < s) scratch[l] += scratch[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) sums[get_group_id(1) * get_num_groups(0) + get_group_id(0)] = scratch[0];

  ping[l] = (gx + gy) % 7;
  barrier(CLK_LOCAL_MEM_FENCE);
  __local int *src = ping, *dst = pong;
  for (int off = 1; off < TILE * TILE; off <<= 1) {
    dst[l] = src[l] + (l >= off ? src[l - off] : 0);
    barrier(CLK_LOCAL_MEM_FENCE);
    __local int *t = src;
    src = dst;
    dst = t;
  }
  scan[gy * width + gx] = src[l];
}
