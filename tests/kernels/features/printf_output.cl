// printf from divergent code, in a loop and from a called function: the
// output is compared verbatim, so every build must print the same text.
void report(int i, float v) { printf("item %d: %.3f %x\n", i, v, i * 255); }

__kernel void printf_output(__global const float *in, __global float *out) {
  int i = get_global_id(0);
  float v = in[i];
  if (i % 3 == 0) report(i, v);
  for (int k = 0; k < i % 4; ++k) printf("  %d.%d %s\n", i, k, k == 2 ? "two" : "other");
  float4 w = (float4)(v, v * 2.0f, -v, 0.5f);
  if (i == 5) printf("vector %v4hlf|%5.1e|%c\n", w, v, 'A' + i);
  out[i] = v * 3.0f;
}
