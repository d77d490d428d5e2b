// OpenCL C 2.0, which a run asks for with -cl-std=CL2.0: a program-scope variable, a
// pointer to the generic address space, and a last work-group smaller than the others.
global int base = 100;

int twice(int *p) { return 2 * *p; }

kernel void c20(global int *out) {
  int size = (int)get_local_size(0);
  out[get_global_id(0)] = base + 10 * twice(&size) + (int)get_enqueued_local_size(0);
}
