// A private array filled at run time (so that no build turns it into a
// constant table), read with an index one past its end.
__kernel void private_bounds(__global const int *in, __global int *out, int k) {
  int i = get_global_id(0);
  int window[4];
  window[0] = in[i];
  window[1] = in[i] * 2;
  window[2] = in[i] * 3;
  window[3] = in[i] * 4;
  out[i] = window[k + (i == 5)]; // BUG: oob.private
}
