// Work-group and sub-group functions (OpenCL C 2.0) and async_work_group_copy.
__kernel void group_functions(__global const int *in, __global int *out, __global float *f) {
  int i = get_global_id(0);
  int v = in[i];
  __global int *o = out + 8 * i;
  o[0] = work_group_reduce_add(v);
  o[1] = work_group_scan_inclusive_max(v);
  o[2] = work_group_scan_exclusive_add(v);
  o[3] = work_group_broadcast(v, 3);
  o[4] = work_group_all(v > -500);
  o[5] = work_group_any(v > 400);
  o[6] = sub_group_reduce_min(v);
  o[7] = sub_group_broadcast(v, 0);
  f[i] = work_group_reduce_max((float)v * 0.5f);
}

__kernel void group_copy(__global const float *src, __global float *dst, __local float *tmp,
                         uint stride) {
  size_t n = get_local_size(0);
  event_t e = async_work_group_strided_copy(tmp, src + get_group_id(0) * n * stride, n, stride, 0);
  wait_group_events(1, &e);
  size_t lid = get_local_id(0);
  dst[get_global_id(0)] = tmp[n - 1 - lid] * 2.0f;
}

// The copy's event is never waited for (docs/findings.md events.not_waited).
__kernel void copy_no_wait(__global const float *src, __global float *dst, __local float *tmp) {
  size_t n = get_local_size(0);
  async_work_group_copy(tmp, src + get_group_id(0) * n, n, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  dst[get_global_id(0)] = tmp[get_local_id(0)];
}
