// A __constant argument read past its end, and a NULL global pointer written.
__kernel void constant_bounds(__constant float *coeffs, __global float *out,
                              __global float *unused, int taps) {
  int i = get_global_id(0);
  float acc = coeffs[i % taps] + coeffs[taps]; // BUG: oob.constant
  out[i] = acc;
  if (i == 2) unused[i] = acc; // BUG: null.deref
}
