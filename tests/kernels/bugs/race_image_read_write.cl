// Each work-item writes its texel of a read_write image, then reads its neighbour's
// after a barrier that fences only global memory: CLK_GLOBAL_MEM_FENCE does not order
// image memory (OpenCL 3.0 API section 3.3.8; CLK_IMAGE_MEM_FENCE does).
__kernel void race_image_read_write(read_write image2d_t img, __global float *out) {
  int x = get_global_id(0), y = get_global_id(1), n = get_local_size(0);
  write_imagef(img, (int2)(x, y), (float4)(x, y, 0, 1)); // BUG: race.image.read-write
  barrier(CLK_GLOBAL_MEM_FENCE);
  int neighbour = get_group_id(0) * n + (get_local_id(0) + 1) % n;
  float4 v = read_imagef(img, (int2)(neighbour, y)); // BUG: race.image.read-write
  out[y * get_global_size(0) + x] = v.x + v.y;
}
