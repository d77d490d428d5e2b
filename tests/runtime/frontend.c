/* OpenCL C through the runtime's in-process front end: kernels for which clang 15 at
 * -O2 emits what llvm-spirv 15 cannot translate (`freeze` from div/rem pairs), __local
 * arrays with -g at -O2 (an llvm-spirv 15 abort on their debug expressions), each built
 * with "", -cl-opt-disable, -g and -g -cl-opt-disable and compared with the expected
 * results; build logs and option errors; kernels the SPIR-V translator ends its process
 * on; memmove; C++ for OpenCL and cl_ext_cxx_for_opencl. */
#include "harness.h"

static const char *kSource =
    "__kernel void divrem(__global int *q, __global int *r, __global const int *x, int y) {\n"
    "  int i = get_global_id(0);\n"
    "  int v = x[i];\n"
    "  q[i] = v / y;\n"
    "  r[i] = v % y;\n"
    "}\n"
    "__kernel void udivrem(__global uint *q, __global const uint *x, __global const uint *y) {\n"
    "  int i = get_global_id(0);\n"
    "  uint a = x[i], b = y[i];\n"
    "  q[i] = (a / b) * 1000 + a % b;\n"
    "}\n"
    "__kernel void tile_sum(__global float *out, __global const float *in) {\n"
    "  __local float tile[16];\n"
    "  int l = get_local_id(0);\n"
    "  tile[l] = in[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  float s = 0;\n"
    "  for (int i = 0; i < 16; ++i) s += tile[i];\n"
    "  out[get_global_id(0)] = s;\n"
    "}\n";

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

static cl_mem buffer(size_t size, void *data) {
  cl_int err;
  cl_mem m = clCreateBuffer(context, data ? CL_MEM_COPY_HOST_PTR : 0, size, data, &err);
  REQUIRE(err == CL_SUCCESS);
  return m;
}

static void run(const char *options) {
  cl_program program = buildSource(context, device, kSource, options);
  cl_int err;
  enum { N = 32 };
  size_t n = N, local = 16;

  int x[N], q[N], r[N];
  for (int i = 0; i < N; ++i) x[i] = (i - 16) * 37 + 5;
  cl_mem bx = buffer(sizeof x, x), bq = buffer(sizeof q, NULL), br = buffer(sizeof r, NULL);
  cl_kernel k = clCreateKernel(program, "divrem", &err);
  OK(err);
  for (int y = -7; y <= 9; y += 4) {
    OK(clSetKernelArg(k, 0, sizeof bq, &bq));
    OK(clSetKernelArg(k, 1, sizeof br, &br));
    OK(clSetKernelArg(k, 2, sizeof bx, &bx));
    OK(clSetKernelArg(k, 3, sizeof y, &y));
    OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, NULL, 0, NULL, NULL));
    OK(clEnqueueReadBuffer(queue, bq, CL_TRUE, 0, sizeof q, q, 0, NULL, NULL));
    OK(clEnqueueReadBuffer(queue, br, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL));
    for (int i = 0; i < N; ++i) CHECK(q[i] == x[i] / y && r[i] == x[i] % y);
  }
  clReleaseKernel(k);

  cl_uint ux[N], uy[N], uq[N];
  for (int i = 0; i < N; ++i) {
    ux[i] = 4000000000u - (cl_uint)i * 123457u;
    uy[i] = (cl_uint)i * 7u + 3u;
  }
  cl_mem bux = buffer(sizeof ux, ux), buy = buffer(sizeof uy, uy), buq = buffer(sizeof uq, NULL);
  k = clCreateKernel(program, "udivrem", &err);
  OK(err);
  OK(clSetKernelArg(k, 0, sizeof buq, &buq));
  OK(clSetKernelArg(k, 1, sizeof bux, &bux));
  OK(clSetKernelArg(k, 2, sizeof buy, &buy));
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, buq, CL_TRUE, 0, sizeof uq, uq, 0, NULL, NULL));
  for (int i = 0; i < N; ++i) CHECK(uq[i] == (ux[i] / uy[i]) * 1000u + ux[i] % uy[i]);
  clReleaseKernel(k);

  float in[N], out[N];
  for (int i = 0; i < N; ++i) in[i] = (float)(i * i % 11);
  cl_mem bin = buffer(sizeof in, in), bout = buffer(sizeof out, NULL);
  k = clCreateKernel(program, "tile_sum", &err);
  OK(err);
  OK(clSetKernelArg(k, 0, sizeof bout, &bout));
  OK(clSetKernelArg(k, 1, sizeof bin, &bin));
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, &local, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, bout, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
  for (int i = 0; i < N; ++i) {
    float expected = 0;
    for (int j = 0; j < 16; ++j) expected += in[i / 16 * 16 + j];
    CHECK(out[i] == expected);
  }
  clReleaseKernel(k);

  cl_mem all[] = {bx, bq, br, bux, buy, buq, bin, bout};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) clReleaseMemObject(all[i]);
  clReleaseProgram(program);
}

static void logs(void) {
  const char *bad = "__kernel void k(__global int *a) {\n  a[0] = missing;\n}\n";
  cl_int err;
  cl_program p = clCreateProgramWithSource(context, 1, &bad, NULL, &err);
  OK(err);
  EXPECT_ERR(CL_BUILD_PROGRAM_FAILURE, clBuildProgram(p, 1, &device, "-DX=1", NULL, NULL));
  char log[8192] = {0};
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL));
  CHECK(strstr(log, "input.cl:2:10: error: use of undeclared identifier 'missing'") != NULL);
  CHECK(strstr(log, "-DX=1") != NULL); /* the options, in the log */
  EXPECT_ERR(CL_INVALID_BUILD_OPTIONS, clBuildProgram(p, 1, &device, "-fno-such", NULL, NULL));
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL));
  CHECK(strstr(log, "-fno-such") != NULL);
  /* LLVM's options are the process's: refused, the option and why named in the log. */
  EXPECT_ERR(CL_INVALID_BUILD_OPTIONS,
             clBuildProgram(p, 1, &device, "-mllvm -unroll-threshold=4", NULL, NULL));
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL));
  CHECK(strstr(log, "option '-mllvm -unroll-threshold=4' is not supported: LLVM's own options") !=
        NULL);
  clReleaseProgram(p);
}

/* Kernels on which the SPIR-V translator ends its process (exit() after "LLVM ERROR:
 * Unsupported vector type", abort() on an assertion, a crash on inline assembly): each is a
 * build failure with a log saying why, this program goes on, and builds still work. */
static void translatorEndings(void) {
  const char *sources[] = {"typedef int int32v __attribute__((ext_vector_type(32)));\n"
                           "__kernel void k(__global int32v *a) { a[0] = a[1] + a[2]; }\n",
                           "typedef int int5 __attribute__((ext_vector_type(5)));\n"
                           "__kernel void k(__global int *a) {\n"
                           "  int5 v = (int5)(a[0], a[1], a[2], a[3], a[4]);\n  v = v * v;\n"
                           "  a[0] = v.s0 + v.s4;\n}\n",
                           "__kernel void k(__global int *a) {\n  int v;\n"
                           "  __asm__ volatile(\"mov %0, 1\" : \"=r\"(v));\n  a[0] = v;\n}\n"};
  const char *expected[] = {"Unsupported vector type with 32 elements",
                            "error: the SPIR-V translator crashed",
                            "input.cl:3: error: inline assembly"};
  for (int i = 0; i < 3; ++i) {
    cl_int err;
    cl_program p = clCreateProgramWithSource(context, 1, &sources[i], NULL, &err);
    OK(err);
    EXPECT_ERR(CL_BUILD_PROGRAM_FAILURE, clBuildProgram(p, 1, &device, "", NULL, NULL));
    char log[8192] = {0};
    OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL));
    CHECK(strstr(log, expected[i]) != NULL);
    cl_build_status status;
    OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, sizeof status, &status, NULL));
    CHECK(status == CL_BUILD_ERROR);
    clReleaseProgram(p);
  }
  run("");
}

/* memmove between address spaces and within one, overlapping both ways: the translator
 * kept llvm.memmove as a call of an undefined function (PyOpenCL's key-value sorter). */
static void memmoves(const char *options) {
  const char *source = "kernel void k(global int *g, global int *out, int shift) {\n"
                       "  local int l[16];\n"
                       "  int p[8];\n"
                       "  if (get_local_id(0) == 0) __builtin_memmove(l, g, sizeof l);\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                       "  out[get_local_id(0)] = l[15 - get_local_id(0)];\n"
                       "  for (int i = 0; i < 8; ++i) p[i] = i;\n"
                       "  __builtin_memmove(p + 1, p, 4 * sizeof(int));\n"
                       "  __builtin_memmove(p + 5, p + 6, 2 * sizeof(int));\n"
                       "  out[16 + get_local_id(0) % 8] = p[get_local_id(0) % 8];\n"
                       "  barrier(CLK_GLOBAL_MEM_FENCE);\n"
                       "  if (get_global_id(0) == 0) {\n"
                       "    if (shift > 0) __builtin_memmove(g + shift, g, 8 * sizeof(int));\n"
                       "    else __builtin_memmove(g, g - shift, 8 * sizeof(int));\n"
                       "  }\n"
                       "}\n";
  cl_program program = buildSource(context, device, source, options);
  cl_int err;
  cl_kernel k = clCreateKernel(program, "k", &err);
  OK(err);
  for (int shift = -3; shift <= 3; shift += 6) {
    int g[24], out[24];
    for (int i = 0; i < 24; ++i) g[i] = 100 + i;
    cl_mem bg = buffer(sizeof g, g), bout = buffer(sizeof out, NULL);
    cl_mem bgs = bg;
    OK(clSetKernelArg(k, 0, sizeof bg, &bgs));
    OK(clSetKernelArg(k, 1, sizeof bout, &bout));
    OK(clSetKernelArg(k, 2, sizeof shift, &shift));
    size_t n = 16;
    OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, &n, 0, NULL, NULL));
    int g2[24];
    OK(clEnqueueReadBuffer(queue, bout, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    OK(clEnqueueReadBuffer(queue, bg, CL_TRUE, 0, sizeof g2, g2, 0, NULL, NULL));
    for (int i = 0; i < 16; ++i) CHECK(out[i] == 100 + 15 - i);
    const int p[8] = {0, 0, 1, 2, 3, 6, 7, 7};
    for (int i = 0; i < 8; ++i) CHECK(out[16 + i] == p[i]);
    int expected[24];
    for (int i = 0; i < 24; ++i) expected[i] = 100 + i;
    memmove(shift > 0 ? expected + shift : expected, shift > 0 ? expected : expected - shift,
            8 * sizeof(int));
    for (int i = 0; i < 24; ++i) CHECK(g2[i] == expected[i]);
    clReleaseMemObject(bg);
    clReleaseMemObject(bout);
  }
  clReleaseKernel(k);
  clReleaseProgram(program);
}

/* C++ for OpenCL (-cl-std=CLC++2021): templates and references in a kernel. */
static void cxx(void) {
  const char *source = "template <typename T> T twice(const T &v) { return v + v; }\n"
                       "__kernel void k(__global int *a, __global float *b) {\n"
                       "  a[get_global_id(0)] = twice(a[get_global_id(0)]);\n"
                       "  b[get_global_id(0)] = twice(b[get_global_id(0)]);\n"
                       "}\n";
  cl_program program = buildSource(context, device, source, "-cl-std=CLC++2021");
  cl_int err;
  cl_kernel k = clCreateKernel(program, "k", &err);
  OK(err);
  int a[4] = {1, -2, 30, 400};
  float b[4] = {0.5f, 1.5f, -2.0f, 8.0f};
  cl_mem ba = buffer(sizeof a, a), bb = buffer(sizeof b, b);
  OK(clSetKernelArg(k, 0, sizeof ba, &ba));
  OK(clSetKernelArg(k, 1, sizeof bb, &bb));
  size_t n = 4;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, NULL, 0, NULL, NULL));
  int a2[4];
  float b2[4];
  OK(clEnqueueReadBuffer(queue, ba, CL_TRUE, 0, sizeof a2, a2, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, bb, CL_TRUE, 0, sizeof b2, b2, 0, NULL, NULL));
  for (int i = 0; i < 4; ++i) CHECK(a2[i] == 2 * a[i] && b2[i] == 2 * b[i]);
  clReleaseMemObject(ba);
  clReleaseMemObject(bb);
  clReleaseKernel(k);
  clReleaseProgram(program);
}

/* The value of __OPENCL_CPP_VERSION__ in a program compiled with `options` and linked. */
static int cxxVersionMacro(const char *options) {
  const char *source = "__kernel void k(__global int *out) { out[0] = __OPENCL_CPP_VERSION__; }\n";
  cl_int err;
  cl_program object = clCreateProgramWithSource(context, 1, &source, NULL, &err);
  OK(err);
  OK(clCompileProgram(object, 1, &device, options, 0, NULL, NULL, NULL, NULL));
  cl_program program = clLinkProgram(context, 1, &device, "", 1, &object, NULL, NULL, &err);
  OK(err);
  cl_kernel k = clCreateKernel(program, "k", &err);
  OK(err);
  int version = 0;
  cl_mem out = buffer(sizeof version, &version);
  OK(clSetKernelArg(k, 0, sizeof out, &out));
  size_t n = 1;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof version, &version, 0, NULL, NULL));
  clReleaseMemObject(out);
  clReleaseKernel(k);
  clReleaseProgram(program);
  clReleaseProgram(object);
  return version;
}

/* cl_ext_cxx_for_opencl: listed (revision 1.0.0), and the version the device reports is the
 * one -cl-std=CLC++ compiles (major * 100 + minor * 10 + patch = __OPENCL_CPP_VERSION__). */
static void cxxExtension(void) {
  char extensions[4096];
  OK(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof extensions, extensions, NULL));
  CHECK(strstr(extensions, "cl_ext_cxx_for_opencl") != NULL);
  cl_name_version named[128];
  size_t size = 0;
  OK(clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS_WITH_VERSION, sizeof named, named, &size));
  int listed = 0;
  for (size_t i = 0; i < size / sizeof named[0]; ++i)
    if (strcmp(named[i].name, "cl_ext_cxx_for_opencl") == 0)
      listed = named[i].version == CL_MAKE_VERSION(1, 0, 0);
  CHECK(listed);
  cl_version version = 0;
  OK(clGetDeviceInfo(device, CL_DEVICE_CXX_FOR_OPENCL_NUMERIC_VERSION_EXT, sizeof version, &version,
                     NULL));
  CHECK(cxxVersionMacro("-cl-std=CLC++") ==
        (int)(CL_VERSION_MAJOR(version) * 100 + CL_VERSION_MINOR(version) * 10 +
              CL_VERSION_PATCH(version)));
  CHECK(cxxVersionMacro("-cl-std=CLC++2021") == 202100);
}

int main(void) {
  spvsimContext(&device, &context, &queue);
  const char *options[] = {"", "-cl-opt-disable", "-g", "-g -cl-opt-disable", "-g -cl-std=CL3.0"};
  for (size_t i = 0; i < sizeof options / sizeof options[0]; ++i) run(options[i]);
  logs();
  translatorEndings();
  for (size_t i = 0; i < 2; ++i) memmoves(options[i]);
  cxx();
  cxxExtension();
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return finish("frontend");
}
