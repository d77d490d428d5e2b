// saxpy: y[i] = a * x[i] + y[i] for i < n (single-precision a·x plus y), in place.
__kernel void saxpy(float a, __global const float *x, __global float *y, uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    y[i] = a * x[i] + y[i];
}
