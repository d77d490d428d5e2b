// Every work-item that finds a nonzero value sets one global flag: all write the
// same value, and still race (within and across work-groups).
__kernel void race_global_write_write(__global const int *in, __global int *flag) {
  if (in[get_global_id(0)] != 0) flag[0] = 1; // BUG: race.global.write-write
}
