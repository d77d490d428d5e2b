// Every work-item exchanges and adds on one of two counters, sequentially consistent
// (OpenCL C 2.0 atomics): what the race check's memory model costs per atomic when a
// warp's lanes act on one location.
// Built with -cl-std=CL2.0
__kernel void atomic_counter(__global atomic_int *counters, __global int *out, int rounds) {
  size_t i = get_global_id(0);
  int v = 0;
  for (int r = 0; r < rounds; ++r) {
    v += atomic_exchange(&counters[0], r);
    v += atomic_fetch_add(&counters[1], 1);
  }
  // The values returned depend on the order work-items run in; whether they were read
  // does not (v < 2^21), so the output compares between runs. So do the counters' final
  // values: every work-item's last exchange stores rounds - 1.
  out[i] = v >= 0;
}
