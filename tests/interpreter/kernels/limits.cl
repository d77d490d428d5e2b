// Kernels that push spvsim's limits (tests/interpreter/exec/limits_test.cpp).

// Never ends: a barrier in the body of an endless loop.
__kernel void spin_barrier(__global volatile int *flag, __global int *out) {
  int i = 0;
  while (flag[0] == 0) {
    barrier(CLK_LOCAL_MEM_FENCE);
    ++i;
  }
  out[get_global_id(0)] = i;
}

// Next to nothing per work-item: only the number of work-items makes it long.
__kernel void tiny(__global int *out) {
  if (get_global_id(0) == 0xffffffffffffff)
    out[0] = 1;
}

__kernel void uses_local(__global int *out, __local int *scratch) {
  __local int own[1024];
  own[get_local_id(0)] = 1;
  scratch[get_local_id(0)] = 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = own[0] + scratch[0];
}

// 512 KiB of private memory per work-item.
__kernel void big_private(__global int *out, int index) {
  int big[131072];
  for (int i = 0; i < 131072; ++i)
    big[i] = i;
  out[get_global_id(0)] = big[index & 131071];
}

// Every work-item reads far outside its buffer.
__kernel void all_fault(__global const int *in, __global int *out) {
  size_t i = get_global_id(0);
  out[i] = in[i + 100000000];
}
