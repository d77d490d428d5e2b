// OpenCL C 2.0 program-scope variables: a global counter that keeps its value
// across launches, an initialised global array, a constant table, and a
// function-scope static variable. Each launch is one work-group.
global int launches = 0;
global float weights[4] = {0.5f, 1.5f, -2.0f, 4.0f};
constant short table[8] = {1, -1, 2, -2, 3, -3, 4, -4};

int bump_static(void) {
  static global int calls = 100;
  return atomic_inc(&calls);
}

__kernel void program_globals(__global float *out, __global int *info) {
  int i = get_global_id(0);
  out[i] += weights[i % 4] * table[i % 8];
  barrier(CLK_GLOBAL_MEM_FENCE); // every read of weights[3] before it changes
  if (i == 0) {
    info[0] = launches++;
    weights[3] += 1.0f;
  }
  atomic_max(&info[1], bump_static());
}
