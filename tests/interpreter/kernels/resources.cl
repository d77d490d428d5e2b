// A kernel with its own __local array and an address-taken private array, for
// KernelResources (CL_KERNEL_LOCAL_MEM_SIZE, CL_KERNEL_PRIVATE_MEM_SIZE).
__kernel void tiles(__global float *out, __local float *scratch, int k) {
  __local float tile[64];
  float row[8];
  int i = get_local_id(0);
  for (int j = 0; j < 8; ++j) row[j] = out[j] * (float)i;
  tile[i] = row[k & 7];
  scratch[i] = tile[(i + 1) & 63];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = scratch[i];
}
