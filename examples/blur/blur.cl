// Gaussian blur of an image with a CLK_FILTER_LINEAR sampler: the 3×3 kernel
// [1 2 1]ᵀ·[1 2 1] / 16 from four bilinear reads instead of nine texel reads.
//
// With unnormalized coordinates, a linear read at the corner (x, y) — between texel
// centres x - 0.5 and x + 0.5 — has i0 = floor(x - 0.5) = x - 1 and a = 0.5 (OpenCL
// SPIR-V Env §7.2.1), so it returns the mean of texels (x - 1 .. x, y - 1 .. y). The
// four corners of texel (x, y) count it four times, its edge neighbours twice and its
// diagonal neighbours once: a quarter of their sum is the Gaussian. Clamp to edge
// repeats the border texels, as the Gaussian does at the image's edges.
constant sampler_t bilinear =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

kernel void blur(read_only image2d_t src, write_only image2d_t dst) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x >= get_image_width(dst) || y >= get_image_height(dst)) return;
  float2 corner = (float2)(x, y);
  float4 sum = read_imagef(src, bilinear, corner) +
               read_imagef(src, bilinear, corner + (float2)(1.0f, 0.0f)) +
               read_imagef(src, bilinear, corner + (float2)(0.0f, 1.0f)) +
               read_imagef(src, bilinear, corner + (float2)(1.0f, 1.0f));
  write_imagef(dst, (int2)(x, y), 0.25f * sum);
}
