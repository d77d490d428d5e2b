// race_vector_component, fixed: work-item 5 clears a byte of its own element, after
// its own load.
__kernel void race_vector_component(__global int4 *src, __global uchar4 *dst) {
  size_t i = get_global_id(0);
  dst[i] = convert_uchar4_sat(src[i]);
  if (i == 5) ((__global uchar *)src)[5 * 16 + 9] = 0;
}
