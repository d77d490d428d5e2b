// The last work-item of a group to take a ticket adds up what every work-item of the
// group stored in __local memory. Without fences around atomic_inc (relaxed, as every
// OpenCL 1.2 atomic) nothing orders the other work-items' stores before its reads.
__kernel void race_local_last_item(__global const int *in, __global int *out) {
  __local int values[64];
  __local int arrived;
  const size_t lid = get_local_id(0), n = get_local_size(0);
  if (lid == 0)
    arrived = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  values[lid] = in[get_global_id(0)]; // BUG: race.local.read-write
  if (atomic_inc(&arrived) == (int)n - 1) {
    int sum = 0;
    for (size_t i = 0; i < n; ++i)
      sum += values[i]; // BUG: race.local.read-write
    out[get_group_id(0)] = sum;
  }
}
