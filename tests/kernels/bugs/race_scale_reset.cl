// race_scale_reset_fixed with its first barrier after the ticket instead of before it:
// the fence before atomic_inc releases only the accesses of the work-item that performs
// it (OpenCL 3.0 API §3.3.6.4), so the other work-items' reads of 'scale' are not
// ordered before the last group's reset.
__kernel void race_scale_reset(__global const int *in, __global int *scale,
                               __global int *scaled, __global int *partial,
                               volatile __global uint *count, __global int *total) {
  __local uint ticket;
  const size_t g = get_group_id(0), n = get_local_size(0), i = get_global_id(0);
  const int s = scale[0]; // BUG: race.global.inter-group
  if (get_local_id(0) == 0) {
    int sum = 0;
    for (size_t k = 0; k < n; ++k) sum += in[g * n + k] * s;
    partial[g] = sum;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    ticket = atomic_inc(count);
  }
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  scaled[i] = s;
  if (get_local_id(0) == 0 && ticket == get_num_groups(0) - 1) {
    int t = 0;
    for (size_t k = 0; k < get_num_groups(0); ++k) t += partial[k];
    *total = t;
    scale[0] = 1; // BUG: race.global.inter-group
  }
}
