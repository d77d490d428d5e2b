// The global barrier of global_barrier.cl done right: the work before it and the work
// after it are two launches, which the host runs in order.
__kernel void global_barrier_before(__global int *data) {
  const size_t gid = get_global_id(0);
  data[gid] = (int)gid;
}

__kernel void global_barrier_after(__global const int *data, __global int *out) {
  const size_t gid = get_global_id(0);
  const size_t other = (gid + get_local_size(0)) % get_global_size(0);
  out[gid] = data[gid] * 2 + data[other];
}
