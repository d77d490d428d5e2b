// Work-items convert their int4 element to bytes, as the conformance suite's
// conversions test does: the load is four int components 16 bytes apart, and the
// kernel's byte stores make the race shadow's granule one byte, so each lane's load
// spans four granules (a warp's lanes at equal steps). Work-item 5 also clears a
// byte of work-item 3's element: it races with that work-item's load.
__kernel void race_vector_component(__global int4 *src, __global uchar4 *dst) {
  size_t i = get_global_id(0);
  dst[i] = convert_uchar4_sat(src[i]);                 // BUG: race.global.intra-group
  if (i == 5) ((__global uchar *)src)[3 * 16 + 9] = 0; // BUG: race.global.intra-group
}
