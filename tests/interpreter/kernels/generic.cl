// Generic address space (OpenCL C 2.0): explicit casts back to named spaces
// (NULL on a mismatch), the fence flags of a generic pointer, and pointer
// comparison and difference.
void classify(int *p, __global int *out) {
  out[0] = to_global(p) != 0;
  out[1] = to_local(p) != 0;
  out[2] = to_private(p) != 0;
  out[3] = get_fence(p);
}

__kernel void spaces(__global int *out, __local int *scratch) {
  int i = get_global_id(0);
  int mine = i;
  __global int *o = out + 16 * i;
  classify(&out[16 * i + 15], o);
  classify(&scratch[get_local_id(0)], o + 4);
  classify(&mine, o + 8);
  int *a = &out[16 * i + 12];
  int *b = &out[0];
  o[12] = (int)(a - b);
  o[13] = a == b;
  o[14] = a != b;
}
