// clang-15 -O2 narrows this switch on four bits to a switch on an i4, which SPIR-V
// has not (the conformance suite's subgroups ifp kernel does the same): the front end
// promotes it to an i8 holding the four bits.
kernel void nibble_switch(global const int *in, global int *out) {
  int i = get_global_id(0);
  int op = (in[i] >> 4) & 0xf;
  int r = -1;
  switch (op) {
  case 0: r = 10; break;
  case 1: r = 11; break;
  case 2: r = 12; break;
  case 15: r = 25; break;
  }
  out[i] = r;
}
