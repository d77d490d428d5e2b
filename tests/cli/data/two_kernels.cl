// Two kernels: `spvsim init` needs --kernel to choose one.
kernel void fill(global uint *out, uint value) { out[get_global_id(0)] = value; }
kernel void scale(global float *data, float by) { data[get_global_id(0)] *= by; }
