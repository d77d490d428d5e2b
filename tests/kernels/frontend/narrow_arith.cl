// Integer widths SPIR-V has not, as clang -O2 makes them of ordinary code: the closed
// form of a loop's sum computed on one bit more than its type (i33, i17, and a vector
// of two i33 for a sum of squares) and a switch on five bits (i5); then a signed field
// taken out of a word. Every build must give the results of the code as written.
__kernel void narrow_arith(__global const uint *in, __global uint *out) {
  int i = get_global_id(0);
  uint v = in[i];
  __global uint *o = out + 6 * i;
  uint n = v & 0x3ff, s = 0;
  for (uint k = 0; k < n; ++k)
    s += k;
  o[0] = s;
  ushort m = (ushort)(v >> 5) & 0x1ff, t = 0;
  for (ushort k = 0; k < m; ++k)
    t += k * 3;
  o[1] = t;
  uint q = (v >> 12) & 0x3ff, sq = 0;
  for (uint k = 0; k < q; ++k)
    sq += k * k;
  o[2] = sq;
  switch ((v >> 3) & 0x1f) {
  case 0: o[3] = 1; break;
  case 7: o[3] = 9; break;
  case 12: o[3] = 5; break;
  case 30: o[3] = 6; break;
  case 31: o[3] = 4; break;
  default: o[3] = 0;
  }
  int field = (int)(v << 8) >> 20; // bits 12..23, signed
  o[4] = field < -1000 ? 1u : (field > 1000 ? 2u : 3u);
  o[5] = (uint)(field >> 3) ^ (v >> 24);
}
