// One load, one conversion and one store per work-item, as the conformance suite's
// conversions test runs them (convert_uchar4_sat_rtz of int4): per-access check cost
// dominates, and the int4 load lowered to four int loads 16 bytes apart while the
// stores are of bytes makes every lane's load span four granules of the race shadow.
__kernel void convert_sat(__global const int4 *src, __global uchar4 *dst) {
  size_t i = get_global_id(0);
  dst[i] = convert_uchar4_sat_rtz(src[i]);
}
