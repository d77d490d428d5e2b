// A struct filled only as far as a per-work-item count says, passed by value to a
// function that returns its last element: the callee's copy carries which bytes the
// caller never wrote, and the value is reported where it reaches global memory.
typedef struct {
  int squares[8];
} Table;

__attribute__((noinline)) int last(Table t) {
  return t.squares[7];
}

__kernel void byval_uninit(__global const int *n, __global int *out) {
  int i = get_global_id(0);
  Table t;
  for (int k = 0; k < n[i]; ++k) t.squares[k] = k * k;
  out[i] = last(t); // BUG: uninit.read
}
