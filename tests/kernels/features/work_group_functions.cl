// OpenCL C 2.0 work-group functions over groups wider than a warp:
// reductions, inclusive and exclusive scans, broadcast, any and all.
__kernel void work_group_functions(__global const int *in, __global int *out,
                                   __global float *fout) {
  int i = get_global_id(0), l = get_local_id(0);
  int v = in[i];
  __global int *o = out + 8 * i;
  o[0] = work_group_reduce_add(v);
  o[1] = work_group_reduce_min(v);
  o[2] = work_group_reduce_max(v);
  o[3] = work_group_scan_inclusive_add(v);
  o[4] = work_group_scan_exclusive_max(v);
  o[5] = work_group_broadcast(v, get_local_size(0) - 1);
  o[6] = work_group_any(v > 200) + 2 * work_group_all(v > -1000);
  o[7] = work_group_scan_inclusive_min(v * (l % 3 - 1));
  fout[i] = work_group_scan_exclusive_add((float)l * 0.5f);
}
