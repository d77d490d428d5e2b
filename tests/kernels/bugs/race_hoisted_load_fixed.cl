// Each work-item stores its element of a __local tile (shift = 0), and the first
// work-item of the group reads back the element it stored itself: one work-item, no
// barrier needed. At -O2 clang hoists the read of tile[0] out of the `if` (the array is
// safe to read) and every work-item reads it, keeping the value in work-item 0 only
// (OpSelect): the other work-items' reads are not in the source and are no race.
__kernel void race_hoisted_load_fixed(__global const int *in, __global int *out, int shift) {
  __local int tile[64];
  int l = get_local_id(0);
  tile[(l + shift) % 64] = in[get_global_id(0)];
  int first = -1;
  if (l == 0) first = tile[0];
  out[get_global_id(0)] = first;
}
