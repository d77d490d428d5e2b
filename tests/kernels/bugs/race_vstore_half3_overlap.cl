// The conformance suite's half vstore_half3 kernels (Test_vStoreHalf.cpp): the
// last work-item, whose three elements would run past the end, moves back by
// `adjust` elements and so stores over the previous work-item's last ones, the
// same values, unordered: a race by the memory model.
__kernel void race_vstore_half3_overlap(__global const float *p, __global half *f,
                                        uint extra_last_thread) {
  size_t i = get_global_id(0);
  size_t last_i = get_global_size(0) - 1;
  size_t adjust = 0;
  if (last_i == i && extra_last_thread != 0)
    adjust = 3 - extra_last_thread;
  vstore_half3(vload3(i, p - adjust), i, f - adjust); // BUG: race.global.write-write
}
