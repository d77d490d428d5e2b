// A scratch buffer the host never wrote, read by each work-item before it writes
// its own element: every read is of bytes never written (uninit.read where the value
// reaches global memory). A replay of the launch (reverse-continue) must start from
// the record of written bytes the launch started with, not from the one it had when
// it was abandoned, in which the scratch elements are already written.
__kernel void uninit_replay(__global int *scratch, __global int *out) {
  int i = get_global_id(0);
  int old = scratch[i];
  out[i] = old + 1; // BUG: uninit.read
  scratch[i] = i + 10;
  out[i] += scratch[i];
}
