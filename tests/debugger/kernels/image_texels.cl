// An image kernel built with -g: the debugger shows its image argument and a sampler
// variable (opaque types, pointers in the debug information) beside its other variables.
kernel void image_texels(read_only image2d_t img, global float *out) {
  const sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
  int x = get_global_id(0), y = get_global_id(1);
  float4 texel = read_imagef(img, nearest, (int2)(x, y));
  float sum = texel.x + texel.y;
  out[y * get_image_width(img) + x] = sum;
}
