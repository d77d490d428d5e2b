// OpenCL C 2.0 atomic_float and atomic_double: atomic_init, atomic_store,
// atomic_load and atomic_exchange move values bit for bit (-0.0, a NaN
// payload, a subnormal), each work-item on its own element.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
__kernel void float_atomics(__global atomic_float *f, __global atomic_double *d,
                            __global const uint *patterns, __global uint *fbits,
                            __global ulong *dbits) {
  int i = get_global_id(0);
  float x = as_float(patterns[i]);
  double y = (double)x * 3.0 - 0.25;
  atomic_init(&f[i], 1.5f);
  atomic_init(&d[i], -2.5);
  fbits[4 * i] = as_uint(atomic_load(&f[i]));
  atomic_store(&f[i], x);
  fbits[4 * i + 1] = as_uint(atomic_load_explicit(&f[i], memory_order_relaxed));
  fbits[4 * i + 2] = as_uint(atomic_exchange(&f[i], -x));
  fbits[4 * i + 3] = as_uint(atomic_load(&f[i]));
  dbits[3 * i] = as_ulong(atomic_exchange_explicit(&d[i], y, memory_order_acq_rel));
  atomic_store_explicit(&d[i], as_double(as_ulong(y) ^ 0x8000000000000001UL),
                        memory_order_release, memory_scope_device);
  dbits[3 * i + 1] = as_ulong(atomic_load(&d[i]));
  dbits[3 * i + 2] = as_ulong(atomic_exchange(&d[i], 0.0));
}
