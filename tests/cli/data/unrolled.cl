// Each work-item writes nine elements in a loop clang unrolls: one source line, nine
// stores. The buffer holds 100 floats, so work-items 11 to 15 write past its end.
kernel void unrolled(global float *v) {
  size_t i = get_global_id(0);
#pragma unroll
  for (int k = 0; k < 9; ++k)
    v[i * 9 + k] = (float)k;
}
