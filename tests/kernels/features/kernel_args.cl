// Kernel arguments of every kind: scalars of each width and signedness,
// vectors (int4, float3, char16, double2), a struct by value, a __constant
// buffer, a __local buffer and a global buffer with an offset-free view.
typedef struct {
  int id;
  float gain;
  long big;
} Config;

__kernel void kernel_args(char c, uchar uc, short s, ushort us, int n, uint un, long l, ulong ul,
                          float f, double d, int4 v4, float3 v3, char16 v16, double2 d2,
                          Config cfg, __constant int *table, __local int *scratch,
                          __global long *out) {
  int i = get_global_id(0);
  scratch[get_local_id(0)] = table[i % 4] + i;
  barrier(CLK_LOCAL_MEM_FENCE);
  __global long *o = out + 16 * i;
  o[0] = c + uc;
  o[1] = s + us;
  o[2] = n + (long)un;
  o[3] = l + (long)(ul >> 1);
  o[4] = (long)(f * 1000.0f) + i;
  o[5] = (long)(d * 1000000.0);
  o[6] = v4.x + v4.y * 10 + v4.z * 100 + v4.w * 1000;
  o[7] = (long)((v3.x + v3.y + v3.z) * 100.0f);
  int sum16 = 0;
  for (int k = 0; k < 16; ++k) sum16 += ((char *)&v16)[k] * (k + 1);
  o[8] = sum16;
  o[9] = (long)(d2.x * d2.y);
  o[10] = cfg.id * 1000 + i;
  o[11] = (long)(cfg.gain * 100.0f);
  o[12] = cfg.big + i;
  o[13] = scratch[(get_local_id(0) + 1) % get_local_size(0)];
  o[14] = table[3 - i % 4];
  o[15] = (long)v16.sf * v16.s0;
}
