// The last work-group to take a ticket adds up every group's partial sum; without a
// fence before atomic_inc (relaxed, as every OpenCL 1.2 atomic) nothing orders the
// other groups' partial sums before the last group reads them.
__kernel void race_last_block(__global const int *in, __global int *partial,
                              volatile __global uint *count, __global int *total) {
  __local uint ticket;
  const size_t g = get_group_id(0), n = get_local_size(0);
  if (get_local_id(0) == 0) {
    int sum = 0;
    for (size_t i = 0; i < n; ++i) sum += in[g * n + i];
    partial[g] = sum; // BUG: race.global.inter-group
    ticket = atomic_inc(count);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0 && ticket == get_num_groups(0) - 1) {
    int t = 0;
    for (size_t i = 0; i < get_num_groups(0); ++i) t += partial[i]; // BUG: race.global.inter-group
    *total = t;
  }
}
