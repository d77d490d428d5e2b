/* A host program whose kernel reads a buffer created without contents
 * (uninit.read at input.cl line 3), unless the host first gives it contents
 * the way the argument says: --write (clEnqueueWriteBuffer), --fill
 * (clEnqueueFillBuffer), --map (mapped for writing), --copy (clEnqueueCopyBuffer
 * from a buffer created with CL_MEM_COPY_HOST_PTR) or --host-ptr (created with
 * CL_MEM_COPY_HOST_PTR itself). --map-part maps all but the last element for writing:
 * that element stays undefined (a whole write drops the buffer's shadow, a partial one
 * must not). --hoisted runs a kernel whose load and store clang -O2 moves out of a loop
 * it then deletes (a float and an int cannot alias): they keep no source line, and the
 * finding must not name one (the conformance suite's events kernel). */
#include <string.h>

#include "loader_app.h"

static const char *kSource = "__kernel void add_one(__global const int *in, __global int *out) {\n"
                             "  int i = get_global_id(0);\n"
                             "  out[i] = in[i] + 1;\n"
                             "}\n";

static const char *kHoistedSource =
    "__kernel void add_one(__global const float *in, __global int *out) {\n"
    "  int i = get_global_id(0);\n"
    "  for (int k = 0; k < 100; ++k)\n"
    "    out[i] = (int)in[i] + 1;\n"
    "}\n";

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "";
  App app = appFromSource(strcmp(how, "--hoisted") == 0 ? kHoistedSource : kSource, "", "add_one");
  cl_context context = app.context;
  cl_command_queue queue = app.queue;
  cl_int err;
  enum { N = 64 };
  int values[N];
  for (int i = 0; i < N; ++i) values[i] = i;
  const int seven = 7;
  cl_mem in = strcmp(how, "--host-ptr") == 0
                  ? clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, sizeof values, values, &err)
                  : clCreateBuffer(context, 0, sizeof values, NULL, &err);
  check(err, "clCreateBuffer");
  cl_mem out = clCreateBuffer(context, 0, sizeof values, NULL, &err);
  check(err, "clCreateBuffer");
  if (strcmp(how, "--write") == 0) {
    check(clEnqueueWriteBuffer(queue, in, CL_TRUE, 0, sizeof values, values, 0, NULL, NULL),
          "clEnqueueWriteBuffer");
  } else if (strcmp(how, "--fill") == 0) {
    check(clEnqueueFillBuffer(queue, in, &seven, sizeof seven, 0, sizeof values, 0, NULL, NULL),
          "clEnqueueFillBuffer");
  } else if (strcmp(how, "--map") == 0 || strcmp(how, "--map-part") == 0) {
    const size_t bytes = strcmp(how, "--map") == 0 ? sizeof values : sizeof values - sizeof(int);
    int *mapped = clEnqueueMapBuffer(queue, in, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0, bytes,
                                     0, NULL, NULL, &err);
    check(err, "clEnqueueMapBuffer");
    memcpy(mapped, values, bytes);
    check(clEnqueueUnmapMemObject(queue, in, mapped, 0, NULL, NULL), "clEnqueueUnmapMemObject");
  } else if (strcmp(how, "--copy") == 0) {
    cl_mem source = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, sizeof values, values, &err);
    check(err, "clCreateBuffer");
    check(clEnqueueCopyBuffer(queue, source, in, 0, 0, sizeof values, 0, NULL, NULL),
          "clEnqueueCopyBuffer");
    check(clFinish(queue), "clFinish");
    clReleaseMemObject(source);
  }
  runInOutAndRelease(&app, N, in, out);
  return 0;
}
