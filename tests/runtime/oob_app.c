/* A host program whose kernel writes one element past the end of its buffer
 * (the last work-item, at input.cl line 3), unless run with --fixed; with
 * --exit N it exits with status N. It uses whatever OpenCL platform the loader
 * offers first and prints how many there are: `spvsim exec` must make spvsim
 * the only one. */
#include <string.h>

#include "loader_app.h"

static const char *kSource = "__kernel void shift(__global int *out, int n) {\n"
                             "  int i = get_global_id(0);\n"
                             "  if (i < n) out[i + SHIFT] = i;\n"
                             "}\n";

int main(int argc, char **argv) {
  int fixed = 0, status = 0;
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--fixed") == 0) fixed = 1;
    if (strcmp(argv[i], "--exit") == 0 && i + 1 < argc) status = atoi(argv[++i]);
  }
  App app = appFromSource(kSource, fixed ? "-D SHIFT=0" : "-D SHIFT=1", "shift");
  printf("platforms: %u\n", app.platforms);
  cl_context context = app.context;
  cl_kernel kernel = app.kernel;
  cl_int err;
  enum { N = 64 };
  cl_mem out = clCreateBuffer(context, 0, N * sizeof(int), NULL, &err);
  check(err, "clCreateBuffer");
  const int n = N;
  check(clSetKernelArg(kernel, 0, sizeof out, &out), "clSetKernelArg");
  check(clSetKernelArg(kernel, 1, sizeof n, &n), "clSetKernelArg");
  runAndPrintLast(&app, N, out);
  clReleaseMemObject(out);
  appRelease(&app);
  return status;
}
