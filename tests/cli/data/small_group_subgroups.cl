// Work-groups of 3 work-items run in a warp narrower than the default 32 lanes: each
// work-item sees one sub-group of 3, as CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE says.
kernel void small_group_subgroups(global uint *out) {
  const size_t i = get_global_id(0);
  out[4 * i] = get_max_sub_group_size();
  out[4 * i + 1] = get_sub_group_size();
  out[4 * i + 2] = get_sub_group_local_id();
  out[4 * i + 3] = get_num_sub_groups();
}
