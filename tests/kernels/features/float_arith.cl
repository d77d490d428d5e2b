// Float and double arithmetic whose results are exact under IEEE rounding:
// basic operations, comparisons, min/max, rounding functions, fabs/copysign,
// fmod, and a loop-carried accumulation (no contraction into mad: separate
// statements).
__kernel void float_arith(__global const float *a, __global const float *b, __global float *out,
                          __global double *outd, __global int *cmp) {
  int i = get_global_id(0);
  float x = a[i], y = b[i];
  __global float *o = out + 14 * i;
  o[0] = x + y;
  o[1] = x - y;
  float p = x * y;
  o[2] = p;
  o[3] = x / y;
  o[4] = fmin(x, y);
  o[5] = fmax(x, y);
  o[6] = floor(x);
  o[7] = ceil(y);
  o[8] = round(x);
  o[9] = trunc(y);
  o[10] = fabs(x) + copysign(1.5f, y);
  o[11] = fmod(x, y);
  o[12] = sqrt(fabs(x));
  float acc = 0.0f;
  for (int k = 0; k < 10; ++k) {
    float t = acc * 0.5f;
    acc = t + x;
  }
  o[13] = acc;
  double dx = (double)x, dy = (double)y;
  double dp = dx * dy;
  outd[3 * i] = dp;
  outd[3 * i + 1] = dx / dy;
  outd[3 * i + 2] = sqrt(fabs(dx)) - dy;
  cmp[4 * i] = x < y;
  cmp[4 * i + 1] = x >= y;
  cmp[4 * i + 2] = x == y;
  cmp[4 * i + 3] = isless(x, y) + 2 * isgreaterequal(x, y) + 4 * isunordered(x, y);
}
