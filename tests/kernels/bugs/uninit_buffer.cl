// Weights read from a buffer the host created without contents (its run file
// gives "weights" no init): every product is computed from undefined bytes.
__kernel void uninit_buffer(__global const float *in, __global const float *weights,
                            __global float *out) {
  int i = get_global_id(0);
  out[i] = in[i] * weights[i]; // BUG: uninit.read
}
