// Doubles chars (wrapping) and widens them to ints.
kernel void twice(global const char *in, global char *out, global int *wide) {
  size_t i = get_global_id(0);
  out[i] = (char)(in[i] * 2);
  wide[i] = in[i];
}
