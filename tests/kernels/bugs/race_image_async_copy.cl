// Each work-item writes its texel of a 1D buffer image; then its work-group copies the
// x channel of the next group's elements of the buffer the image was made from into
// __local memory with async_work_group_strided_copy. The copy reads the bytes another
// group wrote through the image: OpenCL API 5.3.1.2 makes writing through one object
// and reading through the other in one kernel undefined, a copy's reads as any other.
__kernel void race_image_async_copy(write_only image1d_buffer_t img, __global const float4 *buf,
                                    __global float *out) {
  __local float tile[8];
  int i = get_global_id(0), l = get_local_id(0);
  int next = (get_group_id(0) + 1) % get_num_groups(0) * 8;
  write_imagef(img, i, (float4)(i, 0, 0, 1)); // BUG: race.image.buffer
  event_t e = async_work_group_strided_copy(tile, (__global const float *)(buf + next), 8, 4, 0); // BUG: race.image.buffer
  wait_group_events(1, &e);
  out[i] = tile[l];
}
