// A transpose that writes a 4 x 8 image with 8 x 4 work-items: work-items with x >= 4
// write outside it (OpenCL SPIR-V Env section 7.7 leaves such writes undefined).
__kernel void image_write_bounds(write_only image2d_t dst) {
  int x = get_global_id(0), y = get_global_id(1);
  write_imagef(dst, (int2)(x, y), (float4)(x, y, 0, 1)); // BUG: image.coordinate
}
