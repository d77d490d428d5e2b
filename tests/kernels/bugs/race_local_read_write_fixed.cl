// race_local_read_write with the barrier it lacks: the read of the neighbour's
// element is ordered after the neighbour's write.
__kernel void race_local_read_write_fixed(__global const int *in, __global int *out) {
  __local int tile[64];
  int l = get_local_id(0);
  tile[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[(l + 1) % 64] - tile[l];
}
