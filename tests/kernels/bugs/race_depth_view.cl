// Each work-item writes its texel of a CL_R image and reads its neighbour's through a
// CL_DEPTH view of the same texels (an image made from an image, OpenCL API 5.3.1.2):
// two images over one memory, the neighbour's write not ordered before the read.
__kernel void race_depth_view(write_only image2d_t img, read_only image2d_depth_t depth,
                              __global int *out) {
  int x = get_global_id(0), y = get_global_id(1), n = get_global_size(0);
  float4 v = (float4)((x + n * y) / 16.0f, 0, 0, 1);
  write_imagef(img, (int2)(x, y), v);                   // BUG: race.image.read-write
  float d = read_imagef(depth, (int2)((x + 1) % n, y)); // BUG: race.image.read-write
  out[y * n + x] = (int)(d * 16);
}
