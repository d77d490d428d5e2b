// A copy whose size is known only at run time (OpCopyMemorySized with a
// variable size) that reads past the end of its source buffer for the last
// work-item: nothing of that copy happens, and the read is reported.
__kernel void copy_bounds(__global const int *src, __global int *dst, __global const int *count) {
  int i = get_global_id(0);
  int n = count[0];
  __builtin_memcpy(dst + i * 6, src + i * 4, (size_t)n * sizeof(int)); // BUG: oob.global.read
}
