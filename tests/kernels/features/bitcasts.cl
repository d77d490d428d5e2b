// Reinterpretation: as_type between types of different component layout
// (uchar4 <-> uint, long <-> int2, ushort2 <-> float, char8 <-> double,
// short4 <-> long), pointers through integers, and copies whose size is
// known only at run time (OpCopyMemorySized with a variable size).
typedef struct {
  int id;
  float value;
  short tag[4];
} Record;

uint mix(uint4 v) { return v.x ^ (v.y << 1) ^ (v.z << 2) ^ (v.w << 3); }

kernel void bitcasts(global const uint *in, global uint *out, global Record *records,
                     global const int *lengths) {
  const int i = get_global_id(0);
  const uint word = in[i];
  // uint -> uchar4 -> uint, each byte changed on the way.
  uchar4 bytes = as_uchar4(word);
  bytes.x += (uchar)i;
  bytes.w ^= (uchar)0x5a;
  out[i * 8 + 0] = as_uint(bytes);
  // long <-> int2: the halves swapped.
  long wide = (long)word * (long)(i + 3) - 77;
  int2 halves = as_int2(wide);
  out[i * 8 + 1] = (uint)halves.y;
  out[i * 8 + 2] = (uint)as_long(halves.yx);
  // ushort2 <-> float.
  float f = (float)(int)word / 7.0f;
  ushort2 parts = as_ushort2(f);
  parts.y ^= (ushort)0x8000; // the sign bit
  out[i * 8 + 3] = as_uint(as_float(parts));
  // char8 <-> double.
  double d = (double)word * 0.5 + 1.0;
  char8 c = as_char8(d);
  out[i * 8 + 4] = (uint)(uchar)c.s7 << 24 | (uint)(uchar)c.s6 << 16 | (uint)(uchar)c.s0;
  // short4 <-> long, and back to uint4 through a vector bitcast.
  short4 s = as_short4((long)word << 20 | i);
  out[i * 8 + 5] = mix(convert_uint4(as_ushort4(s)));
  // A pointer as an integer and back.
  global const uint *p = in + i;
  ulong address = (ulong)p;
  global const uint *q = (global const uint *)(address + 4 * ((i + 1) % 4 == 0 ? 0 : 1));
  out[i * 8 + 6] = (i + 1) % 4 == 0 || i + 1 >= (int)get_global_size(0) ? *p : *q;
  // A copy whose size is known only at run time.
  Record local_copy = {0, 0.0f, {0, 0, 0, 0}};
  const int n = lengths[i % 4];
  __builtin_memcpy(&local_copy, &records[i % 3], (size_t)n);
  out[i * 8 + 7] = (uint)local_copy.id + (uint)local_copy.tag[3] + as_uint(local_copy.value);
  // Copy the record back shifted by a run-time amount of bytes.
  if (i == 0) __builtin_memcpy(&records[3], &records[0], (size_t)lengths[3]);
}
