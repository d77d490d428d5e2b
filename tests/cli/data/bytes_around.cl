// Reads one byte before and one past the end of `in` (run with --global 4).
kernel void bytes_around(global const uchar *in, global uchar *out) {
  size_t i = get_global_id(0);
  out[i] = in[i - 1] + in[i + 1];
}
