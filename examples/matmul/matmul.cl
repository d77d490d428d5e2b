// matmul: naive C = A·B for row-major A (M×K), B (K×N), C (M×N).
//
// 2-D NDRange with global size (N, M): dimension 0 walks the columns of C,
// dimension 1 its rows, so neighbouring work-items read neighbouring elements
// of B and write neighbouring elements of C. Work-items outside C do nothing.
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
                     uint M, uint N, uint K) {
  size_t col = get_global_id(0);
  size_t row = get_global_id(1);
  if (row >= M || col >= N)
    return;
  float sum = 0.0f;
  for (uint k = 0; k < K; ++k)
    sum += A[row * K + k] * B[k * N + col];
  C[row * N + col] = sum;
}
