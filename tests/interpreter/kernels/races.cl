// Kernels for the race shadow's tests (tests/interpreter/checks/races/race_shadow_test.cpp).

// Every work-item writes its element of `a` and reads element i % n of `b`; bound
// to one buffer and a sub-buffer of it, the two alias.
__kernel void aliased(__global int *a, __global const int *b, __global int *out, int n) {
  size_t i = get_global_id(0);
  a[i] = (int)i; // BUG: aliased
  out[i] = b[i % n]; // BUG: aliased
}

// Neighbouring work-items write neighbouring bytes, shorts and longs: no race.
__kernel void widths(__global uchar *bytes, __global ushort *shorts, __global long *longs) {
  size_t i = get_global_id(0);
  bytes[i] = (uchar)i;
  shorts[i] = (ushort)i;
  longs[i] = (long)i;
}

// Reads the long of the next work-item after writing its own: a race on 8-byte
// accesses (units of 8 bytes for `longs`, of one for `bytes`).
__kernel void wide_neighbour(__global long *longs, __global uchar *bytes) {
  size_t i = get_global_id(0);
  longs[i] = (long)i;
  bytes[i] = (uchar)longs[(i + 1) % get_global_size(0)];
}

// Work-item 0 writes a string every work-item prints: printf's %s read races
// with the write.
__kernel void print_shared(__global char *text) {
  if (get_global_id(0) == 0) {
    text[0] = 'h';
    text[1] = 'i';
    text[2] = 0;
  }
  printf("%s\n", text);
}

// One race in the last, partial work-group: work-item 99 reads what 98 writes.
__kernel void partial(__global int *data) {
  size_t i = get_global_id(0);
  if (i == 98) data[i] = 1;
  if (i == 99) data[0] = data[98];
}

// 8-byte accesses beside ints of another buffer: its own long raises nothing, the
// neighbour's races with the write.
__kernel void long_neighbour(__global long *longs, __global int *out, int next) {
  size_t i = get_global_id(0);
  longs[i] = (long)i;
  out[i] = (int)longs[(i + next) % get_global_size(0)];
}

// Every work-item stores 1 to flag[0] and 7 to shared[0] (the same bytes: uniform
// writes), its own id to last[0] (different bytes: a write-write race), and in
// work-items 0 and 1, one value from two different stores to same[0].
__kernel void uniform_writes(__global int *flag, __global int *last, __global int *same,
                             __global int *out, __local int *shared) {
  size_t i = get_global_id(0);
  flag[0] = 1; // BUG: uniform
  shared[0] = 7; // BUG: uniform
  if (i == 0) same[0] = 5; // BUG: uniform
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i == 1) same[0] = 5; // BUG: uniform
  last[0] = (int)i; // BUG: differ
  out[i] = shared[0];
}

// async_work_group_strided_copy of 32-byte elements, raced by a work-item's access made
// before the copy and unordered with it: the copy finds the race on its __local side
// (contiguous) and on its global side (strided).
__kernel void wide_copy_after_race(__global const long4 *src, __global long *out,
                                   __local long4 *tile) {
  size_t n = get_local_size(0), lid = get_local_id(0);
  if (lid == 5) tile[9].y = 1; // no barrier before the copy overwrites it
  event_t e = async_work_group_strided_copy(tile, src + get_group_id(0) * n * 2, n, 2, 0);
  wait_group_events(1, &e);
  out[get_global_id(0)] = tile[lid].x;
}

__kernel void wide_copy_out_after_race(__global long4 *dst, __global long *out,
                                       __local long4 *tile) {
  size_t n = get_local_size(0), lid = get_local_id(0);
  __global long4 *to = dst + get_group_id(0) * n * 2;
  if (lid == 3) out[get_group_id(0)] = to[6].z; // read before the copy writes it
  tile[lid] = (long4)(lid);
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_strided_copy(to, tile, n, 2, 0);
  wait_group_events(1, &e);
}

// Work-items on elements 20 apart of a __local and a global array: their first touches,
// the quiet reads after the barrier, then a write to the neighbour's element, which
// races with the neighbour's read (found at the read or the write, by the order the
// work-items ran in).
__kernel void strided_race(__global int *g, __local int *tile) {
  size_t lid = get_local_id(0), n = get_local_size(0), gid = get_global_id(0);
  tile[lid * 20] = (int)lid;
  g[gid * 20] = (int)gid;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  int v = tile[lid * 20] + g[gid * 20]; // BUG: strided (the read)
  tile[((lid + 1) % n) * 20] = v;        // BUG: strided (the write)
  g[gid * 20 + 1] = v;
}

// A 16×16 tile of __local memory (a group of 256) read by rows (the lanes of a row on one element)
// and by columns (every row's lanes on the same 16 elements), as a tiled matrix product
// reads it: quiet reads after the barrier; then work-item `racer` (if in range) writes
// tile[5], which the others read unordered.
__kernel void tile_rows(__global int *out, __local int *tile, uint racer) {
  size_t lid = get_local_id(0);
  tile[lid] = (int)lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  int sum = 0;
  for (int k = 0; k < 16; ++k)
    sum += tile[lid / 16 * 16 + k] * 100 + tile[k * 16 + lid % 16]; // BUG: tile_rows (a read)
  if (lid == racer) tile[5] = -1;                                     // BUG: tile_rows (the write)
  out[get_global_id(0)] = sum;
}

// Work-items `first` and `second` write data[index]: a race when they differ, none
// when they are one work-item.
__kernel void two_writers(__global int *data, uint index, uint first, uint second) {
  size_t i = get_global_id(0);
  if (i == first || i == second) data[index] = (int)i;
}

// Each work-item reads a byte and its int, then stores an int `shift` elements on: the
// kernel's smallest access is a byte, so an int spans four granules, and a warp's
// consecutive ints are one range of words. With shift 0 nothing races (and a second
// launch finds every word its own); with shift 1 each store races with the next
// work-item's read of that int.
__kernel void wide_over_bytes(__global const uchar *bytes, __global int *wide, uint shift) {
  size_t i = get_global_id(0);
  int v = bytes[i] + wide[i]; // BUG: wide (the read)
  wide[i + shift] = v;        // BUG: wide (the write)
}

// Each work-item writes data[i], passes a barrier and reads its neighbour's element:
// the barrier fences only __local memory (local_fence_exchange) or nothing
// (no_fence_exchange), so the global accesses stay unordered (a race whose message
// names the missing global fence).
__kernel void local_fence_exchange(__global int *data, __global int *out) {
  size_t i = get_global_id(0), l = get_local_id(0);
  data[i] = (int)i;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = data[i - l + (l + 1) % get_local_size(0)];
}

__kernel void no_fence_exchange(__global int *data, __global int *out) {
  size_t i = get_global_id(0), l = get_local_id(0);
  data[i] = (int)i;
  barrier(0);
  out[i] = data[i - l + (l + 1) % get_local_size(0)];
}

// The race check's unit per buffer (race_unit.h): `ints` is read as ints and written
// in bytes through pointers cast inside the kernel — one chosen between two arguments
// and advanced in a loop, a helper's parameter, one made from an integer. Work-item i
// writes bytes i, i + n, i + 2n, i + 3n (n work-items): neighbours share ints, never
// bytes. Work-item `reader` (if any) then reads the int holding bytes 4 × reader ..
// 4 × reader + 3 and stores it to out[reader].
void store_byte(__global uchar *b, size_t at, uchar v) {
  b[at] = v; // BUG: unit
}

__kernel void bytes_of_ints(__global int *ints, __global uchar *spare, __global int *out,
                            uint how, uint reader) {
  size_t i = get_global_id(0), n = get_global_size(0);
  __global uchar *b = (how == 1 ? spare : (__global uchar *)ints) + i;
  for (uint k = 0; k < 4; ++k, b += n) {
    if (how == 2)
      store_byte((__global uchar *)ints, i + k * n, (uchar)k);
    else
      *b = (uchar)k; // BUG: unit
  }
  if (i == reader) out[i] = ints[i]; // BUG: unit
}

__kernel void bytes_through_integers(__global int *ints, __global int *out, uint reader) {
  size_t i = get_global_id(0), n = get_global_size(0);
  for (uint k = 0; k < 4; ++k)
    *(__global uchar *)((uintptr_t)ints + i + k * n) = (uchar)k; // BUG: unit
  if (i == reader) out[i] = ints[i]; // BUG: unit
}

// 3-vectors through vload3/vstore3 (OpenCL.std instructions): `bytes` has byte units,
// `words` (ints only) int units, so a neighbour's race on `words` counts once an int.
__kernel void vector3_units(__global const int *src, __global uchar *bytes,
                            __global int *words, uint shift) {
  size_t i = get_global_id(0);
  vstore3(convert_uchar3(vload3(i, src)), i, bytes);
  words[i + shift] = words[i] + 1; // BUG: vector3
}
