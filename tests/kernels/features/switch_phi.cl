// An if/else-if chain whose branches give one value for two cases: clang -O2
// makes it a switch with two cases on one target, and llvm-spirv 15 lists the
// switch's block twice in the OpPhi that joins them (validated with a warning,
// run as one edge).
__kernel void switch_phi(__global const int *in, __global int *out, __global uint *sums) {
  int i = get_global_id(0);
  int x = in[i];
  int r;
  if (x == 0)
    r = 5;
  else if (x == 2)
    r = 5;
  else if (x == 7)
    r = 9;
  else
    r = x * 3;
  out[i] = r;
  // Three cases on one target, whose value is computed before the switch.
  uint s = (uint)x * 7u;
  if (x == 1 || x == 4)
    s = 100;
  else if (x == 6)
    s = 100;
  else if (x == 3)
    s = (uint)x << 2;
  sums[i] = s + (uint)r;
}
