// A struct passed by value to a function that indexes its copy one past the end of
// the array in it: the callee's copy is a private allocation of the struct's size,
// bounds-checked like any other.
typedef struct {
  int count;
  int a[8];
} Window;

__attribute__((noinline)) int pick(Window w, int k) {
  w.count += k;
  return w.a[k] + w.count; // BUG: oob.private
}

__kernel void byval_bounds(__global const int *in, __global int *out, int k) {
  int i = get_global_id(0);
  Window w;
  w.count = i;
  for (int j = 0; j < 8; ++j) w.a[j] = in[i] * j;
  out[i] = pick(w, k + (i == 5));
}
