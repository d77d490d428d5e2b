// The image macros of a device with images (OpenCL C §6.13.10, OpenCL C 3.0 features):
// each one defined sets its bit.
__kernel void image_macros(__global int *out) {
  int bits = 0;
#ifdef __IMAGE_SUPPORT__
  bits |= 1;
#endif
#ifdef __opencl_c_images
  bits |= 2;
#endif
#ifdef __opencl_c_read_write_images
  bits |= 4;
#endif
#ifdef __opencl_c_3d_image_writes
  bits |= 8;
#endif
  out[0] = bits;
}
