// Writes only the first 100 elements and every element from 120 on whose index is
// even: the dump notes 100..119, 121, 123, 125 and 127 as never written.
kernel void partial_write(global int *out) {
  size_t i = get_global_id(0);
  if (i < 100 || (i >= 120 && i % 2 == 0)) out[i] = (int)i;
}
