// Each work-item writes its texel of a read_write image and reads it back with no
// image fence between: a work-item's image writes need
// atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, ...) before its own reads see them
// (OpenCL API 3.3.8).
__kernel void image_unfenced_read(read_write image2d_t img, __global float *out) {
  int x = get_global_id(0), y = get_global_id(1);
  write_imagef(img, (int2)(x, y), (float4)(x, y, 0, 1));
  float4 v = read_imagef(img, (int2)(x, y)); // BUG: image.unfenced-read
  out[y * get_global_size(0) + x] = v.x + 10 * v.y;
}
