// race_image_constant reading through both objects and writing through neither: reading
// a buffer through a __constant argument and through an image made from it is defined.
__kernel void race_image_constant_fixed(read_only image1d_buffer_t img, __constant float4 *buf,
                                        __global float *out) {
  int i = get_global_id(0), n = get_global_size(0);
  out[i] = read_imagef(img, i).x + buf[(i + 1) % n].y;
}
