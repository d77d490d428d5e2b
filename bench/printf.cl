// printf throughput: every work-item formats an int, a float and a float4.
kernel void printf_bench(global const float4 *v) {
  size_t i = get_global_id(0);
  printf("wi %u: %.3f %v4hlf\n", (uint)i, v[i].x * 0.5f, v[i]);
}
