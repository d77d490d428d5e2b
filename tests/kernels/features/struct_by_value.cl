// Structs passed by value to functions that are not inlined: llvm-spirv passes a
// pointer to the caller's object with FuncParamAttr ByVal, and the callee must work
// on a copy of its own — its writes never reach the caller. Small and large (over
// 256 bytes) structs, a nested one, one passed on through two calls, the kernel's
// own by-value struct argument passed on, callees that modify their copy and ones
// that only read it, and a struct returned by value.
#define NOINLINE __attribute__((noinline))

typedef struct {
  char c;
  int v[4];
} Small;

typedef struct {
  int a[80];
} Large;

typedef struct {
  Small inner;
  long total;
  Small pair[2];
} Nested;

NOINLINE int small_modified(Small s) {
  s.v[0] += 100;
  s.c += 1;
  int sum = s.c;
  for (int i = 0; i < 4; ++i) sum += s.v[i];
  return sum;
}

NOINLINE int small_unmodified(Small s) { return s.c * 1000 + s.v[0] + s.v[3]; }

NOINLINE int large_modified(Large l, int k) {
  for (int i = 0; i < 80; ++i) l.a[i] *= k;
  int sum = 0;
  for (int i = 0; i < 80; ++i) sum += l.a[i];
  return sum;
}

NOINLINE int large_unmodified(Large l) { return l.a[0] + l.a[40] * 3 + l.a[79] * 7; }

NOINLINE long nested_modified(Nested n) {
  n.inner.v[1] = -7;
  n.pair[1].c = 9;
  n.total += 5;
  return n.total * 100 + n.inner.v[1] + n.pair[1].c + n.pair[0].v[2];
}

// Passed on: first changes its copy and hands it to second, which changes its own.
NOINLINE int second(Large l) {
  l.a[0] += 1000;
  l.a[79] -= 1;
  return l.a[0] + l.a[79];
}

NOINLINE int first(Large l) {
  l.a[0] += 10;
  int r = second(l);
  return r * 2 + l.a[0] + l.a[79];
}

NOINLINE Small with_v2(Small s, int x) {
  s.v[2] = x;
  return s;
}

__kernel void struct_by_value(__global int *out, __global long *wide, Small arg) {
  int i = get_global_id(0);
  __global int *o = out + i * 16;

  Small s;
  s.c = (char)(3 + i);
  for (int k = 0; k < 4; ++k) s.v[k] = 10 * k + i;
  o[0] = small_modified(s);
  o[1] = small_modified(s); // the same function again: a fresh copy
  o[2] = s.c * 1000 + s.v[0]; // unchanged by both calls
  o[3] = small_unmodified(s);

  Large l;
  for (int k = 0; k < 80; ++k) l.a[k] = k + i;
  o[4] = large_modified(l, 3);
  o[5] = l.a[0] + l.a[79]; // unchanged
  o[6] = large_unmodified(l);
  o[7] = first(l);
  o[8] = l.a[0] * 10000 + l.a[79]; // unchanged by first and second

  Nested n;
  n.inner = s;
  n.total = 1000000000L * (i + 1);
  n.pair[0] = s;
  n.pair[1] = s;
  wide[i] = nested_modified(n);
  o[9] = n.inner.v[1] + n.pair[1].c + (int)(n.total / 1000000000L); // unchanged

  o[10] = small_modified(arg); // the kernel's own by-value argument
  o[11] = arg.c * 1000 + arg.v[0];
  Small t = with_v2(arg, 77 + i);
  o[12] = t.v[2];
  o[13] = arg.v[2];
  o[14] = small_modified(t);
  o[15] = t.v[0] + t.c;
}
