// Gaussian blur (3×3, [1 2 1]ᵀ·[1 2 1] / 16, clamp to edge) three ways, to measure what
// an image read with a sampler costs beside a buffer load of the same texel:
// blur reads through a CLK_FILTER_LINEAR sampler (four bilinear reads at the texel's
// corners, examples/blur), blur_nearest makes the nine reads through a nearest sampler,
// and blur_buffer loads the same nine texels from a buffer with the clamps written out.
constant sampler_t bilinear =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
constant sampler_t nearest =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

kernel void blur(read_only image2d_t src, write_only image2d_t dst) {
  int x = get_global_id(0), y = get_global_id(1);
  float2 corner = (float2)(x, y);
  float4 sum = read_imagef(src, bilinear, corner) +
               read_imagef(src, bilinear, corner + (float2)(1.0f, 0.0f)) +
               read_imagef(src, bilinear, corner + (float2)(0.0f, 1.0f)) +
               read_imagef(src, bilinear, corner + (float2)(1.0f, 1.0f));
  write_imagef(dst, (int2)(x, y), 0.25f * sum);
}

kernel void blur_nearest(read_only image2d_t src, global float4 *dst, uint width) {
  int x = get_global_id(0), y = get_global_id(1);
  float4 sum = (float4)(0.0f);
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      sum += (float)((2 - abs(dx)) * (2 - abs(dy))) *
             read_imagef(src, nearest, (int2)(x + dx, y + dy));
  dst[y * width + x] = sum / 16.0f;
}

kernel void blur_buffer(global const float4 *src, global float4 *dst, uint width,
                        uint height) {
  int x = get_global_id(0), y = get_global_id(1);
  float4 sum = (float4)(0.0f);
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      int sx = clamp(x + dx, 0, (int)width - 1), sy = clamp(y + dy, 0, (int)height - 1);
      sum += (float)((2 - abs(dx)) * (2 - abs(dy))) * src[sy * width + sx];
    }
  dst[y * width + x] = sum / 16.0f;
}
