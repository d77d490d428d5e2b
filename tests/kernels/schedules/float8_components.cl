// Per-component stores into the float8 elements of a buffer created without contents: at
// -O0 each one loads the vector, sets one component and stores all eight back, the others
// as undefined as they were — no uninit.read (docs/findings.md "Not reported"). Clean
// under every schedule (scripts/explore-pairs.py).
__kernel void float8_components(__global float8 *out) {
  const size_t i = get_global_id(0);
  out[i].s0 = 1.0f;
  out[i].s3 = 2.0f;
}
