// Kernels of the misaligned check (checks/misaligned/misaligned_test.cpp). A line marked
// `BUG: <kernel>` is where that kernel's finding must point.

// An atomic add on an int `offset` bytes into the buffer.
__kernel void misaligned_atomic(__global int *counter, int offset) {
  atomic_add((__global int *)((__global char *)counter + offset), 1); // BUG: misaligned_atomic
}

// A float4 read from a float buffer from element `first` on.
__kernel void vector_load(__global const float *in, __global float4 *out, int first) {
  int i = get_global_id(0);
  out[i] = *(__global const float4 *)(in + first + 4 * i); // BUG: vector_load
}

// A packed struct's int member, one byte into it: its access states alignment 1.
typedef struct __attribute__((packed)) {
  char c;
  int i;
} Packed;
__kernel void packed_member(__global const Packed *in, __global int *out) {
  int i = get_global_id(0);
  out[i] = in[i].i;
}
