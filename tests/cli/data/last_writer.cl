// Order-dependent kernels: every work-group (last_group) or every warp of one group
// (last_warp) writes its index to one slot, so the value left names whoever ran last —
// which the schedule decides (--schedule).
kernel void last_group(global int *last) {
  if (get_local_id(0) == 0)
    last[0] = get_group_id(0);
}

kernel void last_warp(global int *last) { last[0] = get_local_id(0) / 8; }
