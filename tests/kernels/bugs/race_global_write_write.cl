// Every work-item that finds a nonzero value records its id in one global slot: each
// writes other bytes, and they race (within and across work-groups). Writes of the
// same value are still race.global.write-write, marked as a uniform write (tests/cli:
// run.uniform_write).
__kernel void race_global_write_write(__global const int *in, __global int *flag) {
  if (in[get_global_id(0)] != 0) flag[0] = (int)get_global_id(0); // BUG: race.global.write-write
}
