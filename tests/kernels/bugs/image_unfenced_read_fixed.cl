// image_unfenced_read with the image fence between the write and the read.
__kernel void image_unfenced_read_fixed(read_write image2d_t img, __global float *out) {
  int x = get_global_id(0), y = get_global_id(1);
  write_imagef(img, (int2)(x, y), (float4)(x, y, 0, 1));
  atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
  float4 v = read_imagef(img, (int2)(x, y));
  out[y * get_global_size(0) + x] = v.x + 10 * v.y;
}
