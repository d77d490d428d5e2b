// A float sum through an atomic compare-exchange loop (OpenCL C 1.2 has no float
// atomic add): each work-item adds 1/(i+1). The order the work-groups add in, which
// the schedule decides, changes how the sum rounds, and only that: under
// `spvsim run --explore` a nondeterminism.rounding note, not an error.
void add_float(volatile __global float *sum, float value) {
  uint seen = 0; // a guess: the first exchange that fails returns what the sum holds
  for (;;) {
    const uint old = atomic_cmpxchg((volatile __global uint *)sum, seen,
                                    as_uint(as_float(seen) + value));
    if (old == seen) break;
    seen = old;
  }
}

__kernel void float_sum(__global float *sum) {
  add_float(sum, 1.0f / (float)(get_global_id(0) + 1));
}
