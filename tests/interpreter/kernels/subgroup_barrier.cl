// sub_group_barrier (an OpControlBarrier of Subgroup execution scope): the
// work-items of one sub-group meet there, the rest of the work-group need not
// reach it. The first two are the conformance suite's test_lbar and test_gbar
// (subgroups/test_barrier.cpp): only sub-group 0 of each group takes the
// barrier and reverses its values through memory.
kernel void reverse_local(global const int *in, global int *out) {
  local int tmp[256];
  const int gid = get_global_id(0), lid = get_sub_group_local_id();
  const int n = get_sub_group_size();
  if (get_sub_group_id() == 0) {
    tmp[lid] = in[gid];
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = tmp[n - 1 - lid];
  } else {
    out[gid] = -in[gid];
  }
}

kernel void reverse_global(global const int *in, global int *out, global int *tmp) {
  const int gid = get_global_id(0), lid = get_sub_group_local_id();
  const int n = get_sub_group_size();
  const int base = get_group_id(0) * get_max_sub_group_size();
  if (get_sub_group_id() == 0) {
    tmp[base + lid] = in[gid];
    sub_group_barrier(CLK_GLOBAL_MEM_FENCE);
    out[gid] = tmp[base + n - 1 - lid];
  } else {
    out[gid] = -in[gid];
  }
}

// Every sub-group exchanges through __local memory around its own barrier, twice.
kernel void rotate_twice(global const int *in, global int *out) {
  local int tmp[256];
  const int l = get_local_id(0), lid = get_sub_group_local_id();
  const int first = l - lid, n = get_sub_group_size();
  tmp[l] = in[get_global_id(0)];
  sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  const int v = tmp[first + (lid + 1) % n];
  sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  tmp[l] = v;
  sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tmp[first + (lid + 1) % n];
}

// Only some work-items of each sub-group reach the barrier.
kernel void subgroup_barrier_divergence(global int *out) {
  const int lid = get_sub_group_local_id();
  if (lid < 3)
    sub_group_barrier(CLK_LOCAL_MEM_FENCE); // BUG: subgroup_barrier_divergence
  out[get_global_id(0)] = lid;
}
