// race_hoisted_load_fixed with the wrong reader: work-item 1 reads the element work-item
// 0 stored, with no barrier between them. At -O2 every work-item loads tile[0] (the read
// hoisted out of the `if`) and work-item 1 alone keeps the value: its read is the race.
__kernel void race_hoisted_load(__global const int *in, __global int *out, int shift) {
  __local int tile[64];
  int l = get_local_id(0);
  tile[(l + shift) % 64] = in[get_global_id(0)]; // BUG: race.local.read-write
  int first = -1;
  if (l == 1) first = tile[0]; // BUG: race.local.read-write
  out[get_global_id(0)] = first;
}
