// A private array filled only as far as a per-work-item count says, then read
// at its last element: work-items with a count below 8 read an element never
// written.
__kernel void uninit_private(__global const int *n, __global int *out) {
  int i = get_global_id(0);
  int squares[8];
  for (int k = 0; k < n[i]; ++k) squares[k] = k * k;
  out[i] = squares[7]; // BUG: uninit.read
}
