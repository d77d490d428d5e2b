// Loops whose optimised forms carry many phis: values rotated between
// variables each iteration (parallel-copy semantics), a Fibonacci pair, loops
// with two exits, a loop with a variable trip count per work-item, triangular
// nests, a nest whose inner loop leaves early, and a loop that counts down
// through zero.
__kernel void loops(__global const int *in, __global int *out) {
  int i = get_global_id(0);
  int n = in[i];
  int a = 1, b = 2, c = 3;
  for (int k = 0; k < n; ++k) {
    int t = a;
    a = b;
    b = c;
    c = t + k;
  }
  __global int *o = out + 8 * i;
  o[0] = a * 10000 + b * 100 + c;
  uint f0 = 0, f1 = 1;
  for (int k = 0; k < n + 5; ++k) {
    uint f2 = f0 + f1;
    f0 = f1;
    f1 = f2;
  }
  o[1] = (int)f0;
  int k = 0, hit = -1;
  while (k < 100) {
    if ((k * k + n) % 11 == 0) {
      hit = k;
      break;
    }
    k += 1 + (n & 1);
  }
  o[2] = hit * 1000 + k;
  int tri = 0;
  for (int x = 0; x < n; ++x)
    for (int y = 0; y <= x; ++y) tri += (x ^ y) * (y + 1);
  o[3] = tri;
  int down = 0;
  for (int x = n; x >= -n; x -= 2) down += x;
  o[4] = down;
  int p = n, q = 1, r = 0;
  while (p > 0) {
    r += q;
    q *= -2;
    p >>= 1;
  }
  o[5] = r;
  // Not a plain sum: LLVM turns those into closed forms with 33-bit integers,
  // which llvm-spirv 15 cannot translate.
  uint s = 0;
  for (int x = 0; x < n % 7; ++x) {
    for (int y = 0; y < 9; ++y) {
      if (y == (n + x) % 5) break;
      s = s * 3 + x * 9 + y;
    }
  }
  o[6] = (int)s;
  o[7] = n;
}
