// 32-bit atomics on global and local memory whose final values do not depend
// on the order work-items run in: counters, min/max, and/or/xor, exchange
// chains resolved through compare-exchange loops, and a local histogram.
__kernel void atomics(__global const int *in, __global int *counters, __global uint *hist,
                      __global int *ranks) {
  __local uint local_hist[16];
  __local int local_sum;
  int i = get_global_id(0), l = get_local_id(0);
  if (l < 16) local_hist[l] = 0;
  if (l == 0) local_sum = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = in[i];
  atomic_add(&counters[0], v);
  atomic_sub(&counters[1], v & 0xff);
  atomic_inc(&counters[2]);
  atomic_dec(&counters[3]);
  atomic_min(&counters[4], v);
  atomic_max(&counters[5], v);
  atomic_and(&counters[6], ~(1 << (i % 31)));
  atomic_or(&counters[7], 1 << (v & 31));
  atomic_xor(&counters[8], v);
  atomic_min((volatile __global uint *)&counters[9], (uint)v);
  // An increment done through compare-exchange: always counts one.
  int old = atomic_add(&counters[10], 0), seen; // an atomic read: a plain one would race
  while ((seen = atomic_cmpxchg(&counters[10], old, old + 3)) != old) old = seen;
  atomic_inc(&local_hist[(uint)v % 16]);
  atomic_add(&local_sum, v % 100);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 16) atomic_add(&hist[l], local_hist[l]);
  if (l == 0) atomic_add(&counters[11], local_sum);
  // Every work-item gets a distinct ticket; the set of tickets is 0..n-1.
  int ticket = atomic_inc(&counters[12]);
  atomic_xchg(&ranks[ticket], 1);
}
