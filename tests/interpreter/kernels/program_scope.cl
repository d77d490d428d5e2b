// Program-scope variables (OpenCL C 2.0): a __constant table with an
// initializer and a __global variable that kernels update.
__constant float table[5] = {0.5f, 1.5f, 2.5f, 3.5f, 4.5f};
__global int counter = 7;
__global int hits[4];

__kernel void lookup(__global const int *in, __global float *out) {
  int i = get_global_id(0);
  out[i] = table[in[i] % 5];
  atomic_inc(&counter);
  atomic_add(&hits[in[i] & 3], 1);
}

__kernel void read_back(__global int *out) {
  out[0] = counter;
  for (int k = 0; k < 4; ++k)
    out[1 + k] = hits[k];
}
