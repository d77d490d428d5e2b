// A __local table that the first work-item of each group was meant to fill,
// but nobody did: a copy whose size is known only at run time (OpCopyMemorySized
// with a variable size) carries its undefined contents into private memory,
// where they decide the result.
__kernel void uninit_copy(__global const int *n, __global int *out) {
  __local int table[8];
  int copy[8];
  int i = get_global_id(0);
  __builtin_memcpy(copy, table, (size_t)n[0] * sizeof(int));
  out[i] = copy[i % 8] > 3 ? 1 : 2; // BUG: uninit.read
}
