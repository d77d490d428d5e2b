kernel void main_kernel(global uint *b) { b[get_global_id(0) % 4] = 1; }
