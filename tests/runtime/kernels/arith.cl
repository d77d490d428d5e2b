// Kernels of the runtime tests that come as SPIR-V (clCreateProgramWithIL).
__kernel void axpy(__global float *y, __global const float *x, float a) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}

__kernel void ids(__global uint *out) {
  size_t i = get_global_id(0) - get_global_offset(0);
  out[4 * i] = (uint)get_global_id(0);
  out[4 * i + 1] = (uint)get_local_size(0);
  out[4 * i + 2] = (uint)get_group_id(0);
  out[4 * i + 3] = (uint)get_enqueued_local_size(0);
}
