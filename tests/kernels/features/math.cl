// OpenCL.std math functions on float and double vectors: the values come from
// a buffer, so no build can fold them at compile time.
__kernel void math(__global const float4 *in, __global float4 *out, __global double2 *outd) {
  int i = get_global_id(0);
  float4 x = in[i];
  __global float4 *o = out + 12 * i;
  o[0] = exp(x);
  o[1] = log(fabs(x) + 1.0f);
  o[2] = sin(x);
  o[3] = cos(x);
  o[4] = pow(fabs(x), 1.5f);
  o[5] = tanh(x);
  o[6] = atan2(x, x.wzyx + 0.5f);
  o[7] = cbrt(x);
  o[8] = rsqrt(fabs(x) + 1.0f);
  o[9] = exp2(x) + exp10(x * 0.25f);
  o[10] = hypot(x, x.yzwx);
  o[11] = fma(x, x.yxwz, (float4)(0.5f));
  double2 d = convert_double2(x.xy);
  outd[3 * i] = exp(d);
  outd[3 * i + 1] = sin(d) + cos(d);
  outd[3 * i + 2] = log1p(fabs(d)) * erf(d);
}
