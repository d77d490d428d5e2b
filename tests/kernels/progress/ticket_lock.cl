// A ticket lock among the work-items of one work-group: each takes a ticket and waits
// until it is served. The work-items of a sub-group run in lockstep: the one holding
// the next ticket waits at the end of the loop for the others, which wait for it to
// release the lock: a deadlock on a GPU whose sub-groups have more than one work-item.
__kernel void ticket_lock(__global int *next, __global int *serving, __global int *total) {
  const int ticket = atomic_inc(next);
  while (atomic_add(serving, 0) != ticket) // BUG: progress.intra-group
    ;
  total[0] += 1;
  atomic_inc(serving);
}
