// The last work-item of a group to count itself in on a global counter adds up what
// every work-item of the group stored in __local memory. mem_fence(CLK_GLOBAL_MEM_FENCE)
// around atomic_inc orders global memory only: nothing orders the other work-items'
// __local stores before the last one's reads (OpenCL 3.0 API section 3.3.6.4: a fence orders
// the address spaces its flags name, whatever space the atomic it pairs with is in).
__kernel void race_local_global_flag(__global const int *in, __global int *count,
                                     __global int *out) {
  __local int values[128];
  const size_t lid = get_local_id(0), n = get_local_size(0);
  values[lid] = in[get_global_id(0)]; // BUG: race.local.read-write
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  if (atomic_inc(&count[get_group_id(0)]) == (int)n - 1) {
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    int sum = 0;
    for (size_t i = 0; i < n; ++i)
      sum += values[i]; // BUG: race.local.read-write
    out[get_group_id(0)] = sum;
  }
}
