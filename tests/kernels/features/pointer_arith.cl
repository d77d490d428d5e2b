// Pointer arithmetic: walking pointers, differences, comparisons, byte views
// of int data through char pointers, pointers into structs, and vector
// pointers reinterpreted as scalar pointers.
typedef struct {
  int a;
  short b[3];
  char c;
} Node;

__kernel void pointer_arith(__global int *data, __global Node *nodes, __global int *out, int n) {
  int i = get_global_id(0);
  __global int *begin = data + i, *end = data + n;
  int sum = 0, steps = 0;
  for (__global int *p = begin; p < end; p += 3) {
    sum += *p;
    ++steps;
  }
  __global int *o = out + 8 * i;
  o[0] = sum;
  o[1] = steps;
  o[2] = (int)(end - begin);
  __global uchar *bytes = (__global uchar *)(data + i);
  o[3] = bytes[0] | (bytes[1] << 8) | (bytes[3] << 16);
  __global Node *node = nodes + (i % 4);
  __global short *bp = &node->b[1];
  o[4] = bp[1] - bp[-1];
  o[5] = (int)((__global char *)&node->c - (__global char *)node);
  __global int4 *v = (__global int4 *)data;
  __global int *scalar = (__global int *)(v + (i % 2));
  o[6] = scalar[2] + scalar[3];
  o[7] = (begin + 2 > end) + 2 * (&data[n - 1] >= begin);
}
