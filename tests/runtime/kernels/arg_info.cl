// A kernel of the runtime tests compiled with -cl-kernel-arg-info: its module names the
// arguments, so a program created from it as IL answers clGetKernelArgInfo.
__kernel void named(__global uint *out, uint value) { out[get_global_id(0)] = value; }
