// Integers above 64 bits in memory: the 128-bit `long long` of OpenCL C read from
// global and constant memory and written to local and global memory through casts of
// buffers' pointers (`((__global long long *)p)[i]`, which clang types as 128-bit
// loads and stores at every level), one work-item's value read back by its neighbour
// across a barrier; and a 96-bit `unsigned _BitInt(96)` (12 bytes in 16) read and
// written the same way, whose last 4 bytes of each 16 must stay untouched. Every build
// must give the results of the code as written.
__constant ulong table[8] = {0x9e3779b97f4a7c15ul, 0x0123456789abcdeful, 3, 0xfffffffffffffffful,
                             0xd1b54a32d192ed03ul, 1, 0x8000000000000000ul, 0x7ffffffffffffffful};

typedef unsigned _BitInt(96) u96;

__kernel void wide_memory(__global const ulong *in, __global ulong *out, __global uint *out96) {
  __local ulong scratch[16];
  int i = get_global_id(0), l = get_local_id(0);
  unsigned long long x = ((__global const unsigned long long *)in)[i];
  unsigned long long c = ((__constant unsigned long long *)table)[i % 4];
  ((__local unsigned long long *)scratch)[l] = x * c + c;
  barrier(CLK_LOCAL_MEM_FENCE);
  unsigned long long y = ((__local unsigned long long *)scratch)[l ^ 1];
  ((__global unsigned long long *)out)[i] = y ^ (x >> 7);
  u96 z = ((__global const u96 *)in)[i];
  ((__global u96 *)out96)[i] = z * 5 + (u96)y;
}
