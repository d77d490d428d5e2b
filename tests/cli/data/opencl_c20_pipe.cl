// A pipe, which OpenCL C 2.0 has and spvsim's device does not.
kernel void produce(write_only pipe int out, global const int *in) {
  write_pipe(out, &in[get_global_id(0)]);
}
