// OpenCL C 2.0: two messages within one work-group, each broken in its own way. Work-item
// 0 publishes data[0] with a release store, and work-item 64 reads the flag relaxed;
// work-item 32 publishes data[1] with a relaxed store, and work-item 65 reads that flag
// with acquire. Both readers read their flag before either reads its value, and each
// race's message names the ordering its own two accesses lack, not the other's.
__kernel void race_own_reasons(__global int *data, __global atomic_int *flags,
                               __global int *out) {
  const size_t lid = get_local_id(0);
  if (lid == 0) {
    data[0] = 1; // BUG: race.global.intra-group
    atomic_store_explicit(&flags[0], 1, memory_order_release, memory_scope_device);
  } else if (lid == 32) {
    data[1] = 2; // BUG: race.global.intra-group
    atomic_store_explicit(&flags[1], 1, memory_order_relaxed, memory_scope_device);
  }
  int f = 0;
  if (lid == 64)
    f = atomic_load_explicit(&flags[0], memory_order_relaxed, memory_scope_device);
  if (lid == 65)
    f = atomic_load_explicit(&flags[1], memory_order_acquire, memory_scope_device);
  if (lid == 64 && f)
    out[0] = data[0]; // BUG: race.global.intra-group
  if (lid == 65 && f)
    out[1] = data[1]; // BUG: race.global.intra-group
}
