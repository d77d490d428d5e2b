// The last-block reduction with its fence: mem_fence(CLK_GLOBAL_MEM_FENCE) before
// atomic_inc makes the ticket a release of the partial sum, and an acquire of the
// tickets before it (OpenCL 3.0 API §3.3.6.4: fences paired with atomics).
__kernel void race_last_block_fixed(__global const int *in, __global int *partial,
                                    volatile __global uint *count, __global int *total) {
  __local uint ticket;
  const size_t g = get_group_id(0), n = get_local_size(0);
  if (get_local_id(0) == 0) {
    int sum = 0;
    for (size_t i = 0; i < n; ++i) sum += in[g * n + i];
    partial[g] = sum;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    ticket = atomic_inc(count);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0 && ticket == get_num_groups(0) - 1) {
    int t = 0;
    for (size_t i = 0; i < get_num_groups(0); ++i) t += partial[i];
    *total = t;
  }
}
