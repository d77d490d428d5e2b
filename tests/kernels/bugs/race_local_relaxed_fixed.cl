// race_local_relaxed.cl done right: the counter taken with memory_order_acq_rel at
// work-group scope is a release of each work-item's store and, in the last one, an
// acquire of all of them (the read-modify-writes continue the release sequence;
// OpenCL 3.0 API §3.3.6.2-§3.3.6.4).
__kernel void race_local_relaxed(__global const int *in, __global int *out) {
  __local int values[64];
  __local atomic_int arrived;
  const size_t lid = get_local_id(0), n = get_local_size(0);
  if (lid == 0)
    atomic_init(&arrived, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  values[lid] = in[get_global_id(0)];
  if (atomic_fetch_add_explicit(&arrived, 1, memory_order_acq_rel, memory_scope_work_group) ==
      (int)n - 1) {
    int sum = 0;
    for (size_t i = 0; i < n; ++i)
      sum += values[i];
    out[get_group_id(0)] = sum;
  }
}
