// Work-item 0 writes the element every work-item then reads, with no barrier
// between them: a read-write race on __local memory whose two lines are both shown.
kernel void race_lines(global int *out) {
  local int shared[1];
  if (get_local_id(0) == 0)
    shared[0] = 7;
  out[get_global_id(0)] = shared[0];
}
