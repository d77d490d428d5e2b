// Counts known by construction for `spvsim run --profile` (tests/cli/CMakeLists.txt):
// 64 work-items in groups of 32 each load 8 ints of `in` in a loop of 8 trips, store
// one int to and load one from __local memory around one barrier, and store one int
// to `out`; the even ones (half of every warp) increment `hits` atomically.
kernel void profile(global const int *in, global int *out, global int *hits,
                    local int *scratch) {
  size_t i = get_global_id(0), l = get_local_id(0);
  int sum = 0;
  for (int k = 0; k < 8; ++k)
    sum += in[i * 8 + k];
  scratch[l] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
  int next = scratch[(l + 1) % get_local_size(0)];
  if (i % 2 == 0)
    atomic_inc(hits);
  out[i] = next;
}
