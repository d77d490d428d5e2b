/* Kernels (OpenCL API §5.9, §5.10): arguments of every kind and their errors,
 * kernel, argument, work-group and sub-group queries, cloning, and NDRange
 * launches with offsets, chosen and required work-group sizes, non-uniform
 * work-groups, tasks and native kernels. */
#include "harness.h"

static const char *kSource =
    "typedef struct { int a; float b; char c; } Pair;\n"
    "__kernel __attribute__((reqd_work_group_size(4, 1, 1))) "
    "__attribute__((vec_type_hint(float4)))\n"
    "void fixed(__global int *out) { out[get_global_id(0)] = get_local_size(0); }\n"
    "__kernel void args(__global int *out, __constant int *table, __local int *scratch,\n"
    "                   int4 v, float3 w, Pair p, __global const volatile int *restrict maybe) {\n"
    "  int i = get_local_id(0);\n"
    "  scratch[i] = table[i] + v.y;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  out[get_global_id(0)] = scratch[(i + 1) % get_local_size(0)] + p.a + (int)w.z + (maybe ? "
    "1000 : 0);\n"
    "}\n"
    "__kernel void where(__global uint *out) {\n"
    "  size_t i = get_global_id(0) - get_global_offset(0);\n"
    "  out[2 * i] = get_global_id(0);\n"
    "  out[2 * i + 1] = get_local_size(0);\n"
    "}\n"
    "__kernel void grid(__global uint *out, uint width) {\n"
    "  out[get_global_id(1) * width + get_global_id(0)] = get_global_id(0) + 100 * "
    "get_global_id(1);\n"
    "}\n"
    "__kernel void big_local(__global int *out) {\n"
    "  __local int huge[20000];\n"
    "  huge[get_local_id(0)] = 1;\n"
    "  out[0] = huge[0];\n"
    "}\n";

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;
static cl_program program;

static cl_kernel create(const char *name) {
  cl_int err;
  cl_kernel k = clCreateKernel(program, name, &err);
  OK(err);
  return k;
}

typedef struct {
  cl_int a;
  cl_float b;
  cl_char c;
} Pair;

static void arguments(void) {
  cl_kernel k = create("args");
  cl_int err;
  int tableData[8] = {10, 20, 30, 40, 50, 60, 70, 80};
  cl_mem out = clCreateBuffer(context, 0, 8 * sizeof(int), NULL, &err);
  cl_mem table = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof tableData,
                                tableData, &err);
  cl_int4 v = {{1, 2, 3, 4}};
  cl_float3 w = {{0, 0, 5, 0}};
  Pair p = {100, 0.5f, 1};
  size_t n = 8;
  EXPECT_ERR(CL_INVALID_KERNEL_ARGS,
             clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, &n, 0, NULL, NULL));
  OK(clSetKernelArg(k, 0, sizeof out, &out));
  OK(clSetKernelArg(k, 1, sizeof table, &table));
  OK(clSetKernelArg(k, 2, 8 * sizeof(int), NULL));
  OK(clSetKernelArg(k, 3, sizeof v, &v));
  OK(clSetKernelArg(k, 4, sizeof w, &w)); /* a float3 takes a float4's size */
  OK(clSetKernelArg(k, 5, sizeof p, &p));
  OK(clSetKernelArg(k, 6, sizeof(cl_mem), NULL)); /* a NULL pointer */
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, &n, 0, NULL, NULL));
  int back[8];
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  for (int i = 0; i < 8; ++i) CHECK(back[i] == tableData[(i + 1) % 8] + 2 + 100 + 5);
  OK(clSetKernelArg(k, 6, sizeof table, &table)); /* now not NULL */
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, &n, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  CHECK(back[0] == 20 + 2 + 100 + 5 + 1000);

  /* OpenCL API §5.9.2 errors. */
  EXPECT_ERR(CL_INVALID_ARG_INDEX, clSetKernelArg(k, 7, sizeof out, &out));
  EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 0, 4, &out));
  cl_mem bogus = (cl_mem)back;
  EXPECT_ERR(CL_INVALID_MEM_OBJECT, clSetKernelArg(k, 0, sizeof bogus, &bogus));
  EXPECT_ERR(CL_INVALID_ARG_VALUE, clSetKernelArg(k, 2, 16, &v));
  EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 2, 0, NULL));
  EXPECT_ERR(CL_INVALID_ARG_VALUE, clSetKernelArg(k, 3, sizeof v, NULL));
  EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 3, 8, &v));
  EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 5, sizeof p - 4, &p));
  cl_context other = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  cl_mem foreign = clCreateBuffer(other, 0, 64, NULL, &err);
  EXPECT_ERR(CL_INVALID_MEM_OBJECT, clSetKernelArg(k, 0, sizeof foreign, &foreign));
  OK(clReleaseMemObject(foreign));
  OK(clReleaseContext(other));

  /* A clone has the same arguments and then its own. */
  cl_kernel copy = clCloneKernel(k, &err);
  OK(err);
  int zero = 0;
  cl_mem out2 = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, 8 * sizeof(int), back, &err);
  OK(clSetKernelArg(copy, 0, sizeof out2, &out2));
  (void)zero;
  OK(clEnqueueNDRangeKernel(queue, copy, 1, NULL, &n, &n, 0, NULL, NULL));
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, &n, 0, NULL, NULL));
  int back2[8];
  OK(clEnqueueReadBuffer(queue, out2, CL_TRUE, 0, sizeof back2, back2, 0, NULL, NULL));
  CHECK(back2[3] == back[3]);
  OK(clReleaseKernel(copy));

  /* Queries. */
  char text[256];
  cl_uint count = 0;
  OK(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof text, text, NULL));
  CHECK(strcmp(text, "args") == 0);
  OK(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof count, &count, NULL));
  CHECK(count == 7);
  cl_program owner;
  OK(clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof owner, &owner, NULL));
  CHECK(owner == program);
  cl_kernel_arg_address_qualifier address;
  OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof address, &address, NULL));
  CHECK(address == CL_KERNEL_ARG_ADDRESS_CONSTANT);
  OK(clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof address, &address, NULL));
  CHECK(address == CL_KERNEL_ARG_ADDRESS_LOCAL);
  OK(clGetKernelArgInfo(k, 3, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof address, &address, NULL));
  CHECK(address == CL_KERNEL_ARG_ADDRESS_PRIVATE);
  OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof text, text, NULL));
  CHECK(strcmp(text, "out") == 0);
  OK(clGetKernelArgInfo(k, 3, CL_KERNEL_ARG_TYPE_NAME, sizeof text, text, NULL));
  CHECK(strcmp(text, "int4") == 0);
  OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof text, text, NULL));
  CHECK(strcmp(text, "int*") == 0);
  cl_kernel_arg_type_qualifier qualifier = 0;
  OK(clGetKernelArgInfo(k, 6, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof qualifier, &qualifier, NULL));
  CHECK(qualifier ==
        (CL_KERNEL_ARG_TYPE_CONST | CL_KERNEL_ARG_TYPE_VOLATILE | CL_KERNEL_ARG_TYPE_RESTRICT));
  OK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof qualifier, &qualifier, NULL));
  CHECK(qualifier == CL_KERNEL_ARG_TYPE_CONST); /* __constant */
  OK(clGetKernelArgInfo(k, 3, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof qualifier, &qualifier, NULL));
  CHECK(qualifier == CL_KERNEL_ARG_TYPE_NONE);
  cl_kernel_arg_access_qualifier access;
  OK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof access, &access, NULL));
  CHECK(access == CL_KERNEL_ARG_ACCESS_NONE);
  EXPECT_ERR(CL_INVALID_ARG_INDEX,
             clGetKernelArgInfo(k, 7, CL_KERNEL_ARG_NAME, sizeof text, text, NULL));
  cl_ulong local = 0;
  OK(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local, &local, NULL));
  CHECK(local == 8 * sizeof(int));
  size_t wg = 0, multiple = 0, compiled[3] = {9, 9, 9};
  OK(clGetKernelWorkGroupInfo(k, NULL, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL));
  OK(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                              sizeof multiple, &multiple, NULL));
  OK(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof compiled,
                              compiled, NULL));
  CHECK(wg == 1024 && multiple == 32 && compiled[0] == 0 && compiled[2] == 0);
  cl_ulong privateBytes = 0;
  OK(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof privateBytes,
                              &privateBytes, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clGetKernelWorkGroupInfo(k, device, CL_KERNEL_GLOBAL_WORK_SIZE,
                                                        sizeof compiled, compiled, NULL));

  /* Sub-groups are the executor's warps of 32 work-items. */
  size_t localSize[2] = {8, 10}, result = 0;
  OK(clGetKernelSubGroupInfo(k, device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof localSize,
                             localSize, sizeof result, &result, NULL));
  CHECK(result == 32);
  OK(clGetKernelSubGroupInfo(k, device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, sizeof localSize,
                             localSize, sizeof result, &result, NULL));
  CHECK(result == 3);
  size_t wanted = 2, sizes[3];
  OK(clGetKernelSubGroupInfo(k, device, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof wanted,
                             &wanted, sizeof sizes, sizes, NULL));
  CHECK(sizes[0] == 64 && sizes[1] == 1 && sizes[2] == 1);
  OK(clGetKernelSubGroupInfo(k, device, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof result,
                             &result, NULL));
  CHECK(result == 32);
  EXPECT_ERR(CL_INVALID_VALUE,
             clGetKernelSubGroupInfo(k, device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, 0, NULL,
                                     sizeof result, &result, NULL));
  clGetKernelSubGroupInfoKHR_fn khr =
      (clGetKernelSubGroupInfoKHR_fn)clGetExtensionFunctionAddressForPlatform(
          NULL, "clGetKernelSubGroupInfoKHR");
  (void)khr;

  OK(clReleaseKernel(k));
  OK(clReleaseMemObject(out));
  OK(clReleaseMemObject(out2));
  OK(clReleaseMemObject(table));
}

static void ranges(void) {
  cl_int err;
  cl_mem out = clCreateBuffer(context, 0, 4096 * sizeof(cl_uint), NULL, &err);
  cl_uint back[4096];
  cl_kernel where = create("where");
  OK(clSetKernelArg(where, 0, sizeof out, &out));

  /* Offsets shift global ids. */
  size_t offset = 1000, n = 64, local = 16;
  OK(clEnqueueNDRangeKernel(queue, where, 1, &offset, &n, &local, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, 2 * n * sizeof(cl_uint), back, 0, NULL, NULL));
  CHECK(back[0] == 1000 && back[126] == 1063 && back[1] == 16);

  /* No local size: spvsim picks a uniform one. */
  n = 96;
  OK(clEnqueueNDRangeKernel(queue, where, 1, NULL, &n, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, 2 * n * sizeof(cl_uint), back, 0, NULL, NULL));
  CHECK(back[1] > 0 && 96 % back[1] == 0 && back[190] == 95);

  /* Non-uniform work-groups need OpenCL C 3.0 (or IL); with OpenCL C 1.2 they are refused. */
  n = 10;
  local = 4;
  EXPECT_ERR(CL_INVALID_WORK_GROUP_SIZE,
             clEnqueueNDRangeKernel(queue, where, 1, NULL, &n, &local, 0, NULL, NULL));
  cl_program cl3 = buildSource(context, device,
                               "__kernel void where(__global uint *out) {\n"
                               "  out[2 * get_global_id(0)] = get_global_id(0);\n"
                               "  out[2 * get_global_id(0) + 1] = get_local_size(0);\n"
                               "}\n",
                               "-cl-std=CL3.0");
  cl_kernel whereCl3 = clCreateKernel(cl3, "where", &err);
  OK(clSetKernelArg(whereCl3, 0, sizeof out, &out));
  OK(clEnqueueNDRangeKernel(queue, whereCl3, 1, NULL, &n, &local, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, 2 * n * sizeof(cl_uint), back, 0, NULL, NULL));
  CHECK(back[1] == 4 && back[15] == 4 && back[17] == 2 && back[18] == 9);
  OK(clReleaseKernel(whereCl3));
  cl_program uniform =
      buildSource(context, device, "__kernel void where(__global uint *out) { out[0] = 1; }\n",
                  "-cl-std=CL3.0 -cl-uniform-work-group-size");
  cl_kernel uniformKernel = clCreateKernel(uniform, "where", &err);
  OK(clSetKernelArg(uniformKernel, 0, sizeof out, &out));
  EXPECT_ERR(CL_INVALID_WORK_GROUP_SIZE,
             clEnqueueNDRangeKernel(queue, uniformKernel, 1, NULL, &n, &local, 0, NULL, NULL));
  OK(clReleaseKernel(uniformKernel));
  OK(clReleaseProgram(uniform));
  OK(clReleaseProgram(cl3));

  /* Two dimensions. */
  cl_kernel grid = create("grid");
  cl_uint width = 40;
  size_t global2[2] = {40, 30}, local2[2] = {8, 5};
  OK(clSetKernelArg(grid, 0, sizeof out, &out));
  OK(clSetKernelArg(grid, 1, sizeof width, &width));
  OK(clEnqueueNDRangeKernel(queue, grid, 2, NULL, global2, local2, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, 1200 * sizeof(cl_uint), back, 0, NULL, NULL));
  CHECK(back[0] == 0 && back[39] == 39 && back[29 * 40 + 7] == 2907);

  /* Required work-group size (reqd_work_group_size(4, 1, 1)). */
  cl_kernel fixed = create("fixed");
  OK(clSetKernelArg(fixed, 0, sizeof out, &out));
  size_t compiled[3];
  OK(clGetKernelWorkGroupInfo(fixed, device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof compiled,
                              compiled, NULL));
  CHECK(compiled[0] == 4 && compiled[1] == 1 && compiled[2] == 1);
  char attributes[128];
  OK(clGetKernelInfo(fixed, CL_KERNEL_ATTRIBUTES, sizeof attributes, attributes, NULL));
  CHECK(strstr(attributes, "reqd_work_group_size(4,1,1)") != NULL);
  CHECK(strstr(attributes, "vec_type_hint(float4)") != NULL);
  n = 8;
  local = 8;
  EXPECT_ERR(CL_INVALID_WORK_GROUP_SIZE,
             clEnqueueNDRangeKernel(queue, fixed, 1, NULL, &n, &local, 0, NULL, NULL));
  OK(clEnqueueNDRangeKernel(queue, fixed, 1, NULL, &n, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, 8 * sizeof(cl_uint), back, 0, NULL, NULL));
  CHECK(back[0] == 4 && back[7] == 4);

  /* A task is one work-item. */
  EXPECT_ERR(CL_INVALID_WORK_GROUP_SIZE, clEnqueueTask(queue, fixed, 0, NULL, NULL));
  OK(clEnqueueTask(queue, where, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, 2 * sizeof(cl_uint), back, 0, NULL, NULL));
  CHECK(back[0] == 0 && back[1] == 1);

  /* An empty range succeeds without running. */
  back[0] = 77;
  OK(clEnqueueWriteBuffer(queue, out, CL_TRUE, 0, sizeof(cl_uint), back, 0, NULL, NULL));
  n = 0;
  OK(clEnqueueNDRangeKernel(queue, where, 1, NULL, &n, NULL, 0, NULL, NULL));
  OK(clEnqueueNDRangeKernel(queue, where, 1, NULL, NULL, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof(cl_uint), back, 0, NULL, NULL));
  CHECK(back[0] == 77);

  /* Errors of OpenCL API §5.10. */
  n = 64;
  local = 64;
  EXPECT_ERR(CL_INVALID_WORK_DIMENSION,
             clEnqueueNDRangeKernel(queue, where, 0, NULL, &n, NULL, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_WORK_DIMENSION,
             clEnqueueNDRangeKernel(queue, where, 4, NULL, &n, NULL, 0, NULL, NULL));
  size_t tooBig = 2048, huge[1] = {(size_t)-1};
  EXPECT_ERR(CL_INVALID_WORK_ITEM_SIZE,
             clEnqueueNDRangeKernel(queue, where, 1, NULL, &tooBig, &tooBig, 0, NULL, NULL));
  size_t global3[3] = {64, 64, 1}, local3[3] = {64, 32, 1};
  EXPECT_ERR(CL_INVALID_WORK_GROUP_SIZE,
             clEnqueueNDRangeKernel(queue, grid, 3, NULL, global3, local3, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_GLOBAL_OFFSET,
             clEnqueueNDRangeKernel(queue, where, 1, huge, &n, NULL, 0, NULL, NULL));
  cl_kernel bigLocal = create("big_local");
  OK(clSetKernelArg(bigLocal, 0, sizeof out, &out));
  EXPECT_ERR(CL_OUT_OF_RESOURCES,
             clEnqueueNDRangeKernel(queue, bigLocal, 1, NULL, &n, NULL, 0, NULL, NULL));
  OK(clReleaseKernel(bigLocal));
  cl_context other = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  cl_command_queue otherQueue = clCreateCommandQueueWithProperties(other, device, NULL, &err);
  EXPECT_ERR(CL_INVALID_CONTEXT,
             clEnqueueNDRangeKernel(otherQueue, where, 1, NULL, &n, NULL, 0, NULL, NULL));
  OK(clReleaseCommandQueue(otherQueue));
  OK(clReleaseContext(other));
  OK(clReleaseKernel(fixed));
  OK(clReleaseKernel(grid));
  OK(clReleaseKernel(where));
  OK(clReleaseMemObject(out));
}

static void CL_CALLBACK nativeKernel(void *args) {
  struct {
    int *data;
    int n;
  } *a = args;
  for (int i = 0; i < a->n; ++i) a->data[i] += 100;
}

static void nativeKernels(void) {
  cl_int err;
  int host[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  cl_mem buffer = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, sizeof host, host, &err);
  struct {
    cl_mem data;
    int n;
  } args = {buffer, 8};
  const void *location = &args.data;
  OK(clEnqueueNativeKernel(queue, nativeKernel, &args, sizeof args, 1, &buffer, &location, 0, NULL,
                           NULL));
  int back[8];
  OK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  CHECK(back[0] == 101 && back[7] == 108);
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueNativeKernel(queue, NULL, &args, sizeof args, 0, NULL, NULL, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clEnqueueNativeKernel(queue, nativeKernel, &args, 0, 0, NULL, NULL, 0, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueNativeKernel(queue, nativeKernel, &args, sizeof args, 1,
                                                     NULL, &location, 0, NULL, NULL));
  const void *outside = &args + 1;
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueNativeKernel(queue, nativeKernel, &args, sizeof args, 1,
                                                     &buffer, &outside, 0, NULL, NULL));
  OK(clReleaseMemObject(buffer));
}

/* Sampler arguments: a wrong size is CL_INVALID_ARG_SIZE first (OpenCL API §5.9.2), also
 * when the module records the source's type name (sampler_t); a NULL sampler is invalid.
 * (tests/runtime/image_kernels.c has samplers and images as arguments.) */
static void samplerArguments(void) {
  const char *source = "__kernel void with_sampler(__global int *out, sampler_t s) { out[0] = 1; "
                       "}\n";
  cl_program p = buildSource(context, device, source, "");
  cl_int err;
  cl_kernel k = clCreateKernel(p, "with_sampler", &err);
  OK(err);
  cl_sampler sampler = NULL;
  EXPECT_ERR(CL_INVALID_SAMPLER, clSetKernelArg(k, 1, sizeof sampler, &sampler));
  EXPECT_ERR(CL_INVALID_SAMPLER, clSetKernelArg(k, 1, sizeof sampler, NULL));
  EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 1, sizeof sampler + 1, &sampler));
  sampler = clCreateSampler(context, CL_TRUE, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR, &err);
  OK(err);
  OK(clSetKernelArg(k, 1, sizeof sampler, &sampler));
  EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 1, sizeof sampler + 1, &sampler));
  OK(clReleaseSampler(sampler));
  OK(clReleaseKernel(k));
  OK(clReleaseProgram(p));
}

int main(void) {
  spvsimContext(&device, &context, &queue);
  program = buildSource(context, device, kSource, "-cl-kernel-arg-info");
  arguments();
  ranges();
  nativeKernels();
  samplerArguments();
  OK(clReleaseProgram(program));
  OK(clReleaseCommandQueue(queue));
  OK(clReleaseContext(context));
  return finish("kernels");
}
