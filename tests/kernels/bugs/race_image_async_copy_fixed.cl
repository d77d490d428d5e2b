// race_image_async_copy reading the image and copying the buffer with
// async_work_group_copy, writing through neither: reading from both a buffer and an
// image made from it is defined (OpenCL API 5.3.1.2).
__kernel void race_image_async_copy_fixed(read_only image1d_buffer_t img,
                                          __global const float4 *buf, __global float *out) {
  __local float4 tile[8];
  int i = get_global_id(0), l = get_local_id(0);
  int next = (get_group_id(0) + 1) % get_num_groups(0) * 8;
  event_t e = async_work_group_copy(tile, buf + next, 8, 0);
  wait_group_events(1, &e);
  out[i] = read_imagef(img, i).x + tile[l].y;
}
