// Every work-item id builtin in 3 dimensions (compiled as OpenCL C 2.0 so that
// non-uniform work-groups and the enqueued size are available).
__kernel void ids(__global ulong *out) {
  size_t gx = get_global_id(0), gy = get_global_id(1), gz = get_global_id(2);
  size_t linear = get_global_linear_id();
  __global ulong *o = out + linear * 16;
  o[0] = gx;
  o[1] = gy;
  o[2] = gz;
  o[3] = get_local_id(0);
  o[4] = get_local_id(1);
  o[5] = get_local_id(2);
  o[6] = get_group_id(0);
  o[7] = get_group_id(1);
  o[8] = get_group_id(2);
  o[9] = get_local_size(0) * 10000 + get_local_size(1) * 100 + get_local_size(2);
  o[10] = get_enqueued_local_size(0) * 10000 + get_enqueued_local_size(1) * 100 +
          get_enqueued_local_size(2);
  o[11] = get_num_groups(0) * 10000 + get_num_groups(1) * 100 + get_num_groups(2);
  o[12] = get_global_size(0) * 10000 + get_global_size(1) * 100 + get_global_size(2);
  o[13] = get_global_offset(0) * 10000 + get_global_offset(1) * 100 + get_global_offset(2);
  o[14] = get_local_linear_id();
  o[15] = get_work_dim();
}
