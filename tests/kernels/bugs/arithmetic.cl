// Undefined arithmetic: an integer division by zero and a float-to-integer
// conversion of a value no int holds.
__kernel void arithmetic(__global const int *num, __global const int *den,
                         __global const float *f, __global int *out) {
  int i = get_global_id(0);
  int q = num[i] / den[i]; // BUG: ub.div-by-zero
  float scaled = f[i] * 1e6f;
  int c = (int)scaled; // BUG: ub.fp-to-int
  out[i] = q + c;
}
