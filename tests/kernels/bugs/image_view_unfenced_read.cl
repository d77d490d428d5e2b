// Each work-item writes its texel through an sRGB view of a buffer's bytes and reads it
// back through a linear view of the same bytes, with no image fence between: two images
// over one memory are one image to OpenCL API 3.3.8, and a work-item's image writes
// need atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, ...) before its own reads see them.
__kernel void image_view_unfenced_read(write_only image2d_t srgb, read_only image2d_t linear,
                                       __global int *out) {
  int x = get_global_id(0), y = get_global_id(1);
  write_imagef(srgb, (int2)(x, y), (float4)(0.5f, 0.25f, x / 8.0f, 1));
  float4 v = read_imagef(linear, (int2)(x, y)); // BUG: image.unfenced-read
  out[y * get_global_size(0) + x] = (int)(v.x * 255 + 0.5f) + 1000 * (int)(v.z * 255 + 0.5f);
}
