/* A host program whose kernel writes one element past the end of its buffer
 * (the last work-item, at input.cl line 3), unless run with --fixed; with
 * --exit N it exits with status N. It uses whatever OpenCL platform the loader
 * offers first and prints how many there are: `spvsim exec` must make spvsim
 * the only one. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *kSource = "__kernel void shift(__global int *out, int n) {\n"
                             "  int i = get_global_id(0);\n"
                             "  if (i < n) out[i + SHIFT] = i;\n"
                             "}\n";

static void check(cl_int err, const char *what) {
  if (err != CL_SUCCESS) {
    fprintf(stderr, "%s failed: %d\n", what, err);
    exit(10);
  }
}

int main(int argc, char **argv) {
  int fixed = 0, status = 0;
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--fixed") == 0) fixed = 1;
    if (strcmp(argv[i], "--exit") == 0 && i + 1 < argc) status = atoi(argv[++i]);
  }
  cl_uint platforms = 0;
  cl_platform_id platform;
  check(clGetPlatformIDs(1, &platform, &platforms), "clGetPlatformIDs");
  printf("platforms: %u\n", platforms);
  cl_device_id device;
  check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL), "clGetDeviceIDs");
  cl_int err;
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  check(err, "clCreateContext");
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
  check(err, "clCreateCommandQueueWithProperties");
  cl_program program = clCreateProgramWithSource(context, 1, &kSource, NULL, &err);
  check(err, "clCreateProgramWithSource");
  check(clBuildProgram(program, 1, &device, fixed ? "-D SHIFT=0" : "-D SHIFT=1", NULL, NULL),
        "clBuildProgram");
  cl_kernel kernel = clCreateKernel(program, "shift", &err);
  check(err, "clCreateKernel");
  enum { N = 64 };
  cl_mem out = clCreateBuffer(context, 0, N * sizeof(int), NULL, &err);
  check(err, "clCreateBuffer");
  const int n = N;
  check(clSetKernelArg(kernel, 0, sizeof out, &out), "clSetKernelArg");
  check(clSetKernelArg(kernel, 1, sizeof n, &n), "clSetKernelArg");
  const size_t global = N;
  check(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL),
        "clEnqueueNDRangeKernel");
  int result[N];
  check(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof result, result, 0, NULL, NULL),
        "clEnqueueReadBuffer");
  printf("out[%d] = %d\n", N - 1, result[N - 1]);
  clReleaseMemObject(out);
  clReleaseKernel(kernel);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return status;
}
