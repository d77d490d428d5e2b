// Integer arithmetic at every width: wrapping add/sub/mul (done unsigned, as
// OpenCL C leaves signed overflow undefined), division and remainder with
// negative operands, shifts, bitwise ops, and the integer built-ins that
// compile to plain instructions.
__kernel void int_arith(__global const int *a, __global const int *b, __global int *out32,
                        __global long *out64, __global short *out16, __global uchar *out8) {
  int i = get_global_id(0);
  int x = a[i], y = b[i];
  uint ux = (uint)x, uy = (uint)y;
  int d = y == 0 ? 7 : y;
  __global int *o = out32 + 12 * i;
  o[0] = (int)(ux + uy);
  o[1] = (int)(ux - uy);
  o[2] = (int)(ux * uy);
  o[3] = x == -2147483648 && d == -1 ? 0 : x / d;
  o[4] = (x ^ 0x55) % d; // another dividend: llvm-spirv 15 cannot translate the freeze
                         // instructions LLVM adds to a division/remainder pair
  o[5] = (int)(ux << (y & 31));
  o[6] = x >> (y & 31);
  o[7] = (int)(ux >> (y & 31));
  o[8] = (x & y) ^ (x | ~y);
  o[9] = mul_hi(x, y);
  o[10] = (int)mul_hi(ux, uy);
  o[11] = (int)(abs(y) - ux);
  long lx = (long)x * 100003, ly = (long)y * -7919;
  long ld = ly == 0 ? 3 : ly;
  __global long *l = out64 + 6 * i;
  l[0] = lx + ly;
  l[1] = (long)((ulong)lx * (ulong)ly);
  l[2] = lx / ld;
  l[3] = ly % (lx == 0 ? 11 : lx);
  l[4] = lx >> (y & 63);
  l[5] = (long)((ulong)lx >> (y & 63));
  short sx = (short)x, sy = (short)y;
  out16[2 * i] = (short)(sx * sy);
  out16[2 * i + 1] = (short)(sx / (sy == 0 ? (short)5 : sy));
  uchar cx = (uchar)x, cy = (uchar)y;
  out8[2 * i] = (uchar)(cx + cy * 3);
  out8[2 * i + 1] = (uchar)(cx / (cy == 0 ? 9 : cy));
}
