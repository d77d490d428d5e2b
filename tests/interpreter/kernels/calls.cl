// Function calls with private pointers, private arrays indexed dynamically,
// and a by-value struct argument.
typedef struct {
  int a;
  float b;
  char c;
} Item;

int accumulate(__private const int *arr, int n) {
  int s = 0;
  for (int k = 0; k < n; ++k)
    s += arr[k];
  return s;
}

void fill(__private int *arr, int n, int seed) {
  for (int k = 0; k < n; ++k)
    arr[k] = seed * k + 1;
}

__kernel void calls(__global int *out, Item item) {
  int arr[8];
  int i = get_global_id(0);
  fill(arr, 8, i);
  out[i] = accumulate(arr, i % 8 + 1) + item.a + (int)item.b + item.c;
}

__kernel void vectors(__global const float4 *in, __global float4 *out, __global float *dots) {
  int i = get_global_id(0);
  float4 v = in[i];
  float4 w = v.wzyx * (float4)(1.0f, 2.0f, 3.0f, 4.0f) + (float4)(i);
  out[i] = w;
  dots[i] = dot(v, w);
}
