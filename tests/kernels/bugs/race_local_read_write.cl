// Each work-item reads its neighbour's element of a __local tile without the
// barrier that orders the read after the neighbour's write.
__kernel void race_local_read_write(__global const int *in, __global int *out) {
  __local int tile[64];
  int l = get_local_id(0);
  tile[l] = 0; // every element is written before anyone reads: no uninit.read
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[l] = in[get_global_id(0)]; // BUG: race.local.read-write
  out[get_global_id(0)] = tile[(l + 1) % 64] - tile[l]; // BUG: race.local.read-write
}
