// race_scope with device scope, which includes every work-group.
__kernel void race_scope_fixed(__global atomic_int *total, __global const int *in) {
  atomic_fetch_add_explicit(total, in[get_global_id(0)], memory_order_acq_rel,
                            memory_scope_device);
}
