// race_depth_view with a barrier and its image fence between the writes through the
// CL_R image and the reads through its CL_DEPTH view: each work-item reads the value its
// neighbour wrote (the texels as depth values, cl_khr_depth_images).
__kernel void race_depth_view_fixed(write_only image2d_t img, read_only image2d_depth_t depth,
                                    __global int *out) {
  int x = get_global_id(0), y = get_global_id(1), n = get_global_size(0);
  write_imagef(img, (int2)(x, y), (float4)((x + n * y) / 16.0f, 0, 0, 1));
  barrier(CLK_IMAGE_MEM_FENCE);
  float d = read_imagef(depth, (int2)((x + 1) % n, y));
  out[y * n + x] = (int)(d * 16);
}
