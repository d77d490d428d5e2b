// Each work-group takes a ticket from a counter and every work-item of it writes the ticket
// into its texel of the group's row: which group gets which ticket follows the order
// work-groups run in, which OpenCL leaves open. `spvsim run --explore` compares the image
// dumped under each schedule and names the first texel that differs.
__kernel void ticket_image(__global uint *next, write_only image2d_t out) {
  __local uint ticket;
  const int x = get_local_id(0), y = get_group_id(0);
  if (x == 0)
    ticket = atomic_inc(next);
  barrier(CLK_LOCAL_MEM_FENCE);
  write_imageui(out, (int2)(x, y), (uint4)(ticket, y, x, 1)); // BUG: nondeterminism.result
}
