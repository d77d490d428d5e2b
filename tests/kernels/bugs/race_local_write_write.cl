// Every work-item that finds a positive value records its local id in a __local slot:
// concurrent writes of different bytes race.
__kernel void race_local_write_write(__global const int *in, __global int *out) {
  __local int found;
  int l = get_local_id(0);
  if (l == 0) found = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (in[get_global_id(0)] > 0) found = l + 1; // BUG: race.local.write-write
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = found;
}
