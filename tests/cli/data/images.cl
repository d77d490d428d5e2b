// Image kernels of the run-file image tests (tests/cli/CMakeLists.txt): the expected
// texels there are worked out by hand from OpenCL SPIR-V Env §7.4 and OpenCL API §5.3.1.1.
kernel void invert(read_only image2d_t src, write_only image2d_t dst) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(dst, p, (float4)(1.0f) - read_imagef(src, p));
}

kernel void narrow(read_only image1d_array_t src, write_only image1d_array_t dst) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imageui(dst, p, read_imageui(src, p));
}

kernel void pack(write_only image2d_t dst) {
  float x = get_global_id(0);
  write_imagef(dst, (int2)(get_global_id(0), 0), (float4)(x / 2.0f, 0.5f, 1.0f - x, 1.0f));
}

kernel void sample(read_only image2d_t src, sampler_t s, global float *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(src, s, (float2)(0.5f + 0.25f * i, 0.5f)).x;
}
