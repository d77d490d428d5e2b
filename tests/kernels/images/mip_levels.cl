// get_image_num_mip_levels (OpImageQueryLevels, OpenCL C 2.0): images without
// mipmaps report what clGetImageInfo reports as CL_IMAGE_NUM_MIP_LEVELS, 0.
kernel void mip_levels(read_only image2d_t a, read_only image3d_t b, write_only image1d_t c,
                       global int *out) {
  out[0] = get_image_num_mip_levels(a);
  out[1] = get_image_num_mip_levels(b);
  out[2] = get_image_num_mip_levels(c);
  out[3] = get_image_width(c);
}
