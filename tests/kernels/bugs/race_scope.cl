// OpenCL C 2.0: a total every work-group adds to with work-group scope atomics;
// the scope leaves out the other work-groups, so their updates race.
__kernel void race_scope(__global atomic_int *total, __global const int *in) {
  atomic_fetch_add_explicit(total, in[get_global_id(0)], memory_order_acq_rel, // BUG: race.scope
                            memory_scope_work_group);
}
