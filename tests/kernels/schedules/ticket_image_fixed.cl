// ticket_image.cl made independent of the schedule: the groups still take their tickets in
// the order they run, but each writes its own id where the ticket went; the counter ends
// at the number of groups under every order.
__kernel void ticket_image(__global uint *next, write_only image2d_t out) {
  const int x = get_local_id(0), y = get_group_id(0);
  if (x == 0)
    atomic_inc(next);
  write_imageui(out, (int2)(x, y), (uint4)(y, y, x, 1));
}
