/* A host program whose kernel's profile is known by construction, for
 * `spvsim exec --profile`: 64 work-items in groups of 32, each summing 4
 * elements of `in` in a loop (line 5), one barrier, an atomic increment in the
 * even work-items only (line 8: half of every warp's lanes) and one store to
 * `out`; launched twice. The program is built with the options given as its
 * first argument (-cl-opt-disable, -g, ...), if any. It prints the sum of
 * work-item 63 and the atomic's count (64). */
#include "loader_app.h"

static const char *kSource =
    "__kernel void profile(__global const int *in, __global int *out, __global int *hits,\n"
    "                      int trips) {\n"
    "  int i = get_global_id(0), sum = 0;\n"
    "  for (int k = 0; k < trips; ++k)\n"
    "    sum += in[i * trips + k];\n"
    "  barrier(CLK_GLOBAL_MEM_FENCE);\n"
    "  if (i % 2 == 0)\n"
    "    atomic_inc(hits);\n"
    "  out[i] = sum;\n"
    "}\n";

enum { N = 64, LOCAL = 32, TRIPS = 4, LAUNCHES = 2 };

int main(int argc, char **argv) {
  App app = appFromSource(kSource, argc > 1 ? argv[1] : "", "profile");
  cl_int err;
  int input[N * TRIPS], zero = 0;
  for (int i = 0; i < N * TRIPS; ++i) input[i] = i;
  cl_mem in = clCreateBuffer(app.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof input,
                             input, &err);
  check(err, "clCreateBuffer");
  cl_mem out = clCreateBuffer(app.context, CL_MEM_WRITE_ONLY, N * sizeof(int), NULL, &err);
  check(err, "clCreateBuffer");
  cl_mem hits = clCreateBuffer(app.context, CL_MEM_COPY_HOST_PTR, sizeof zero, &zero, &err);
  check(err, "clCreateBuffer");
  const int trips = TRIPS;
  check(clSetKernelArg(app.kernel, 0, sizeof in, &in), "clSetKernelArg");
  check(clSetKernelArg(app.kernel, 1, sizeof out, &out), "clSetKernelArg");
  check(clSetKernelArg(app.kernel, 2, sizeof hits, &hits), "clSetKernelArg");
  check(clSetKernelArg(app.kernel, 3, sizeof trips, &trips), "clSetKernelArg");
  const size_t global = N, local = LOCAL;
  for (int launch = 0; launch < LAUNCHES; ++launch)
    check(clEnqueueNDRangeKernel(app.queue, app.kernel, 1, NULL, &global, &local, 0, NULL, NULL),
          "clEnqueueNDRangeKernel");
  int last = 0, count = 0;
  check(clEnqueueReadBuffer(app.queue, out, CL_TRUE, (N - 1) * sizeof last, sizeof last, &last, 0,
                            NULL, NULL),
        "clEnqueueReadBuffer");
  check(clEnqueueReadBuffer(app.queue, hits, CL_TRUE, 0, sizeof count, &count, 0, NULL, NULL),
        "clEnqueueReadBuffer");
  printf("out[%d] = %d\nhits = %d\n", N - 1, last, count);
  clReleaseMemObject(in);
  clReleaseMemObject(out);
  clReleaseMemObject(hits);
  appRelease(&app);
  return 0;
}
