// 64-bit atomics (cl_khr_int64_base_atomics, cl_khr_int64_extended_atomics)
// on global and local memory, with order-independent final values.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
__kernel void atomics64(__global const long *in, __global long *counters, __global ulong *group) {
  __local long local_total;
  int i = get_global_id(0), l = get_local_id(0);
  if (l == 0) local_total = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  long v = in[i];
  atom_add(&counters[0], v);
  atom_sub(&counters[1], v >> 3);
  atom_inc(&counters[2]);
  atom_min(&counters[3], v);
  atom_max(&counters[4], v);
  atom_or(&counters[5], 1L << (i % 64));
  atom_xor(&counters[6], (long)((ulong)v * 0x100000001UL));
  atom_and(&counters[7], ~(1L << ((i * 7) % 64)));
  long old = atom_add(&counters[8], 0), seen; // an atomic read: a plain one would race
  while ((seen = atom_cmpxchg(&counters[8], old, old + (1L << 33))) != old) old = seen;
  atom_add(&local_total, v);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) group[get_group_id(0)] = (ulong)local_total;
}
