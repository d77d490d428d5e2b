/* Coarse-grained buffer SVM (OpenCL API §5.6): allocation and its argument
 * checks, map/write/unmap, kernels over SVM pointers (offsets into an
 * allocation too), memcpy and fill, a linked list the host builds with its own
 * addresses across two allocations and a kernel walks, a pointer a kernel
 * stores that the host follows, buffers over SVM memory, out-of-bounds
 * accesses reported without touching the host's memory around them, and the
 * error codes of invalid calls. The kernels are built at -O2, -O0 and -g. */
#include <stdint.h>

#include "harness.h"

static const char *kSource =
    "typedef struct node { __global struct node *next; int value; } node;\n"
    "__kernel void scale(__global int *a, int k) { a[get_global_id(0)] *= k; }\n"
    "__kernel void walk(__global node *head, __global int *out) {\n"
    "  int sum = 0, n = 0;\n"
    "  for (__global node *p = head; p; p = p->next) { sum += p->value; ++n; }\n"
    "  out[0] = sum; out[1] = n;\n"
    "}\n"
    "__kernel void point(__global int *data, __global int *__global *out) {\n"
    "  out[get_global_id(0)] = data + 5 * get_global_id(0);\n"
    "}\n"
    "__kernel void generic_store(__global int *p) {\n"
    "  __generic int *g = p + 1;\n"
    "  __global int *q = to_global(g);\n"
    "  if (q) *q = 7;\n"
    "}\n"
    "__kernel void poke(__global int *a, int index, ulong address) {\n"
    "  if (address) *(__global int *)address = 13; else a[index] = 13;\n"
    "}\n";

static char reportPath[512];

static char *report(void) {
  return reportText(reportPath);
}

static int freedCount = 0;
static void CL_CALLBACK freeThem(cl_command_queue queue, cl_uint n, void *pointers[], void *user) {
  cl_context context = (cl_context)user;
  (void)queue;
  for (cl_uint i = 0; i < n; ++i) clSVMFree(context, pointers[i]);
  freedCount += (int)n;
}

static cl_kernel kernel(cl_program program, const char *name) {
  cl_int err;
  cl_kernel k = clCreateKernel(program, name, &err);
  REQUIRE(err == CL_SUCCESS);
  return k;
}

static void run(cl_command_queue queue, cl_kernel k, size_t n) {
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, NULL, 0, NULL, NULL));
  OK(clFinish(queue));
}

typedef struct node {
  struct node *next;
  int value;
} node;

/* Everything a user of SVM does, with the program built with `options`. */
static void kernels(cl_context context, cl_device_id device, cl_command_queue queue,
                    const char *options) {
  cl_program program = buildSource(context, device, kSource, options);
  cl_kernel scale = kernel(program, "scale"), walk = kernel(program, "walk");
  cl_kernel point = kernel(program, "point"), generic = kernel(program, "generic_store");

  /* Map, write, unmap; a kernel over the whole allocation and one from an offset. */
  int *a = (int *)clSVMAlloc(context, CL_MEM_READ_WRITE, 64 * sizeof(int), 0);
  REQUIRE(a != NULL);
  OK(clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_WRITE, a, 64 * sizeof(int), 0, NULL, NULL));
  for (int i = 0; i < 64; ++i) a[i] = i;
  OK(clEnqueueSVMUnmap(queue, a, 0, NULL, NULL));
  const int k = 3;
  OK(clSetKernelArgSVMPointer(scale, 0, a));
  OK(clSetKernelArg(scale, 1, sizeof k, &k));
  run(queue, scale, 64);
  OK(clSetKernelArgSVMPointer(scale, 0, a + 32));
  run(queue, scale, 32);
  OK(clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, a, 64 * sizeof(int), 0, NULL, NULL));
  CHECK(a[1] == 3 && a[31] == 93 && a[32] == 288 && a[63] == 567);
  OK(clEnqueueSVMUnmap(queue, a, 0, NULL, NULL));

  /* A linked list over two allocations, linked with host addresses. */
  node *first = (node *)clSVMAlloc(context, 0, 3 * sizeof(node), 0);
  node *second = (node *)clSVMAlloc(context, 0, 2 * sizeof(node), 0);
  int *out = (int *)clSVMAlloc(context, 0, 2 * sizeof(int), 0);
  REQUIRE(first && second && out);
  node *order[5] = {&first[2], &second[1], &first[0], &second[0], &first[1]};
  for (int i = 0; i < 5; ++i) {
    order[i]->value = 10 * (i + 1);
    order[i]->next = i + 1 < 5 ? order[i + 1] : NULL;
  }
  OK(clSetKernelArgSVMPointer(walk, 0, order[0]));
  OK(clSetKernelArgSVMPointer(walk, 1, out));
  OK(clSetKernelExecInfo(walk, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof second, &second));
  run(queue, walk, 1);
  CHECK(out[0] == 150 && out[1] == 5);

  /* A kernel stores pointers into SVM memory: the host follows them. */
  int **pointers = (int **)clSVMAlloc(context, 0, 4 * sizeof(int *), 0);
  REQUIRE(pointers != NULL);
  OK(clSetKernelArgSVMPointer(point, 0, a));
  OK(clSetKernelArgSVMPointer(point, 1, pointers));
  run(queue, point, 4);
  CHECK(pointers[0] == a && pointers[3] == a + 15 && *pointers[2] == a[10]);

  /* to_global of a generic pointer into SVM memory is that pointer. */
  OK(clSetKernelArgSVMPointer(generic, 0, out));
  run(queue, generic, 1);
  CHECK(out[1] == 7);

  clSVMFree(context, pointers);
  clSVMFree(context, out);
  clSVMFree(context, second);
  clSVMFree(context, first);
  clSVMFree(context, a);
  clReleaseKernel(scale);
  clReleaseKernel(walk);
  clReleaseKernel(point);
  clReleaseKernel(generic);
  clReleaseProgram(program);
}

int main(void) {
  snprintf(reportPath, sizeof reportPath, "%s/svm-report.json", SPVSIM_TEST_BINARY_DIR);
  remove(reportPath);
  setenv("SPVSIM_REPORT", reportPath, 1);
  setenv("SPVSIM_QUIET", "1", 1); /* the findings below are expected */
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  spvsimContext(&device, &context, &queue);
  cl_int err;

  cl_device_svm_capabilities caps = 0;
  OK(clGetDeviceInfo(device, CL_DEVICE_SVM_CAPABILITIES, sizeof caps, &caps, NULL));
  CHECK(caps == CL_DEVICE_SVM_COARSE_GRAIN_BUFFER);

  /* clSVMAlloc's arguments (OpenCL API §5.6.1): NULL for every invalid one. */
  cl_ulong maxAlloc = 0;
  OK(clGetDeviceInfo(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof maxAlloc, &maxAlloc, NULL));
  CHECK(clSVMAlloc(context, CL_MEM_SVM_FINE_GRAIN_BUFFER, 64, 0) == NULL);
  CHECK(clSVMAlloc(context, CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS, 64, 0) == NULL);
  CHECK(clSVMAlloc(context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, 0) == NULL);
  CHECK(clSVMAlloc(context, CL_MEM_USE_HOST_PTR, 64, 0) == NULL);
  CHECK(clSVMAlloc(context, 0, 0, 0) == NULL);
  CHECK(clSVMAlloc(context, 0, (size_t)maxAlloc + 1, 0) == NULL);
  CHECK(clSVMAlloc(context, 0, 64, 3) == NULL);
  CHECK(clSVMAlloc(context, 0, 64, 256) == NULL);
  CHECK(clSVMAlloc(NULL, 0, 64, 0) == NULL);
  void *aligned = clSVMAlloc(context, 0, 64, 64);
  CHECK(aligned && (uintptr_t)aligned % 64 == 0);
  clSVMFree(context, aligned);
  clSVMFree(context, NULL);

  kernels(context, device, queue, "-cl-std=CL3.0");
  kernels(context, device, queue, "-cl-std=CL3.0 -cl-opt-disable");
  kernels(context, device, queue, "-cl-std=CL3.0 -g");

  /* memcpy and fill, with their events. */
  int *x = (int *)clSVMAlloc(context, 0, 16 * sizeof(int), 0);
  int *y = (int *)clSVMAlloc(context, 0, 16 * sizeof(int), 0);
  REQUIRE(x && y);
  const int pattern[2] = {5, 6};
  cl_event filled, copied;
  OK(clEnqueueSVMMemFill(queue, x, pattern, sizeof pattern, 16 * sizeof(int), 0, NULL, &filled));
  OK(clEnqueueSVMMemcpy(queue, CL_TRUE, y, x, 16 * sizeof(int), 1, &filled, &copied));
  CHECK(y[0] == 5 && y[1] == 6 && y[14] == 5 && y[15] == 6);
  int host[4] = {0};
  OK(clEnqueueSVMMemcpy(queue, CL_TRUE, host, y + 2, sizeof host, 0, NULL, NULL));
  CHECK(host[0] == 5 && host[3] == 6);
  cl_command_type type = 0;
  OK(clGetEventInfo(filled, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_COMMAND_SVM_MEMFILL);
  OK(clGetEventInfo(copied, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_COMMAND_SVM_MEMCPY);
  clReleaseEvent(filled);
  clReleaseEvent(copied);
  EXPECT_ERR(CL_MEM_COPY_OVERLAP, clEnqueueSVMMemcpy(queue, CL_TRUE, x + 1, x, 8, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueSVMMemcpy(queue, CL_TRUE, NULL, x, 8, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueSVMMemFill(queue, x, pattern, 3, 12, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueSVMMemFill(queue, x, pattern, 8, 12, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueSVMMemFill(queue, x, pattern, 4, 128, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, x, 0, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, host, 4, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, x, 4, 0,
                             NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueSVMUnmap(queue, NULL, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueSVMUnmap(NULL, x, 0, NULL, NULL));
  void *none[1] = {x};
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueSVMFree(queue, 0, none, NULL, NULL, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueSVMFree(queue, 1, NULL, NULL, NULL, 0, NULL, NULL));
  const void *migrate[1] = {x};
  const size_t sizes[1] = {16 * sizeof(int)}, tooLarge[1] = {17 * sizeof(int)};
  cl_event migrated;
  OK(clEnqueueSVMMigrateMem(queue, 1, migrate, sizes, CL_MIGRATE_MEM_OBJECT_HOST, 0, NULL,
                            &migrated));
  OK(clGetEventInfo(migrated, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_COMMAND_SVM_MIGRATE_MEM);
  clReleaseEvent(migrated);
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueSVMMigrateMem(queue, 1, migrate, tooLarge, 0, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueSVMMigrateMem(queue, 0, migrate, sizes, 0, 0, NULL, NULL));

  /* A buffer over SVM memory is the SVM memory. */
  cl_mem over = clCreateBuffer(context, CL_MEM_USE_HOST_PTR, 8 * sizeof(int), y + 8, &err);
  OK(err);
  cl_bool usesSvm = CL_FALSE;
  OK(clGetMemObjectInfo(over, CL_MEM_USES_SVM_POINTER, sizeof usesSvm, &usesSvm, NULL));
  CHECK(usesSvm == CL_TRUE);
  int back[2] = {0};
  OK(clEnqueueReadBuffer(queue, over, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  CHECK(back[0] == 5 && back[1] == 6);
  cl_mem plain = clCreateBuffer(context, 0, 16, NULL, &err);
  OK(clGetMemObjectInfo(plain, CL_MEM_USES_SVM_POINTER, sizeof usesSvm, &usesSvm, NULL));
  CHECK(usesSvm == CL_FALSE);

  /* clSetKernelArgSVMPointer and clSetKernelExecInfo (OpenCL API §5.9.2). */
  cl_program program = buildSource(context, device, kSource, "-cl-std=CL3.0");
  cl_kernel scale = kernel(program, "scale"), poke = kernel(program, "poke");
  OK(clSetKernelArgSVMPointer(scale, 0, NULL));
  OK(clSetKernelArgSVMPointer(scale, 0, x + 15));
  EXPECT_ERR(CL_INVALID_ARG_VALUE, clSetKernelArgSVMPointer(scale, 0, host));
  EXPECT_ERR(CL_INVALID_ARG_VALUE, clSetKernelArgSVMPointer(scale, 1, x));
  EXPECT_ERR(CL_INVALID_ARG_INDEX, clSetKernelArgSVMPointer(scale, 2, x));
  EXPECT_ERR(CL_INVALID_KERNEL, clSetKernelArgSVMPointer(NULL, 0, x));
  cl_bool on = CL_TRUE, off = CL_FALSE;
  EXPECT_ERR(CL_INVALID_OPERATION,
             clSetKernelExecInfo(scale, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof on, &on));
  OK(clSetKernelExecInfo(scale, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof off, &off));
  EXPECT_ERR(CL_INVALID_VALUE, clSetKernelExecInfo(scale, CL_KERNEL_EXEC_INFO_SVM_PTRS, 3, &x));
  EXPECT_ERR(CL_INVALID_VALUE, clSetKernelExecInfo(scale, 0x1234, sizeof x, &x));

  /* Out of bounds: one element past a 25-int allocation, and a host address in no
   * allocation. Neither write happens: the bytes after the allocation (its block is
   * larger) and the host's variable keep their values. */
  int *small = (int *)clSVMAlloc(context, 0, 25 * sizeof(int), 0);
  REQUIRE(small != NULL);
  volatile int outside = 99;
  int index = 25;
  cl_ulong address = 0;
  OK(clSetKernelArgSVMPointer(poke, 0, small));
  OK(clSetKernelArg(poke, 1, sizeof index, &index));
  OK(clSetKernelArg(poke, 2, sizeof address, &address));
  run(queue, poke, 1);
  CHECK(small[25] == 0);
  address = (cl_ulong)(uintptr_t)&outside;
  OK(clSetKernelArg(poke, 2, sizeof address, &address));
  run(queue, poke, 1);
  CHECK(outside == 99);
  /* A pointer into an allocation that was freed is in no allocation. */
  address = (cl_ulong)(uintptr_t)(small + 3);
  clSVMFree(context, small);
  OK(clSetKernelArg(poke, 2, sizeof address, &address));
  run(queue, poke, 1);

  /* clEnqueueSVMFree with a callback, and without. */
  void *both[2] = {x, y};
  cl_event freed;
  OK(clEnqueueSVMFree(queue, 2, both, freeThem, context, 0, NULL, &freed));
  OK(clWaitForEvents(1, &freed));
  CHECK(freedCount == 2);
  OK(clGetEventInfo(freed, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_COMMAND_SVM_FREE);
  clReleaseEvent(freed);
  void *last = clSVMAlloc(context, 0, 16, 0);
  OK(clEnqueueSVMFree(queue, 1, &last, NULL, NULL, 0, NULL, NULL));
  OK(clFinish(queue));

  clReleaseMemObject(over);
  clReleaseMemObject(plain);
  clReleaseKernel(scale);
  clReleaseKernel(poke);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);

  /* The findings: the write one past the end names the parameter and the offset; the
   * writes through host addresses in no allocation name the address. */
  const char *text = report();
  CHECK(strstr(text, "write of 4 bytes at offset 100 of global 'a' of 100 bytes") != NULL);
  CHECK(strstr(text, "through a pointer to no allocation (host address 0x") != NULL);
  if (failures) {
    fprintf(stderr, "%s\n", text);
    return 1;
  }
  printf("svm: all checks passed\n");
  return 0;
}
