// race_tiled_matmul.cl fixed: a barrier after the inner product, so that no
// work-item loads the next tile before every work-item of its group has read this
// one (the walk-through of docs/debugging.md).
#define TILE 8
__kernel void race_tiled_matmul_fixed(__global const float *A, __global const float *B,
                                      __global float *C, uint n) {
  __local float As[TILE][TILE], Bs[TILE][TILE];
  size_t lx = get_local_id(0), ly = get_local_id(1);
  size_t col = get_global_id(0), row = get_global_id(1);
  float acc = 0.0f;
  for (uint t = 0; t < n; t += TILE) {
    As[ly][lx] = A[row * n + t + lx];
    Bs[ly][lx] = B[(t + ly) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 0; k < TILE; ++k) acc += As[ly][k] * Bs[k][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * n + col] = acc;
}
