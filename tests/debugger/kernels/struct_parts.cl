// A struct and a vector the compiler splits into registers at -O2 (their debug
// information then describes each member's part: DebugValue with Fragment). The
// members print from their parts; a part whose value is gone (total, once computed
// into the store alone) prints <optimized out>, never a wrong value.
typedef struct {
  uchar r, g, b;
  long total;
} Pixel;

__kernel void struct_parts(__global const uchar *in, __global long *out) {
  int i = get_global_id(0);
  uchar3 c = (uchar3)(in[i], in[i + 1], in[i + 2]);
  Pixel p = {c.x, c.y, c.z, 0};
  p.total = (long)p.r * 1000000007L + p.g * p.b;
  out[i] = p.total + c.y;
}
