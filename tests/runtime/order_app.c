/* A host program whose kernel's result depends on the order its four work-groups
 * run in: each group takes the next slot of a counter with atomic_inc and writes
 * its id there, and prints the slot it took (input.cl line 5). With --fixed each
 * group writes its id at its own index, whatever the order. The program prints
 * the slots it reads back: 0 1 2 3 when the groups ran in order. With --image the
 * first work-item of each group writes its group's id to texel (1, 1) of a 4x2 image
 * instead: the last group to run wins. With --repeat N the launch is enqueued N times,
 * the counter reset before each. With --program-scope the counter is a program-scope
 * variable the groups count themselves on, and the last group writes the total: the
 * same whatever the order, and a second kernel reads the counter back (4 after one
 * launch); a second launch also has each group write the count it took. With --uninit
 * the first group to take a ticket writes its own element of a buffer created without
 * contents (group 0 in the ordered run, another group in some shuffles), then a second
 * kernel stores element 1 of it: never written in the ordered run, which every schedule
 * of the first launch starts from and which the program goes on from. */
#include <stdlib.h>
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

static const char *kImageSource =
    "__kernel void last_group(__write_only image2d_t img) {\n"
    "  if (get_local_id(0) == 0)\n"
    "    write_imageui(img, (int2)(1, 1), (uint4)(get_group_id(0)));\n"
    "}\n";

static const char *kCounterSource =
    "global int counter = 0;\n"
    "__kernel void count_groups(__global int *seen, int order) {\n"
    "  if (get_local_id(0) != 0) return;\n"
    "  int before = atomic_inc(&counter);\n"
    "  if (order) seen[1 + get_group_id(0)] = before;\n"
    "  if (before % get_num_groups(0) == get_num_groups(0) - 1) seen[0] = before + 1;\n"
    "}\n"
    "__kernel void read_counter(__global int *value) { *value = counter; }\n";

static const char *kFirstWritesSource =
    "__kernel void first_writes(__global int *scratch, __global int *counter) {\n"
    "  if (get_local_id(0) == 0 && atomic_inc(counter) == 0) scratch[get_group_id(0)] = 0;\n"
    "}\n"
    "__kernel void read_scratch(__global int *scratch, __global int *out) {\n"
    "  *out = scratch[1];\n"
    "}\n";

/* first_writes on two groups, then read_scratch; prints what the latter stored. */
static int firstWrites(void) {
  App app = appFromSource(kFirstWritesSource, "", "first_writes");
  cl_int err;
  enum { Groups = 2, GroupSize = 8 };
  int zero = 0, out = -1;
  cl_mem scratch = clCreateBuffer(app.context, CL_MEM_READ_WRITE, Groups * sizeof(int), NULL, &err);
  check(err, "clCreateBuffer");
  cl_mem counter = clCreateBuffer(app.context, CL_MEM_COPY_HOST_PTR, sizeof zero, &zero, &err);
  check(err, "clCreateBuffer");
  cl_mem value = clCreateBuffer(app.context, CL_MEM_COPY_HOST_PTR, sizeof out, &out, &err);
  check(err, "clCreateBuffer");
  check(clSetKernelArg(app.kernel, 0, sizeof scratch, &scratch), "clSetKernelArg");
  check(clSetKernelArg(app.kernel, 1, sizeof counter, &counter), "clSetKernelArg");
  const size_t global = Groups * GroupSize, local = GroupSize, one = 1;
  check(clEnqueueNDRangeKernel(app.queue, app.kernel, 1, NULL, &global, &local, 0, NULL, NULL),
        "clEnqueueNDRangeKernel");
  cl_kernel read = clCreateKernel(app.program, "read_scratch", &err);
  check(err, "clCreateKernel");
  check(clSetKernelArg(read, 0, sizeof scratch, &scratch), "clSetKernelArg");
  check(clSetKernelArg(read, 1, sizeof value, &value), "clSetKernelArg");
  check(clEnqueueNDRangeKernel(app.queue, read, 1, NULL, &one, &one, 0, NULL, NULL),
        "clEnqueueNDRangeKernel");
  check(clEnqueueReadBuffer(app.queue, value, CL_TRUE, 0, sizeof out, &out, 0, NULL, NULL),
        "clEnqueueReadBuffer");
  printf("out %d\n", out);
  clReleaseKernel(read);
  clReleaseMemObject(value);
  clReleaseMemObject(counter);
  clReleaseMemObject(scratch);
  appRelease(&app);
  return 0;
}

/* Launches count_groups with `order` on a fresh buffer, then read_counter, and prints
 * the total the last group wrote and the counter. */
static void countGroups(App *app, cl_kernel read, int order) {
  cl_int err;
  enum { Groups = 4, GroupSize = 8 };
  int seen[Groups + 1] = {0};
  cl_mem buffer = clCreateBuffer(app->context, CL_MEM_COPY_HOST_PTR, sizeof seen, seen, &err);
  check(err, "clCreateBuffer");
  check(clSetKernelArg(app->kernel, 0, sizeof buffer, &buffer), "clSetKernelArg");
  check(clSetKernelArg(app->kernel, 1, sizeof order, &order), "clSetKernelArg");
  const size_t global = Groups * GroupSize, local = GroupSize, one = 1;
  check(clEnqueueNDRangeKernel(app->queue, app->kernel, 1, NULL, &global, &local, 0, NULL, NULL),
        "clEnqueueNDRangeKernel");
  check(clEnqueueReadBuffer(app->queue, buffer, CL_TRUE, 0, sizeof seen, seen, 0, NULL, NULL),
        "clEnqueueReadBuffer");
  int counter = -1;
  cl_mem value = clCreateBuffer(app->context, CL_MEM_COPY_HOST_PTR, sizeof counter, &counter, &err);
  check(err, "clCreateBuffer");
  check(clSetKernelArg(read, 0, sizeof value, &value), "clSetKernelArg");
  check(clEnqueueNDRangeKernel(app->queue, read, 1, NULL, &one, &one, 0, NULL, NULL),
        "clEnqueueNDRangeKernel");
  check(clEnqueueReadBuffer(app->queue, value, CL_TRUE, 0, sizeof counter, &counter, 0, NULL, NULL),
        "clEnqueueReadBuffer");
  printf("total %d, counter %d\n", seen[0], counter);
  clReleaseMemObject(value);
  clReleaseMemObject(buffer);
}

/* A program-scope counter: counted on in an order-independent launch (#1), then in one
 * where each group also writes the count it took (#3); read back after each. */
static int programScopeCounter(void) {
  App app = appFromSource(kCounterSource, "-cl-std=CL3.0", "count_groups");
  cl_int err;
  cl_kernel read = clCreateKernel(app.program, "read_counter", &err);
  check(err, "clCreateKernel");
  countGroups(&app, read, 0);
  countGroups(&app, read, 1);
  clReleaseKernel(read);
  appRelease(&app);
  return 0;
}

static int lastGroupImage(void) {
  App app = appFromSource(kImageSource, "", "last_group");
  cl_int err;
  const cl_image_format format = {CL_RGBA, CL_UNSIGNED_INT32};
  cl_image_desc desc = {0};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = 4;
  desc.image_height = 2;
  cl_mem img = clCreateImage(app.context, CL_MEM_WRITE_ONLY, &format, &desc, NULL, &err);
  check(err, "clCreateImage");
  check(clSetKernelArg(app.kernel, 0, sizeof img, &img), "clSetKernelArg");
  const size_t global = 32, local = 8;
  check(clEnqueueNDRangeKernel(app.queue, app.kernel, 1, NULL, &global, &local, 0, NULL, NULL),
        "clEnqueueNDRangeKernel");
  cl_uint texel[4];
  const size_t origin[3] = {1, 1, 0}, region[3] = {1, 1, 1};
  check(clEnqueueReadImage(app.queue, img, CL_TRUE, origin, region, 0, 0, texel, 0, NULL, NULL),
        "clEnqueueReadImage");
  printf("texel (1, 1): %u\n", texel[0]);
  clReleaseMemObject(img);
  appRelease(&app);
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--image") == 0) return lastGroupImage();
  if (argc > 1 && strcmp(argv[1], "--program-scope") == 0) return programScopeCounter();
  if (argc > 1 && strcmp(argv[1], "--uninit") == 0) return firstWrites();
  const int fixed = argc > 1 && strcmp(argv[1], "--fixed") == 0;
  const int repeat = argc > 2 && strcmp(argv[1], "--repeat") == 0 ? atoi(argv[2]) : 1;
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
  for (int r = 0; r < repeat; ++r) {
    if (r > 0)
      check(clEnqueueWriteBuffer(app.queue, counter, CL_TRUE, 0, sizeof(int), zeros, 0, NULL, NULL),
            "clEnqueueWriteBuffer");
    check(clEnqueueNDRangeKernel(app.queue, app.kernel, 1, NULL, &global, &local, 0, NULL, NULL),
          "clEnqueueNDRangeKernel");
  }
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
