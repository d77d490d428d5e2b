// race_image_read_write with the image fence its barrier needs.
__kernel void race_image_read_write_fixed(read_write image2d_t img, __global float *out) {
  int x = get_global_id(0), y = get_global_id(1), n = get_local_size(0);
  write_imagef(img, (int2)(x, y), (float4)(x, y, 0, 1));
  barrier(CLK_IMAGE_MEM_FENCE);
  int neighbour = get_group_id(0) * n + (get_local_id(0) + 1) % n;
  float4 v = read_imagef(img, (int2)(neighbour, y));
  out[y * get_global_size(0) + x] = v.x + v.y;
}
