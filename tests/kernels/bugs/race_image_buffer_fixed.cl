// race_image_buffer reading through both objects and writing through neither: only
// reading from both a buffer and an image made from it is defined (OpenCL API 5.3.1.2).
__kernel void race_image_buffer_fixed(read_only image1d_buffer_t img, __global const float4 *buf,
                                      __global float *out) {
  int i = get_global_id(0), n = get_global_size(0);
  float4 texel = read_imagef(img, i);
  out[i] = texel.x + buf[(i + 1) % n].y;
}
