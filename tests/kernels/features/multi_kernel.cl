// Several kernels in one module, one calling another as a function, run as
// successive launches over the same buffers (a run file "launches" list).
__kernel void init(__global int *data, int seed) {
  int i = get_global_id(0);
  data[i] = (i * 7919 + seed) % 1000;
}

__kernel void square(__global int *data) {
  int i = get_global_id(0);
  data[i] = data[i] * data[i] % 997;
}

__kernel void both(__global int *data, __global int *copy, int seed) {
  init(data, seed);
  copy[get_global_id(0)] = data[get_global_id(0)];
  square(data);
}
