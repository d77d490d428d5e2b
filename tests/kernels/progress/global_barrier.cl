// A barrier between work-groups built from atomics: each group's first work-item
// counts its group in and spins until every group has. OpenCL guarantees no forward
// progress between work-groups: a device that runs fewer groups at once than the
// launch has never releases the first ones (spvsim: the groups after them have not
// started).
__kernel void global_barrier(__global int *data, __global int *arrived, __global int *out) {
  const size_t gid = get_global_id(0);
  data[gid] = (int)gid;
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (get_local_id(0) == 0) {
    atomic_inc(arrived);
    while (atomic_add(arrived, 0) < (int)get_num_groups(0)) // BUG: progress.inter-group
      ;
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[gid] = data[gid] * 2;
}
