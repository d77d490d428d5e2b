// race_image_buffer with the buffer a __constant argument: each work-item writes its
// texel of a 1D buffer image and reads its neighbour's element through the constant
// argument bound to the buffer the image was made from. A constant read of bytes an
// image writes in the same kernel is as undefined as a global one (OpenCL API 5.3.1.2).
__kernel void race_image_constant(write_only image1d_buffer_t img, __constant float4 *buf,
                                  __global float *out) {
  int i = get_global_id(0), n = get_global_size(0);
  write_imagef(img, i, (float4)(i, 0, 0, 1)); // BUG: race.image.buffer
  out[i] = buf[(i + 1) % n].x;                // BUG: race.image.buffer
}
