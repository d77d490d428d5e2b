// race_atomic_plain taking the count from the atomic itself.
__kernel void race_atomic_plain_fixed(__global int *counter, __global int *out) {
  out[get_global_id(0)] = atomic_inc(counter) >= 0;
}
