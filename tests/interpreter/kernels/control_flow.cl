// Divergent control flow: data-dependent loop trip counts with breaks (values
// computed inside the loop are used after it), if/else chains, a switch with
// fall-through, and nested loops with continue.
__kernel void loop_trip(__global const uint *trips, __global uint *out) {
  uint i = get_global_id(0);
  uint acc = 0, k = 0;
  for (k = 0; k < trips[i]; ++k) {
    acc = acc * 3 + k;
    if (acc > 100000)
      break;
  }
  out[2 * i] = acc;
  out[2 * i + 1] = k;
}

__kernel void branches(__global const int *in, __global int *out) {
  int i = get_global_id(0);
  int v = in[i];
  int r;
  if (v % 3 == 0)
    r = v * 2;
  else if (v % 3 == 1)
    r = -v;
  else
    r = v + 100;
  switch (v - 3) {
  case 0:
    r += 1;
    break;
  case 1:
  case 2:
    r += 2;
    break;
  case 5:
    r *= 3;
  case 6:
    r -= 1;
    break;
  default:
    r ^= 0x55;
  }
  out[i] = r;
}

__kernel void nested(__global int *out) {
  int i = get_global_id(0);
  int s = 0;
  for (int a = 0; a < i % 5; ++a)
    for (int b = 0; b <= a; ++b) {
      if ((a + b + i) % 4 == 0)
        continue;
      s += a * b + 1;
    }
  out[i] = s;
}

__kernel void int_ops(__global const int *in, __global int *out) {
  int i = get_global_id(0);
  int a = in[i], b = in[i + 1] | 1;
  long la = (long)a * 100003;
  out[8 * i + 0] = a / b;
  out[8 * i + 1] = (a + 7) % b;
  out[8 * i + 2] = (int)((uint)a >> (i & 31));
  out[8 * i + 3] = a >> (i & 31);
  out[8 * i + 4] = (int)(la >> 7);
  out[8 * i + 5] = (int)((uint)max(a, b) - (uint)min(a, b));
  out[8 * i + 6] = (short)a * (char)b;
  out[8 * i + 7] = (int)((float)a * 0.5f) + (int)((double)b / 3.0);
}
