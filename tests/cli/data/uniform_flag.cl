// Every work-item sets the same flag: race.global.write-write, a uniform write.
kernel void set_flag(global int *done, global int *out) {
  size_t i = get_global_id(0);
  *done = 1;
  out[i] = (int)i;
}
