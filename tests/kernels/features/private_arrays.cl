// Private arrays: filled and read with computed indices, sorted in place, a
// two-dimensional array, an array passed to a function by pointer, and a
// table the optimiser may turn into a constant.
void insertion_sort(int *v, int n) {
  for (int k = 1; k < n; ++k) {
    int key = v[k], j = k - 1;
    while (j >= 0 && v[j] > key) {
      v[j + 1] = v[j];
      --j;
    }
    v[j + 1] = key;
  }
}

__kernel void private_arrays(__global const int *in, __global int *out, int n) {
  int i = get_global_id(0);
  int v[8];
  for (int k = 0; k < 8; ++k) v[k] = in[(i * 5 + k * 3) % n] - k;
  insertion_sort(v, 8);
  int grid[3][4];
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c) grid[r][c] = v[(r + c * 2) % 8] * (r + 1);
  const int primes[6] = {2, 3, 5, 7, 11, 13};
  int acc = 0;
  for (int r = 0; r < 3; ++r) acc += grid[r][(i + r) % 4] * primes[(i + r) % 6];
  __global int *o = out + 10 * i;
  for (int k = 0; k < 8; ++k) o[k] = v[k];
  o[8] = acc;
  o[9] = grid[i % 3][3 - i % 4];
}
