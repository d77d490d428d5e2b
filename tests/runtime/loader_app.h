/* What the host programs that tests run under `spvsim exec` share: error
 * checks that exit, and a context, queue, program and kernel built from OpenCL
 * C source on the first device of the first platform the loader offers. */
#ifndef SPVSIM_TEST_LOADER_APP_H
#define SPVSIM_TEST_LOADER_APP_H

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

static void check(cl_int err, const char *what) {
  if (err != CL_SUCCESS) {
    fprintf(stderr, "%s failed: %d\n", what, err);
    exit(10);
  }
}

typedef struct {
  cl_uint platforms; /* how many the loader offers */
  cl_context context;
  cl_command_queue queue;
  cl_program program;
  cl_kernel kernel;
} App;

/* Kernel `name` of `source` built with `options`. */
static App appFromSource(const char *source, const char *options, const char *name) {
  App app;
  cl_platform_id platform;
  check(clGetPlatformIDs(1, &platform, &app.platforms), "clGetPlatformIDs");
  cl_device_id device;
  check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL), "clGetDeviceIDs");
  cl_int err;
  app.context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  check(err, "clCreateContext");
  app.queue = clCreateCommandQueueWithProperties(app.context, device, NULL, &err);
  check(err, "clCreateCommandQueueWithProperties");
  app.program = clCreateProgramWithSource(app.context, 1, &source, NULL, &err);
  check(err, "clCreateProgramWithSource");
  check(clBuildProgram(app.program, 1, &device, options, NULL, NULL), "clBuildProgram");
  app.kernel = clCreateKernel(app.program, name, &err);
  check(err, "clCreateKernel");
  return app;
}

/* Runs the kernel over `n` work-items and prints the last of the `n` ints of `out`
 * (inline: not every program uses it). */
static inline void runAndPrintLast(App *app, size_t n, cl_mem out) {
  check(clEnqueueNDRangeKernel(app->queue, app->kernel, 1, NULL, &n, NULL, 0, NULL, NULL),
        "clEnqueueNDRangeKernel");
  int last = 0;
  check(clEnqueueReadBuffer(app->queue, out, CL_TRUE, (n - 1) * sizeof last, sizeof last, &last, 0,
                            NULL, NULL),
        "clEnqueueReadBuffer");
  printf("out[%zu] = %d\n", n - 1, last);
}

static void appRelease(App *app) {
  clReleaseKernel(app->kernel);
  clReleaseProgram(app->program);
  clReleaseCommandQueue(app->queue);
  clReleaseContext(app->context);
}

/* Runs the kernel with arguments (in, out) over `n` work-items, prints the last int of
 * `out` (runAndPrintLast), then releases both and the app (inline: not every program
 * uses it). */
static inline void runInOutAndRelease(App *app, size_t n, cl_mem in, cl_mem out) {
  check(clSetKernelArg(app->kernel, 0, sizeof in, &in), "clSetKernelArg");
  check(clSetKernelArg(app->kernel, 1, sizeof out, &out), "clSetKernelArg");
  runAndPrintLast(app, n, out);
  clReleaseMemObject(in);
  clReleaseMemObject(out);
  appRelease(app);
}

#endif
