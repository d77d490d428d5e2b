// Nested search loops with early exits: clang -O2 + llvm-spirv place a block
// before its dominator (SPIR-V §2.16.1), which real implementations accept.
kernel void search2(global const int *data, global int *result, int n, int m, int key) {
  int found = -1;
  for (int i = 0; i < n && found < 0; ++i) {
    for (int j = 0; j < m; ++j) {
      if (data[i * m + j] == key) {
        found = i * m + j;
        break;
      }
      if (data[i * m + j] < 0) goto done;
    }
  }
done:
  *result = found;
}
