// Arrays and structures of _BitInt(N) whose N SPIR-V for OpenCL has not: -O0 keeps them
// in private memory (widened, loads sign- or zero-extending, stores truncating), -O2
// folds or keeps them in registers; the results wrap at N bits either way.
typedef struct {
  _BitInt(37) m;
  int k;
  unsigned _BitInt(24) u[3];
} Record;

__kernel void narrow_aggregates(__global const long *in, __global long *out) {
  size_t i = get_global_id(0);
  long x = in[i];
  _BitInt(37) a[2] = {-21, 5};
  Record s = {-21, 3, {1, 2, 16777215}};
  unsigned _BitInt(96) w[2] = {7, 9};
  _BitInt(72) n[2][2] = {{-1, 2}, {-3, 4}};
  a[i & 1] += (_BitInt(37))x;
  s.m = s.m * (_BitInt(37))x;
  s.u[i % 3] += (unsigned _BitInt(24))x;
  w[i & 1] = (w[i & 1] * (unsigned long)x) << 40;
  n[i & 1][1] -= (_BitInt(72))x << 20;
  out[12 * i + 0] = a[0];
  out[12 * i + 1] = a[1];
  out[12 * i + 2] = s.m;
  out[12 * i + 3] = s.k;
  out[12 * i + 4] = s.u[0];
  out[12 * i + 5] = s.u[1];
  out[12 * i + 6] = s.u[2];
  out[12 * i + 7] = (long)(w[0] >> 40) ^ (long)(w[0] >> 90);
  out[12 * i + 8] = (long)(w[1] >> 40) ^ (long)(w[1] >> 90);
  out[12 * i + 9] = (long)(n[0][1] >> 8);
  out[12 * i + 10] = (long)(n[1][1] >> 8);
  out[12 * i + 11] = (long)(n[i & 1][0] + n[1][0]);
}
