/* A host program whose kernel reads its neighbour's element of a __local tile
 * without the barrier that orders the read after the neighbour's write (a race
 * at input.cl line 6). Options: --options TEXT builds the kernel with those
 * build options (say "-g -cl-opt-disable"). Prints the last element of the
 * output. */
#include <string.h>

#include "loader_app.h"

static const char *kSource =
    "__kernel void neighbours(__global const int *in, __global int *out) {\n"
    "  __local int tile[64];\n"
    "  int l = get_local_id(0);\n"
    "  tile[l] = 0;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  tile[l] = in[get_global_id(0)];\n"
    "  out[get_global_id(0)] = tile[(l + 1) % 64] - tile[l];\n"
    "}\n";

int main(int argc, char **argv) {
  const char *options = "";
  for (int i = 1; i < argc; ++i)
    if (strcmp(argv[i], "--options") == 0 && i + 1 < argc) options = argv[++i];
  App app = appFromSource(kSource, options, "neighbours");
  cl_int err;
  enum { N = 64 };
  int values[N];
  for (int i = 0; i < N; ++i) values[i] = i * i;
  cl_mem in = clCreateBuffer(app.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof values,
                             values, &err);
  check(err, "clCreateBuffer");
  cl_mem out = clCreateBuffer(app.context, 0, sizeof values, NULL, &err);
  check(err, "clCreateBuffer");
  runInOutAndRelease(&app, N, in, out);
  return 0;
}
