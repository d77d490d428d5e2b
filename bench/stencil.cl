__kernel void stencil(__global const float *in, __global float *out, uint w, uint h) {
  size_t x = get_global_id(0), y = get_global_id(1);
  if (x == 0 || y == 0 || x >= w - 1 || y >= h - 1) {
    if (x < w && y < h) out[y * w + x] = in[y * w + x];
    return;
  }
  size_t i = y * w + x;
  out[i] = 0.5f * in[i] + 0.125f * (in[i - 1] + in[i + 1] + in[i - w] + in[i + w]);
}
