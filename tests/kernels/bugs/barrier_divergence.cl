// A barrier inside a branch only some work-items of the group take.
__kernel void barrier_divergence(__global int *data) {
  __local int shared[64];
  int l = get_local_id(0);
  shared[l] = data[get_global_id(0)];
  if (data[get_global_id(0)] + l < 40)
    barrier(CLK_LOCAL_MEM_FENCE); // BUG: barrier.divergence
  data[get_global_id(0)] = shared[l] + 1;
}
