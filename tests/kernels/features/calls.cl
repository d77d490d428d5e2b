// Function calls kept as calls (noinline): value and pointer parameters,
// out-parameters, several returns, calls in loops and in divergent branches,
// a call chain, and a callee with its own loop and private array.
__attribute__((noinline)) int gcd(int a, int b) {
  while (b != 0) {
    int t = a % b;
    a = b;
    b = t;
  }
  return a;
}

__attribute__((noinline)) int classify(int v) {
  if (v < 0) return -1;
  if (v == 0) return 0;
  if (v > 1000) return 2;
  return 1;
}

__attribute__((noinline)) void divmod(int a, int b, int *q, int *r) {
  *q = a / b;
  *r = a - *q * b; // not a % b: see the note in sum_digits
}

__attribute__((noinline)) int sum_digits(int v) {
  int digits[12];
  int n = 0;
  v = v < 0 ? -v : v;
  do {
    // A quotient and a remainder of the same operands make LLVM emit freeze
    // instructions, which llvm-spirv 15 cannot translate.
    int d = v / 10;
    digits[n++] = v - d * 10;
    v = d;
  } while (v != 0);
  int s = 0;
  for (int k = 0; k < n; ++k) s += digits[k] * (k + 1);
  return s;
}

__attribute__((noinline)) int chain(int v) { return sum_digits(gcd(v, 360)) + classify(v - 50); }

__kernel void calls(__global const int *in, __global int *out) {
  int i = get_global_id(0);
  int v = in[i];
  __global int *o = out + 8 * i;
  o[0] = gcd(v, 84);
  o[1] = classify(v);
  int q, r;
  divmod(v, 7, &q, &r);
  o[2] = q;
  o[3] = r;
  o[4] = sum_digits(v * 13);
  int acc = 0;
  for (int k = 0; k < (i % 5) + 1; ++k) acc += chain(v + k);
  o[5] = acc;
  if (v % 3 == 0)
    o[6] = gcd(v, 27);
  else
    o[6] = classify(v - 500) * 100;
  o[7] = chain(chain(v));
}
