// Control flow: nested loops with break and continue, a switch with
// fall-through and a default, do-while, early return, a loop whose exit
// depends on data (lanes leave at different iterations), and goto-free
// irregular nesting.
int collatz_steps(int v) {
  int steps = 0;
  while (v != 1 && steps < 200) {
    v = (v & 1) ? 3 * v + 1 : v / 2;
    ++steps;
  }
  return steps;
}

__kernel void control_flow(__global const int *in, __global int *out) {
  int i = get_global_id(0);
  int v = in[i];
  __global int *o = out + 6 * i;
  if (v < 0) {
    o[0] = -1;
    o[1] = o[2] = o[3] = o[4] = o[5] = 0;
    return;
  }
  int found = 0;
  for (int a = 1; a < 20 && !found; ++a) {
    for (int b = a; b < 20; ++b) {
      if ((a * b) % 7 == 3) continue;
      if (a * a + b * b == v) {
        found = a * 100 + b;
        break;
      }
    }
  }
  o[0] = found;
  int s = 0;
  switch (v % 6) {
  case 0:
    s += 1;
  case 1:
    s += 10;
    break;
  case 3:
    s += 100;
  case 4:
    s += 1000;
  default:
    s += 10000;
  }
  o[1] = s;
  int k = v, n = 0;
  do {
    k = (k + 1) / 3;
    ++n;
  } while (k > 1);
  o[2] = n;
  o[3] = collatz_steps(v + 1);
  int acc = 0;
  for (int a = 0; a < v % 13; ++a) {
    if (a % 4 == 1) continue;
    for (int b = 0; b < a; ++b) {
      if (b == 3 && a > 6) break;
      acc += a ^ b;
    }
  }
  o[4] = acc;
  int x = v;
  while (1) {
    if (x % 5 == 0) break;
    if (x > 1000) {
      x = -x;
      break;
    }
    x += 7;
  }
  o[5] = x;
}
