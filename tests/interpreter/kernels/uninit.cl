// Kernels of the uninit check (checks/uninit/uninit_test.cpp). A line marked
// `BUG: <kernel>` is where that kernel's finding must point.

// Every work-item copies its slot of a __local tile out; in work-groups from
// `full` on only even work-items filled theirs.
__kernel void local_half_written(__global int *out, int full) {
  __local int tile[64];
  int l = get_local_id(0);
  if (get_group_id(0) < full || l % 2 == 0) tile[l] = l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[l]; // BUG: local_half_written
}

// Reads through indices from a buffer.
__kernel void gather(__global const int *idx, __global const float *in, __global float *out) {
  int i = get_global_id(0);
  out[i] = in[idx[i]]; // BUG: gather
}

// Branches on values from a buffer.
__kernel void branch(__global const int *flags, __global int *out) {
  int i = get_global_id(0);
  if (flags[i] > 0) out[i] = 1; // BUG: branch
}

// Prints a __local value nobody wrote: work-items fill the first half of `v`.
__kernel void print_local(__global int *out) {
  __local int v[64];
  int l = get_local_id(0);
  v[l] = l;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) printf("%d\n", v[l + get_local_size(0)]); // BUG: print_local
  out[get_global_id(0)] = 0;
}

// vec3 values stored whole: the padding lane is no value of the kernel's.
__kernel void vec3_store(__global const float *in, __global float3 *out) {
  int i = get_global_id(0);
  out[i] = (float3)(in[i], in[i] + 1, in[i] + 2);
}

// A struct with padding and a member nobody set, copied whole from __local memory.
typedef struct {
  char c;
  int i;
  short s;
} Padded;
__kernel void struct_copy(__global Padded *out) {
  __local Padded shared;
  if (get_local_id(0) == 0) {
    shared.c = 1;
    shared.i = 2;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = shared;
}

// A word of which only the two low bytes were written: its low half decides
// nothing undefined, its high half does.
__kernel void byte_halves(__global int *out, int high) {
  __local uint word;
  if (get_local_id(0) == 0) {
    __local uchar *bytes = (__local uchar *)&word;
    bytes[0] = 1;
    bytes[1] = 2;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uint part = high ? word >> 16 : word & 0xffff;
  if (part != 0) out[get_global_id(0)] = 1; // BUG: byte_halves
}

// Copies `in` into __local memory with async_work_group_copy, then out again.
__kernel void async_copy(__global const int *in, __global int *out) {
  __local int tmp[64];
  event_t copied = async_work_group_copy(tmp, in, 64, 0);
  wait_group_events(1, &copied);
  out[get_global_id(0)] = tmp[get_local_id(0)]; // BUG: async_copy
}

// Every work-item writes its element and a barrier finds the whole table defined;
// then a copy of run-time size (OpCopyMemorySized) brings undefined bytes over the
// element again: the table is no longer all defined.
__kernel void copy_over_local(__global const int *n, __global int *out) {
  __local int table[64];
  __local int never[64];
  size_t l = get_local_id(0);
  table[l] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  __builtin_memcpy(&table[l], &never[l], (size_t)n[0]);
  out[get_global_id(0)] = table[l] > 0 ? 1 : 2; // BUG: copy_over_local
}

// Components stored one at a time into a float8 of a buffer created without contents:
// each store writes the vector back whole, its other components as loaded, which is no
// use of them (the host reads undefined bytes there either way). Copying a vector of
// another buffer nobody wrote is a wholly undefined value stored.
__kernel void vector_components(__global float8 *out, __global const float8 *unset,
                                __global float8 *copy) {
  const size_t i = get_global_id(0);
  out[i].s0 = 1.0f;
  out[i].s3 = 2.0f;
  copy[i] = unset[i]; // BUG: copied undefined vector
}

// Work-item i copies in[i] to out[i]: a warp's consecutive elements, one range of the
// shadow read and written at once; storing an undefined element is a use.
__kernel void copy_through(__global const int *in, __global int *out) {
  size_t i = get_global_id(0);
  out[i] = in[i]; // BUG: copy_through
}
