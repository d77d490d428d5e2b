// Kernels with bad accesses, for the checks of docs/findings.md. `BUG: <label>` marks
// the line a finding must name in builds with debug information.
__kernel void write_past_end(__global int *out, int shift) {
  int i = get_global_id(0);
  out[i + shift] = i; // BUG: write_past_end
}

__kernel void local_overflow(__global int *out, __local int *scratch) {
  int i = get_local_id(0);
  scratch[i * 2] = i; // BUG: local_overflow
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = scratch[i * 2 % 8]; // slots lanes 0-3 wrote
}

__kernel void private_overflow(__global int *out, int index) {
  int arr[4] = {1, 2, 3, 4};
  out[get_global_id(0)] = arr[index]; // BUG: private_overflow
}

__kernel void null_store(__global int *out) {
  out[get_global_id(0)] = 7; // BUG: null_store
}

__kernel void barrier_divergence(__global int *out) {
  int i = get_local_id(0);
  if (i < 5)
    barrier(CLK_LOCAL_MEM_FENCE); // BUG: barrier_divergence
  out[get_global_id(0)] = i;
}

__kernel void barrier_mismatch(__global int *out) {
  int i = get_local_id(0);
  if (i < 32) {
    out[i] = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
  } else {
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[i] = 2;
  }
}

// Never ends within a test's timeout. Its exit reads the count too (a wait that gives up
// after 2^32 rounds): the spin detector cannot tell it from a long loop, the watchdog
// stops it.
__kernel void spin(__global volatile int *flag, __global uint *out) {
  int i = get_global_id(0);
  while (flag[0] == 0 && out[i] != 0xffffffffu)
    out[i] += 1;
}

__kernel void constant_overflow(__constant int *table, __global int *out, int index) {
  out[get_global_id(0)] = table[index]; // BUG: constant_overflow
}

__kernel void undefined_int(__global const int *in, __global int *out, int d, int s) {
  int i = get_global_id(0);
  out[2 * i] = in[i] / d; // BUG: divide
  out[2 * i + 1] = in[i] << s;
}

// A store to vector components: producers load the vector, replace the components and
// store it back; that load reads nothing of the program's.
__kernel void component_store(__global float4 *out) {
  int i = get_global_id(0);
  out[i].x = 1.0f;
  out[i].z = (float)i;
}

// Component stores with a load of another buffer between them (the conformance suite's
// subgroups kernels: its XY macro, then `xy[gid].w = ...`): clang -O2 loads the vector
// once and stores the result of each step of the insert chain.
__kernel void component_store_steps(__global int4 *xy, __global const int *in,
                                    __global int *out) {
  int i = get_global_id(0);
  xy[i].x = get_local_id(0);
  xy[i].y = get_group_id(0);
  xy[i].w = 0;
  int v = in[i];
  xy[i].w = 4;
  out[i] = v;
}

// A component copied from another one of the same vector: a read.
__kernel void component_copy(__global float4 *out) {
  int i = get_global_id(0);
  out[i].x = out[i].y; // BUG: component_copy
}
