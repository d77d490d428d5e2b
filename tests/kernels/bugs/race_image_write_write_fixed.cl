// race_image_write_write with one work-item per texel.
__kernel void race_image_write_write_fixed(write_only image2d_t img) {
  int x = get_global_id(0), y = get_global_id(1);
  write_imageui(img, (int2)(x, y), (uint4)(x, y, 0, 1));
}
