// Out-of-bounds global accesses: a write past the end in a helper function
// (inlined from -O1 on: the finding must still name the helper's line) and a
// read before the start.
void store_scaled(__global int *out, int index, int value) {
  out[index] = value * 3; // BUG: oob.global.write
}

__kernel void global_bounds(__global const int *in, __global int *out, int n) {
  int i = get_global_id(0);
  int before = i == 0 ? -2 : 0;
  int v = in[i + before]; // BUG: oob.global.read
  store_scaled(out, i + (i == n - 1), v);
}
