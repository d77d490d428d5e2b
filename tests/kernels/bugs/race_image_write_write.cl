// Two work-items write each texel: x / 2 maps work-items 2i and 2i + 1 to texel i.
__kernel void race_image_write_write(write_only image2d_t img) {
  int x = get_global_id(0), y = get_global_id(1);
  write_imageui(img, (int2)(x / 2, y), (uint4)(x, y, 0, 1)); // BUG: race.image.write-write
}
