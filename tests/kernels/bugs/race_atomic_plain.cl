// A counter incremented atomically is also read with a plain load: the plain
// read races with the other work-items' atomic updates.
__kernel void race_atomic_plain(__global int *counter, __global int *out) {
  atomic_inc(counter); // BUG: race.atomic-plain
  out[get_global_id(0)] = counter[0]; // BUG: race.atomic-plain
}
