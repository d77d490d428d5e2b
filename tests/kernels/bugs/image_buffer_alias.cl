// Each work-item writes its texel of a 1D buffer image, then reads the same bytes
// through the buffer the image was made from. No other work-item touches them, but
// OpenCL API 5.3.1.2 makes a write through one and a read through the other in one
// kernel undefined whatever orders them: the image write need not be visible through
// the buffer, not even to the work-item that made it.
__kernel void image_buffer_alias(write_only image1d_buffer_t img, __global const float4 *buf,
                                 __global float *out) {
  int i = get_global_id(0);
  write_imagef(img, i, (float4)(i, 0, 0, 1));
  out[i] = buf[i].x; // BUG: image.buffer-alias
}
