// race_local_write_write with an atomic: concurrent atomic updates do not race.
__kernel void race_local_write_write_fixed(__global const int *in, __global int *out) {
  __local int found;
  int l = get_local_id(0);
  if (l == 0) found = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (in[get_global_id(0)] > 0) atomic_max(&found, l + 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = found;
}
