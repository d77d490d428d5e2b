// race_global_write_write with an atomic: concurrent atomic updates do not race.
__kernel void race_global_write_write_fixed(__global const int *in, __global int *flag) {
  if (in[get_global_id(0)] != 0) atomic_max(flag, (int)get_global_id(0));
}
