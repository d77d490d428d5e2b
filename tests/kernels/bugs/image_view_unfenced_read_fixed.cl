// image_view_unfenced_read with the image fence between the work-item's write through
// the sRGB view and its read through the linear view (OpenCL API 3.3.8): the read sees
// the sRGB encoding of the written value (OpenCL SPIR-V Env 7.4.3: 0.5 is stored as
// 188 of 255, x / 8 as its encoding).
__kernel void image_view_unfenced_read_fixed(write_only image2d_t srgb,
                                             read_only image2d_t linear, __global int *out) {
  int x = get_global_id(0), y = get_global_id(1);
  write_imagef(srgb, (int2)(x, y), (float4)(0.5f, 0.25f, x / 8.0f, 1));
  atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
  float4 v = read_imagef(linear, (int2)(x, y));
  out[y * get_global_size(0) + x] = (int)(v.x * 255 + 0.5f) + 1000 * (int)(v.z * 255 + 0.5f);
}
