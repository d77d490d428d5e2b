/* A host program whose kernel's result depends on the order its four work-groups
 * run in: each group takes the next slot of a counter with atomic_inc and writes
 * its id there, and prints the slot it took (input.cl line 5). With --fixed each
 * group writes its id at its own index, whatever the order. The program prints
 * the slots it reads back: 0 1 2 3 when the groups ran in order. */
#include <string.h>

#include "loader_app.h"

static const char *kSource =
    "__kernel void take_slots(__global int *order, __global int *counter) {\n"
    "  if (get_local_id(0) != 0) return;\n"
    "  int group = get_group_id(0);\n"
    "  int slot = FIXED ? group : atomic_inc(counter);\n"
    "  printf(\"group %d took slot %d\\n\", group, slot);\n"
    "  order[slot] = group;\n"
    "}\n";

int main(int argc, char **argv) {
  const int fixed = argc > 1 && strcmp(argv[1], "--fixed") == 0;
  App app = appFromSource(kSource, fixed ? "-D FIXED=1" : "-D FIXED=0", "take_slots");
  cl_int err;
  enum { Groups = 4, GroupSize = 8 };
  int zeros[Groups] = {0};
  cl_mem order = clCreateBuffer(app.context, CL_MEM_COPY_HOST_PTR, sizeof zeros, zeros, &err);
  check(err, "clCreateBuffer");
  cl_mem counter = clCreateBuffer(app.context, CL_MEM_COPY_HOST_PTR, sizeof(int), zeros, &err);
  check(err, "clCreateBuffer");
  check(clSetKernelArg(app.kernel, 0, sizeof order, &order), "clSetKernelArg");
  check(clSetKernelArg(app.kernel, 1, sizeof counter, &counter), "clSetKernelArg");
  const size_t global = Groups * GroupSize, local = GroupSize;
  check(clEnqueueNDRangeKernel(app.queue, app.kernel, 1, NULL, &global, &local, 0, NULL, NULL),
        "clEnqueueNDRangeKernel");
  int slots[Groups + 1];
  check(clEnqueueReadBuffer(app.queue, order, CL_TRUE, 0, sizeof zeros, slots, 0, NULL, NULL),
        "clEnqueueReadBuffer");
  check(clEnqueueReadBuffer(app.queue, counter, CL_TRUE, 0, sizeof(int), &slots[Groups], 0, NULL,
                            NULL),
        "clEnqueueReadBuffer");
  printf("slots: %d %d %d %d, counter %d\n", slots[0], slots[1], slots[2], slots[3], slots[Groups]);
  clReleaseMemObject(order);
  clReleaseMemObject(counter);
  appRelease(&app);
  return 0;
}
