// Waits that the spin detector decides (tests/interpreter/exec/spin_detector_test.cpp,
// docs/findings.md "Forward progress").

// Work-group 0 spins until work-group 1 sets the flag: nothing changes in the loop while
// it waits.
__kernel void wait_for_group(__global int *flag, __global int *out) {
  if (get_group_id(0) == 0) {
    if (get_local_id(0) == 0) {
      while (atomic_add(flag, 0) == 0) // BUG: wait for group
        ;
      out[0] = 1;
    }
  } else if (get_local_id(0) == 0) {
    atomic_xchg(flag, 1);
  }
}

// Waits for a flag nothing in the launch sets.
__kernel void wait_for_nobody(__global int *flag, __global int *out) {
  while (atomic_add(flag, 0) == 0) // BUG: wait for nobody
    ;
  out[get_global_id(0)] = 1;
}

// A ticket lock among the work-items of a group: in lockstep the holder of the next
// ticket waits at the end of the loop for the others of its sub-group.
__kernel void ticket_lock(__global int *next, __global int *serving, __global int *total) {
  const int ticket = atomic_inc(next);
  while (atomic_add(serving, 0) != ticket) // BUG: ticket
    ;
  total[0] += 1;
  atomic_inc(serving);
}

// The group's last work-item waits for the first to set a flag: with one work-item per
// sub-group and the last sub-group run first, it goes on only once the first sub-group
// ran while it waited.
__kernel void wait_for_sub_group(__global int *flag, __global int *out) {
  const size_t lid = get_local_id(0);
  if (lid == 0)
    atomic_xchg(flag, 1);
  else if (lid == get_local_size(0) - 1)
    while (atomic_add(flag, 0) == 0) // BUG: sub-group
      ;
  out[lid] = (int)lid;
}

// Waits for a flag nobody sets, counting: the loop's state never repeats, but its exit
// depends on the flag alone.
__kernel void count_while_waiting(__global int *flag, __global int *out) {
  int i = 0;
  while (atomic_add(flag, 0) == 0) // BUG: counting
    ++i;
  out[get_global_id(0)] = i;
}

// The same wait, bounded: it gives up after `limit` rounds, which its exit depends on.
__kernel void bounded_wait(__global int *flag, __global int *out, int limit) {
  int i = 0;
  while (atomic_add(flag, 0) == 0 && i < limit)
    ++i;
  out[get_global_id(0)] = i;
}

// Waits for a flag that the waiting loop itself sets after `limit` rounds: its exit
// depends on memory the loop writes, under a condition on the counter.
__kernel void wait_for_itself(__global int *flag, __global int *out, int limit) {
  int i = 0;
  while (atomic_add(flag, 0) == 0)
    if (++i == limit)
      atomic_xchg(flag, 1);
  out[get_global_id(0)] = i;
}

// Work-item k waits for work-item k + 1 to set its flag, then sets its own; the last
// sets its flag at once. With one work-item per sub-group in the ordered schedule, each
// sub-group spins until the ones after it ran, in a chain (the conformance suite's
// subgroups ifp test): independent forward progress of sub-groups, which the device
// reports, lets every wait end.
__kernel void wait_in_a_chain(__global int *flags, __global int *out) {
  const size_t lid = get_local_id(0);
  if (lid + 1 < get_local_size(0))
    while (atomic_add(&flags[lid + 1], 0) == 0) // BUG: chain
      ;
  atomic_xchg(&flags[lid], 1);
  out[lid] = (int)lid;
}
