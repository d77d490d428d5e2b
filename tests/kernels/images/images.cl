// Image kernels for tests/kernels/images_test.cpp: sampled reads of every image type,
// sampler-less reads, writes and the queries (OpenCL SPIR-V Env §7).
#pragma OPENCL EXTENSION cl_khr_depth_images : enable

kernel void sample_2d(read_only image2d_t img, sampler_t s, global const float2 *coords,
                      global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, coords[i]);
}

kernel void sample_2d_int_coords(read_only image2d_t img, sampler_t s, global const int2 *coords,
                                 global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, coords[i]);
}

kernel void sample_1d(read_only image1d_t img, sampler_t s, global const float *coords,
                      global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, coords[i]);
}

kernel void sample_3d(read_only image3d_t img, sampler_t s, global const float4 *coords,
                      global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, coords[i]);
}

kernel void sample_2d_array(read_only image2d_array_t img, sampler_t s,
                            global const float4 *coords, global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, coords[i]);
}

kernel void sample_1d_array(read_only image1d_array_t img, sampler_t s,
                            global const float2 *coords, global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, coords[i]);
}

kernel void sample_2d_uint(read_only image2d_t img, sampler_t s, global const float2 *coords,
                           global uint4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imageui(img, s, coords[i]);
}

// A constant sampler, and the image passed through a function call.
float4 fetch_clamped(read_only image2d_t img, int2 at) {
  const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
  return read_imagef(img, s, at);
}

kernel void constant_sampler(read_only image2d_t img, global const int2 *coords,
                             global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = fetch_clamped(img, coords[i]);
}

// Sampler-less reads (§7.7) and writes: every texel of `in` to `out` and to `texels`.
kernel void copy_2d(read_only image2d_t in, write_only image2d_t out, global float4 *texels) {
  int2 at = (int2)(get_global_id(0), get_global_id(1));
  float4 v = read_imagef(in, at);
  texels[at.y * get_image_width(in) + at.x] = v;
  write_imagef(out, at, v);
}

kernel void write_2d(write_only image2d_t out, global const float4 *colors) {
  int2 at = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(out, at, colors[at.y * get_image_width(out) + at.x]);
}

kernel void write_2d_int(write_only image2d_t out, global const int4 *colors) {
  int2 at = (int2)(get_global_id(0), get_global_id(1));
  write_imagei(out, at, colors[at.y * get_image_width(out) + at.x]);
}

kernel void write_2d_uint(write_only image2d_t out, global const uint4 *colors) {
  int2 at = (int2)(get_global_id(0), get_global_id(1));
  write_imageui(out, at, colors[at.y * get_image_width(out) + at.x]);
}

kernel void read_2d_int(read_only image2d_t in, global int4 *out) {
  int2 at = (int2)(get_global_id(0), get_global_id(1));
  out[at.y * get_image_width(in) + at.x] = read_imagei(in, at);
}

kernel void write_3d(write_only image3d_t out, global const float4 *colors) {
  int4 at = (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0);
  int w = get_image_width(out), h = get_image_height(out);
  write_imagef(out, at, colors[(at.z * h + at.y) * w + at.x]);
}

kernel void queries(read_only image2d_t a, read_only image3d_t b, read_only image2d_array_t c,
                    read_only image1d_t d, global int *out) {
  out[0] = get_image_width(a);
  out[1] = get_image_height(a);
  out[2] = get_image_channel_order(a);
  out[3] = get_image_channel_data_type(a);
  out[4] = get_image_width(b);
  out[5] = get_image_height(b);
  out[6] = get_image_depth(b);
  out[7] = (int)get_image_array_size(c);
  out[8] = get_image_width(d);
  int2 dim = get_image_dim(a);
  out[9] = dim.x * 1000 + dim.y;
  out[10] = get_image_channel_order(b);
  out[11] = get_image_channel_data_type(b);
}

kernel void depth_sample(read_only image2d_depth_t in, sampler_t s, global const float2 *coords,
                         global float *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(in, s, coords[i]);
}

kernel void depth_copy(read_only image2d_depth_t in, write_only image2d_depth_t out) {
  int2 at = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(out, at, read_imagef(in, at));
}

kernel void copy_1d_buffer(read_only image1d_buffer_t in, write_only image1d_buffer_t out,
                           global float4 *texels) {
  int x = get_global_id(0);
  float4 v = read_imagef(in, x);
  texels[x] = v;
  write_imagef(out, x, v);
}
