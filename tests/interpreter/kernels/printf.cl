// printf (OpenCL C §6.15.14): output checked verbatim by printf_test.cpp.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void hello(global int *result) {
  size_t i = get_global_id(0);
  result[i] = printf("item %d of %d: %s\n", (int)i, (int)get_global_size(0), "ok");
}

kernel void grid(void) {
  printf("(%d,%d) ", (int)get_global_id(0), (int)get_global_id(1));
}

// Output is per work-item in work-item order, whatever ran first.
kernel void around_barrier(local int *scratch) {
  int i = (int)get_local_id(0);
  printf("a%d ", i);
  scratch[i] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  printf("b%d ", scratch[(i + 1) % (int)get_local_size(0)]);
}

kernel void divergent(global const int *n) {
  int i = (int)get_global_id(0);
  if (i % 2)
    for (int k = 0; k < n[i]; ++k) printf("%d:%d ", i, k);
  else
    printf("[%d] ", i);
}

kernel void scalars(global const int *ints, global const long *longs, global const float *floats,
                    global const double *doubles) {
  int i = ints[0];
  printf("%d|%5d|%-5d|%+d|%05d|%.3d|%u|%x|%X|%#x|%o|%#o|%c|%%\n", i, i, i, i, i, i, ints[1],
         ints[2], ints[2], ints[2], ints[3], ints[3], ints[4]);
  printf("%hhd|%hhu|%hd|%hu|%ld|%lu|%lx\n", (char)ints[1], (uchar)ints[2], (short)ints[5],
         (ushort)ints[1], longs[0], longs[1], longs[2]);
  printf("%f|%.2f|%e|%E|%g|%G|%a|%10.3f|%-10.1e|\n", floats[0], floats[0], floats[1], floats[1],
         floats[2], floats[2], floats[3], doubles[0], doubles[1]);
  printf("%f|%F|%f|%e\n", floats[4], floats[4], floats[5], doubles[2]);
  printf("%s|%.3s|%6s|%-6s|\n", "string", "string", "abc", "abc");
}

kernel void vectors(global const float4 *f, global const int2 *i, global const uchar8 *c,
                    global const short4 *s, global const long2 *l, global const double2 *d,
                    global const half2 *h) {
  printf("%v4hlf\n", f[0]);
  printf("%.1v4hle\n", f[0]);
  printf("%v2hld|%v2hlx\n", i[0], as_uint2(i[0]));
  printf("%v8hhu|%v8hhd\n", c[0], c[0]);
  printf("%v4hd|%#v4hx\n", s[0], as_ushort4(s[0]));
  printf("%v2ld\n", l[0]);
  printf("%v2lf\n", d[0]);
  printf("%v2hf\n", h[0]);
  printf("%v3hld\n", (int3)(7, 8, 9));
}
