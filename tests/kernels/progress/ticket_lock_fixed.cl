// What ticket_lock.cl protects with its lock, done without one: an atomic add needs no
// work-item to wait for another.
__kernel void ticket_lock(__global int *next, __global int *serving, __global int *total) {
  atomic_inc(next);
  atomic_inc(serving);
  atomic_add(total, 1);
}
