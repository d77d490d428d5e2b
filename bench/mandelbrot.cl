__kernel void mandelbrot(__global uint *out, uint w, uint h, uint max_iter) {
  size_t px = get_global_id(0), py = get_global_id(1);
  float cx = -2.0f + 3.0f * px / w, cy = -1.5f + 3.0f * py / h;
  float x = 0.0f, y = 0.0f;
  uint it = 0;
  while (it < max_iter && x * x + y * y <= 4.0f) {
    float t = x * x - y * y + cx;
    y = 2.0f * x * y + cy;
    x = t;
    ++it;
  }
  out[py * w + px] = it;
}
