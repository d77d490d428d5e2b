// Kernels for packed work-groups (tests/interpreter/exec/packed_groups_test.cpp):
// small work-groups of a kernel that cannot tell run several to a warp.

// Every id of every work-item, 11 values at its global linear id.
__kernel void ids(__global ulong *out) {
  const size_t i = get_global_linear_id() * 11;
  out[i + 0] = get_global_id(0);
  out[i + 1] = get_global_id(1);
  out[i + 2] = get_global_id(2);
  out[i + 3] = get_local_id(0);
  out[i + 4] = get_local_id(1);
  out[i + 5] = get_local_id(2);
  out[i + 6] = get_group_id(0);
  out[i + 7] = get_group_id(1);
  out[i + 8] = get_group_id(2);
  out[i + 9] = get_global_linear_id();
  out[i + 10] = get_local_linear_id();
}

// The same with a barrier: its work-groups can tell, and run one to a warp.
__kernel void ids_with_barrier(__global ulong *out) {
  const size_t i = get_global_linear_id() * 11;
  out[i + 0] = get_global_id(0);
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[i + 1] = get_group_id(0);
}

// Work-group 0 sets a flag the others wait for: in one warp they would wait for each
// other in lockstep, so a kernel with a loop runs its work-groups one to a warp.
__kernel void wait_for_first(volatile __global int *flag, __global int *out) {
  const size_t g = get_global_id(0);
  if (g == 0) flag[0] = 1;
  else while (flag[0] == 0) {}
  out[g] = flag[0];
}

// Each work-item writes its element, the last one past the end of `out`.
__kernel void one_past(__global int *out) {
  out[get_global_id(0)] = (int)get_group_id(0); // BUG: one_past
}

// Work-item i reads element i + 1, which work-item i + 1 writes: with work-groups of one,
// a read-write race between two work-groups.
__kernel void next_element(__global int *data) {
  const size_t i = get_global_id(0);
  data[i] = data[i + 1] + 1; // BUG: next_element
}

// Local id 0 reads the element local id 1 of its work-group writes (local id 1 reads the
// next group's first element, which nobody writes): a race within one work-group, its
// work-groups packed beside each other.
__kernel void within_group(__global int *data, __global int *out) {
  const size_t g = get_global_id(0);
  if (get_local_id(0) == 1) data[g] = 7; out[g] = data[g + 1]; // BUG: within_group
}
