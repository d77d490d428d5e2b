// A tiled matrix multiply that lacks the barrier after its inner product: a fast
// work-item loads the next tile into As and Bs while slower ones of its group still
// read the current one (docs/debugging.md walks through finding it).
#define TILE 8
__kernel void race_tiled_matmul(__global const float *A, __global const float *B,
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
  }
  C[row * n + col] = acc;
}
