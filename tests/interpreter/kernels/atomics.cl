// OpenCL 1.2 atomics on global and local memory, 64-bit atomics, and dynamic
// vector indexing.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

__kernel void histogram(__global const uint *in, __global uint *bins, __local uint *local_bins,
                        uint nbins) {
  uint lid = get_local_id(0);
  for (uint b = lid; b < nbins; b += get_local_size(0))
    local_bins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&local_bins[in[get_global_id(0)] % nbins]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = lid; b < nbins; b += get_local_size(0))
    atomic_add(&bins[b], local_bins[b]);
}

// out: [0] sum, [1] min, [2] max, [3] and, [4] or, [5] xor, [6] cmpxchg winner + 1,
// [7] dec count; big[0] 64-bit sum; f[0] exchanged float
__kernel void kinds(__global const int *in, __global int *out, __global ulong *big,
                    __global float *f) {
  int i = get_global_id(0);
  int v = in[i];
  atomic_add(&out[0], v);
  atomic_min(&out[1], v);
  atomic_max(&out[2], v);
  atomic_and(&out[3], v | 0x10);
  atomic_or(&out[4], v & 0xff);
  atomic_xor(&out[5], v);
  atomic_cmpxchg(&out[6], 0, i + 1);
  atomic_dec(&out[7]);
  atom_add(&big[0], (ulong)v << 32);
  atomic_xchg(&f[0], 2.5f);
}

__kernel void dynamic_index(__global const uint *in, __global uint *out) {
  uint i = get_global_id(0);
  uint4 v = (uint4)(10, 20, 30, 40) + i;
  uint k = in[i] & 3;
  v[(k + 1) & 3] = 7;
  out[i] = v[k] + v[(k + 1) & 3] * 1000;
}

// Every work-item's old value from one location: c[0] add, c[1] subtract (two of
// every three work-items), c[2] exchange, c[3] or (one bit per work-item of 32).
__kernel void old_values(__global int *c, __global int *old) {
  int i = get_global_id(0);
  int n = get_global_size(0);
  old[i] = atomic_add(&c[0], i + 1);
  old[n + i] = i % 3 ? atomic_sub(&c[1], i + 1) : -1;
  old[2 * n + i] = atomic_xchg(&c[2], i + 1);
  old[3 * n + i] = i < 32 ? atomic_or(&c[3], 1 << i) : 0;
}
