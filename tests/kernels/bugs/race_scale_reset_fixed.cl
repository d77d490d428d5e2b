// Every work-item scales its input by the shared factor, and the last work-group to take
// a ticket adds up the groups' sums and resets the factor for the next launch. The
// barrier orders every work-item's read of 'scale' before its group's fence, the fence
// before atomic_inc releases them, and the last group acquires every ticket before its
// own through the read-modify-write chain (OpenCL 3.0 API §3.3.6.4: release sequences),
// so the reset races with no read.
__kernel void race_scale_reset_fixed(__global const int *in, __global int *scale,
                                     __global int *scaled, __global int *partial,
                                     volatile __global uint *count, __global int *total) {
  __local uint ticket;
  const size_t g = get_group_id(0), n = get_local_size(0), i = get_global_id(0);
  scaled[i] = in[i] * scale[0];
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (get_local_id(0) == 0) {
    int sum = 0;
    for (size_t k = 0; k < n; ++k) sum += scaled[g * n + k];
    partial[g] = sum;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    ticket = atomic_inc(count);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0 && ticket == get_num_groups(0) - 1) {
    int t = 0;
    for (size_t k = 0; k < get_num_groups(0); ++k) t += partial[k];
    *total = t;
    scale[0] = 1;
  }
}
