// Each work-item writes its texel of a 1D buffer image, then reads its neighbour's
// element through the buffer the image was made from. The two share their bytes, and
// OpenCL API 5.3.1.2 makes writing through one and reading through the other in one
// kernel undefined even with a barrier between them (the image and image fences here).
__kernel void race_image_buffer(write_only image1d_buffer_t img, __global const float4 *buf,
                                __global float *out) {
  int i = get_global_id(0), n = get_global_size(0);
  write_imagef(img, i, (float4)(i, 0, 0, 1)); // BUG: race.image.buffer
  barrier(CLK_GLOBAL_MEM_FENCE | CLK_IMAGE_MEM_FENCE);
  out[i] = buf[(i + 1) % n].x; // BUG: race.image.buffer
}
