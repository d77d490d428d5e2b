/* Programs (OpenCL API §5.8): from SPIR-V, OpenCL C (with -D and -I, and the
 * build log of a failure) and binaries; separate compilation with embedded
 * headers, linking and libraries; specialization constants; program-scope
 * variables; and the queries and errors of each. */
#include <sys/stat.h>

#include "harness.h"

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

static cl_program fromIL(const char *file) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", SPVSIM_TEST_KERNELS, file);
  size_t size = 0;
  unsigned char *il = readFile(path, &size);
  cl_int err;
  cl_program p = clCreateProgramWithIL(context, il, size, &err);
  OK(err);
  free(il);
  return p;
}

static cl_program fromSource(const char *source) {
  cl_int err;
  cl_program p = clCreateProgramWithSource(context, 1, &source, NULL, &err);
  OK(err);
  return p;
}

static char *buildLog(cl_program p) {
  static char log[16384];
  log[0] = 0;
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL));
  return log;
}

/* Runs kernel `name` of `p` with one uint buffer of `n` elements over `n` work-items and
 * returns element 0 (and the buffer in `out` when given). */
static cl_uint runUint(cl_program p, const char *name, size_t n, cl_uint *out) {
  cl_int err;
  cl_kernel k = clCreateKernel(p, name, &err);
  OK(err);
  if (!k) return 0xffffffff;
  cl_mem buffer = clCreateBuffer(context, 0, n * sizeof(cl_uint), NULL, &err);
  OK(clEnqueueFillBuffer(queue, buffer, "\0\0\0\0", 4, 0, n * sizeof(cl_uint), 0, NULL, NULL));
  OK(clSetKernelArg(k, 0, sizeof buffer, &buffer));
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, NULL, 0, NULL, NULL));
  cl_uint local[64];
  cl_uint *dst = out ? out : local;
  OK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, (out ? n : 1) * sizeof(cl_uint), dst, 0, NULL,
                         NULL));
  OK(clReleaseMemObject(buffer));
  OK(clReleaseKernel(k));
  return dst[0];
}

static void programsFromIL(void) {
  cl_program p = fromIL("arith.O2.spv");
  cl_build_status status = 99;
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, sizeof status, &status, NULL));
  CHECK(status == CL_BUILD_NONE);
  EXPECT_ERR(CL_INVALID_PROGRAM_EXECUTABLE,
             clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof(size_t), &status, NULL));
  OK(clBuildProgram(p, 1, &device, "-cl-mad-enable", NULL, NULL));
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, sizeof status, &status, NULL));
  CHECK(status == CL_BUILD_SUCCESS);
  char text[256];
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_OPTIONS, sizeof text, text, NULL));
  CHECK(strcmp(text, "-cl-mad-enable") == 0);
  cl_program_binary_type type = 0;
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BINARY_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
  size_t count = 0, size = 0;
  OK(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof count, &count, NULL));
  CHECK(count == 2);
  OK(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof text, text, NULL));
  CHECK(strcmp(text, "axpy;ids") == 0);
  OK(clGetProgramInfo(p, CL_PROGRAM_SOURCE, sizeof text, text, &size));
  CHECK(size == 1 && text[0] == 0);
  char path[512];
  snprintf(path, sizeof path, "%s/arith.O2.spv", SPVSIM_TEST_KERNELS);
  size_t ilSize = 0;
  unsigned char *il = readFile(path, &ilSize);
  OK(clGetProgramInfo(p, CL_PROGRAM_IL, 0, NULL, &size));
  CHECK(size == ilSize);
  unsigned char *back = (unsigned char *)malloc(size);
  OK(clGetProgramInfo(p, CL_PROGRAM_IL, size, back, NULL));
  CHECK(memcmp(back, il, size) == 0);
  free(back);

  /* Kernels: all of them at once, and a rebuild while they exist is refused. */
  cl_kernel kernels[4];
  cl_uint n = 0;
  OK(clCreateKernelsInProgram(p, 4, kernels, &n));
  CHECK(n == 2);
  EXPECT_ERR(CL_INVALID_VALUE, clCreateKernelsInProgram(p, 1, kernels + 2, NULL));
  EXPECT_ERR(CL_INVALID_OPERATION, clBuildProgram(p, 1, &device, NULL, NULL, NULL));
  cl_int err;
  CHECK(clCreateKernel(p, "nope", &err) == NULL);
  EXPECT_ERR(CL_INVALID_KERNEL_NAME, err);
  CHECK(clCreateKernel(p, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  OK(clReleaseKernel(kernels[0]));
  OK(clReleaseKernel(kernels[1]));
  OK(clBuildProgram(p, 0, NULL, NULL, NULL, NULL));
  OK(clReleaseProgram(p));

  /* Not SPIR-V. */
  CHECK(clCreateProgramWithIL(context, "not spir-v at all", 16, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  CHECK(clCreateProgramWithIL(context, il, 0, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  CHECK(clCreateProgramWithIL(context, NULL, 16, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  free(il);

  /* A module OpenCL's environment rejects fails to build, with the validator's findings. */
  p = fromIL("invalid.spv");
  EXPECT_ERR(CL_BUILD_PROGRAM_FAILURE, clBuildProgram(p, 1, &device, NULL, NULL, NULL));
  CHECK(strstr(buildLog(p), "error[validation") != NULL);
  OK(clReleaseProgram(p));

  /* Well-formed IL for a device with pipes and device-side enqueue: created, but it does
   * not build for this OpenCL 3.0 device, whose log names both capabilities and why
   * (OpenCL-Env §3.1). */
  p = fromIL("pipes.spv");
  EXPECT_ERR(CL_BUILD_PROGRAM_FAILURE, clBuildProgram(p, 1, &device, NULL, NULL, NULL));
  CHECK(strstr(buildLog(p), "capability Pipes is not supported") != NULL);
  CHECK(strstr(buildLog(p), "CL_DEVICE_PIPE_SUPPORT") != NULL);
  CHECK(strstr(buildLog(p), "capability DeviceEnqueue is not supported") != NULL);
  cl_build_status buildStatus = CL_BUILD_NONE;
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, sizeof buildStatus, &buildStatus,
                           NULL));
  CHECK(buildStatus == CL_BUILD_ERROR);
  OK(clReleaseProgram(p));
}

static void specializationConstants(void) {
  cl_program p = fromIL("spec_constants.spv");
  OK(clBuildProgram(p, 1, &device, NULL, NULL, NULL));
  CHECK(runUint(p, "spec", 1, NULL) == 7); /* the defaults */
  cl_uint value = 42;
  cl_bool flag = CL_FALSE;
  OK(clSetProgramSpecializationConstant(p, 5, sizeof value, &value));
  OK(clBuildProgram(p, 1, &device, NULL, NULL, NULL));
  CHECK(runUint(p, "spec", 1, NULL) == 42);
  unsigned char byte = 0;
  OK(clSetProgramSpecializationConstant(p, 6, 1, &byte));
  OK(clBuildProgram(p, 1, &device, NULL, NULL, NULL));
  CHECK(runUint(p, "spec", 1, NULL) == 1);
  EXPECT_ERR(CL_INVALID_SPEC_ID, clSetProgramSpecializationConstant(p, 99, 4, &value));
  EXPECT_ERR(CL_INVALID_VALUE, clSetProgramSpecializationConstant(p, 5, 8, &value));
  EXPECT_ERR(CL_INVALID_VALUE, clSetProgramSpecializationConstant(p, 6, sizeof flag, &flag));
  EXPECT_ERR(CL_INVALID_VALUE, clSetProgramSpecializationConstant(p, 5, 4, NULL));
  OK(clReleaseProgram(p));
  cl_program source = fromSource("__kernel void k(void) {}");
  EXPECT_ERR(CL_INVALID_PROGRAM, clSetProgramSpecializationConstant(source, 5, 4, &value));
  OK(clReleaseProgram(source));
}

static void programsFromSource(void) {
  /* -D and -I: a header in a folder of the test's own. */
  char dir[512], header[600];
  snprintf(dir, sizeof dir, "%s/programs-include", SPVSIM_TEST_BINARY_DIR);
  mkdir(dir, 0755);
  snprintf(header, sizeof header, "%s/offset.h", dir);
  FILE *f = fopen(header, "w");
  REQUIRE(f != NULL);
  fputs("#define OFFSET 100\n", f);
  fclose(f);
  cl_program p = fromSource("#include \"offset.h\"\n"
                            "__kernel void k(__global uint *out) { out[get_global_id(0)] = SCALE * "
                            "get_global_id(0) + OFFSET; }\n");
  char options[700];
  snprintf(options, sizeof options, "-D SCALE=3 -I %s -cl-fast-relaxed-math -w", dir);
  OK(clBuildProgram(p, 1, &device, options, NULL, NULL));
  cl_uint out[8];
  runUint(p, "k", 8, out);
  CHECK(out[0] == 100 && out[7] == 121);
  OK(clReleaseProgram(p));

  /* A syntax error: a failed build, the compiler's message in the log. */
  p = fromSource("__kernel void broken(__global int *out) { out[0] = ; }\n");
  EXPECT_ERR(CL_BUILD_PROGRAM_FAILURE, clBuildProgram(p, 1, &device, NULL, NULL, NULL));
  cl_build_status status;
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, sizeof status, &status, NULL));
  CHECK(status == CL_BUILD_ERROR);
  CHECK(strstr(buildLog(p), "input.cl:1:") != NULL && strstr(buildLog(p), "error") != NULL);
  cl_int err;
  CHECK(clCreateKernel(p, "broken", &err) == NULL);
  EXPECT_ERR(CL_INVALID_PROGRAM_EXECUTABLE, err);
  /* Options OpenCL does not define, and OpenCL C 2.0, which the device does not list. */
  EXPECT_ERR(CL_INVALID_BUILD_OPTIONS,
             clBuildProgram(p, 1, &device, "-fno-such-thing", NULL, NULL));
  EXPECT_ERR(CL_INVALID_BUILD_OPTIONS, clBuildProgram(p, 1, &device, "-cl-std=CL9.9", NULL, NULL));
  OK(clReleaseProgram(p));
  p = fromSource("__kernel void k(__global uint *out) { out[0] = 1; }\n");
  EXPECT_ERR(CL_BUILD_PROGRAM_FAILURE, clBuildProgram(p, 1, &device, "-cl-std=CL2.0", NULL, NULL));
  CHECK(strstr(buildLog(p), "CL3.0") != NULL);
  OK(clReleaseProgram(p));

  /* OpenCL C 3.0: generic pointers and program-scope variables that keep their values. */
  p = fromSource("global uint counter = 5;\n"
                 "uint twice(uint *x) { return 2 * *x; }\n"
                 "__kernel void count(__global uint *out) {\n"
                 "  uint v = atomic_inc(&counter);\n"
                 "  out[0] = twice(&v);\n"
                 "}\n");
  OK(clBuildProgram(p, 1, &device, "-cl-std=CL3.0", NULL, NULL));
  CHECK(runUint(p, "count", 1, NULL) == 10);
  CHECK(runUint(p, "count", 1, NULL) == 12);
  size_t globals = 0;
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE, sizeof globals,
                           &globals, NULL));
  CHECK(globals == 4);
  OK(clReleaseProgram(p));

  /* The feature macros say what the device lists (CL_DEVICE_OPENCL_C_FEATURES), also those
   * clang defines for every SPIR target: images, read-write images and __IMAGE_SUPPORT__
   * (CL_DEVICE_IMAGE_SUPPORT is CL_TRUE), device-scope atomics. */
  p = fromSource("__kernel void k(__global uint *out) {\n"
                 "  uint v = 0;\n"
                 "#ifdef __opencl_c_read_write_images\n"
                 "  v += 1;\n"
                 "#endif\n"
                 "#ifdef __opencl_c_images\n"
                 "  v += 2;\n"
                 "#endif\n"
                 "#ifdef __opencl_c_atomic_scope_device\n"
                 "  v += 4;\n"
                 "#endif\n"
                 "#ifdef __IMAGE_SUPPORT__\n"
                 "  v += 8;\n"
                 "#endif\n"
                 "#if __OPENCL_VERSION__ == 300\n"
                 "  v += 16;\n"
                 "#endif\n"
                 "  out[0] = v;\n"
                 "}\n");
  OK(clBuildProgram(p, 1, &device, "-cl-std=CL3.0", NULL, NULL));
  CHECK(runUint(p, "k", 1, NULL) == 1 + 2 + 4 + 8 + 16);
  OK(clBuildProgram(p, 1, &device, NULL, NULL, NULL)); /* OpenCL C 1.2 */
  CHECK((runUint(p, "k", 1, NULL) & (1 | 2 | 8 | 16)) == 8 + 16);
  OK(clReleaseProgram(p));

  /* A large zero-initialised program-scope array (far more elements than a constant
   * initializer may have): it keeps what one launch writes for the next. */
  p = fromSource("uint big[1 << 22];\n"
                 "__kernel void fill(__global uint *out) {\n"
                 "  size_t i = get_global_id(0) * 1024;\n"
                 "  out[get_global_id(0)] = big[i];\n"
                 "  big[i] = i + 1;\n"
                 "}\n");
  OK(clBuildProgram(p, 1, &device, "-cl-std=CL3.0", NULL, NULL));
  OK(clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE, sizeof globals,
                           &globals, NULL));
  CHECK(globals == (size_t)16 << 20);
  cl_uint seen[4096];
  CHECK(runUint(p, "fill", 4096, seen) == 0 && seen[4095] == 0);
  CHECK(runUint(p, "fill", 4096, seen) == 1 && seen[4095] == 4095 * 1024 + 1);
  OK(clReleaseProgram(p));

  /* A function that is declared and never defined needs clLinkProgram. */
  p = fromSource("uint helper(uint);\n__kernel void k(__global uint *o) { o[0] = helper(1); }\n");
  EXPECT_ERR(CL_BUILD_PROGRAM_FAILURE, clBuildProgram(p, 1, &device, NULL, NULL, NULL));
  CHECK(strstr(buildLog(p), "helper") != NULL);
  OK(clReleaseProgram(p));
}

static void binaries(void) {
  cl_program p = fromSource(
      "__kernel void k(__global uint *out) { out[get_global_id(0)] = 5 + get_global_id(0); }\n");
  OK(clBuildProgram(p, 1, &device, NULL, NULL, NULL));
  size_t size = 0;
  OK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL));
  REQUIRE(size > 20);
  unsigned char *binary = (unsigned char *)malloc(size);
  unsigned char *binaries[1] = {binary};
  OK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof binaries, binaries, NULL));
  OK(clReleaseProgram(p));

  const unsigned char *in[1] = {binary};
  cl_int status = 99, err;
  cl_program q = clCreateProgramWithBinary(context, 1, &device, &size, in, &status, &err);
  OK(err);
  OK(status);
  cl_program_binary_type type = 0;
  OK(clGetProgramBuildInfo(q, device, CL_PROGRAM_BINARY_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
  OK(clBuildProgram(q, 1, &device, NULL, NULL, NULL));
  cl_uint out[4];
  runUint(q, "k", 4, out);
  CHECK(out[0] == 5 && out[3] == 8);
  OK(clReleaseProgram(q));

  /* Garbage is not a binary; plain SPIR-V is. */
  unsigned char junk[64];
  memset(junk, 0x5a, sizeof junk);
  const unsigned char *bad[1] = {junk};
  size_t junkSize = sizeof junk;
  CHECK(clCreateProgramWithBinary(context, 1, &device, &junkSize, bad, &status, &err) == NULL);
  EXPECT_ERR(CL_INVALID_BINARY, err);
  CHECK(status == CL_INVALID_BINARY);
  binary[9] ^= 0xff; /* the format version */
  CHECK(clCreateProgramWithBinary(context, 1, &device, &size, in, &status, &err) == NULL);
  EXPECT_ERR(CL_INVALID_BINARY, err);
  free(binary);
  char path[512];
  snprintf(path, sizeof path, "%s/spec_constants.spv", SPVSIM_TEST_KERNELS);
  size_t spirvSize = 0;
  unsigned char *spirv = readFile(path, &spirvSize);
  const unsigned char *plain[1] = {spirv};
  q = clCreateProgramWithBinary(context, 1, &device, &spirvSize, plain, NULL, &err);
  OK(err);
  OK(clBuildProgram(q, 1, &device, NULL, NULL, NULL));
  CHECK(runUint(q, "spec", 1, NULL) == 7);
  OK(clReleaseProgram(q));
  free(spirv);
  CHECK(clCreateProgramWithBinary(context, 0, &device, &size, in, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  size_t zero = 0;
  CHECK(clCreateProgramWithBinary(context, 1, &device, &zero, in, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
}

static int notified = 0;
static void CL_CALLBACK onBuilt(cl_program p, void *user) {
  (void)p;
  notified += *(int *)user;
}

static void compileAndLink(void) {
  /* The kernel's program includes an embedded header and calls a function of another. */
  cl_program header = fromSource("#define BASE 1000\nuint helper(uint x);\n");
  cl_program user = fromSource("#include \"lib/shared.h\"\n"
                               "__kernel void k(__global uint *out) { out[0] = helper(BASE); }\n");
  cl_program lib = fromSource("uint helper(uint x) { return x + 23; }\n");
  const char *names[] = {"lib/shared.h"};
  int one = 1;
  OK(clCompileProgram(user, 1, &device, NULL, 1, &header, names, onBuilt, &one));
  OK(clCompileProgram(lib, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL));
  CHECK(notified == 1);
  cl_program_binary_type type = 0;
  OK(clGetProgramBuildInfo(user, device, CL_PROGRAM_BINARY_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
  cl_program inputs[] = {user, lib};
  cl_int err;
  cl_program exe = clLinkProgram(context, 1, &device, NULL, 2, inputs, onBuilt, &one, &err);
  OK(err);
  CHECK(notified == 2);
  CHECK(runUint(exe, "k", 1, NULL) == 1023);
  OK(clGetProgramBuildInfo(exe, device, CL_PROGRAM_BINARY_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
  EXPECT_ERR(CL_INVALID_OPERATION, clBuildProgram(exe, 1, &device, NULL, NULL, NULL));
  OK(clReleaseProgram(exe));

  /* Through a library. */
  cl_program library =
      clLinkProgram(context, 1, &device, "-create-library", 1, &lib, NULL, NULL, &err);
  OK(err);
  OK(clGetProgramBuildInfo(library, device, CL_PROGRAM_BINARY_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_PROGRAM_BINARY_TYPE_LIBRARY);
  cl_program withLibrary[] = {user, library};
  exe = clLinkProgram(context, 0, NULL, "-cl-fast-relaxed-math", 2, withLibrary, NULL, NULL, &err);
  OK(err);
  CHECK(runUint(exe, "k", 1, NULL) == 1023);
  OK(clReleaseProgram(exe));

  /* A link that fails still returns a program, with a log. */
  exe = clLinkProgram(context, 1, &device, NULL, 1, &user, NULL, NULL, &err);
  EXPECT_ERR(CL_LINK_PROGRAM_FAILURE, err);
  REQUIRE(exe != NULL);
  CHECK(strlen(buildLog(exe)) > 0);
  cl_build_status status;
  OK(clGetProgramBuildInfo(exe, device, CL_PROGRAM_BUILD_STATUS, sizeof status, &status, NULL));
  CHECK(status == CL_BUILD_ERROR);
  OK(clReleaseProgram(exe));

  /* Errors. */
  CHECK(clLinkProgram(context, 1, &device, "-no-such-option", 1, &user, NULL, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_LINKER_OPTIONS, err);
  CHECK(clLinkProgram(context, 1, &device, NULL, 1, &header, NULL, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_OPERATION, err);
  CHECK(clLinkProgram(context, 1, &device, NULL, 0, NULL, NULL, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  EXPECT_ERR(CL_INVALID_COMPILER_OPTIONS,
             clCompileProgram(lib, 1, &device, "-bogus", 0, NULL, NULL, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clCompileProgram(user, 1, &device, NULL, 1, NULL, names, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clCompileProgram(user, 1, &device, NULL, 0, &header, NULL, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clBuildProgram(user, 1, NULL, NULL, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clBuildProgram(user, 0, NULL, NULL, NULL, &one));
  cl_program broken = fromSource("uint helper(uint x) { return x + ; }\n");
  EXPECT_ERR(CL_COMPILE_PROGRAM_FAILURE,
             clCompileProgram(broken, 1, &device, NULL, 0, NULL, NULL, NULL, NULL));
  OK(clReleaseProgram(broken));
  OK(clReleaseProgram(library));
  OK(clReleaseProgram(header));
  OK(clReleaseProgram(user));
  OK(clReleaseProgram(lib));
}

/* Two objects that define the same function: the link fails and its log names the
 * function and both objects (the SPIR-V linker alone would keep one definition). */
static void duplicateDefinitions(void) {
  cl_program user = fromSource("int get_number(void);\n"
                               "__kernel void k(__global uint *out) { out[0] = get_number(); }\n");
  cl_program zero = fromSource("int get_number(void) { return 0; }\n");
  cl_program answer = fromSource("int get_number(void) { return 42; }\n");
  cl_program objects[] = {user, zero, answer};
  for (int i = 0; i < 3; ++i)
    OK(clCompileProgram(objects[i], 1, &device, NULL, 0, NULL, NULL, NULL, NULL));
  cl_int err;
  cl_program exe = clLinkProgram(context, 1, &device, NULL, 3, objects, NULL, NULL, &err);
  EXPECT_ERR(CL_LINK_PROGRAM_FAILURE, err);
  REQUIRE(exe != NULL);
  const char *log = buildLog(exe);
  CHECK(strstr(log, "'get_number'") != NULL);
  CHECK(strstr(log, "object 2 and object 3") != NULL);
  cl_build_status status;
  OK(clGetProgramBuildInfo(exe, device, CL_PROGRAM_BUILD_STATUS, sizeof status, &status, NULL));
  CHECK(status == CL_BUILD_ERROR);
  OK(clReleaseProgram(exe));

  /* A library does not hide a second definition, and a library may not hold two. */
  cl_program library =
      clLinkProgram(context, 1, &device, "-create-library", 1, &zero, NULL, NULL, &err);
  OK(err);
  cl_program withLibrary[] = {user, library, answer};
  exe = clLinkProgram(context, 1, &device, NULL, 3, withLibrary, NULL, NULL, &err);
  EXPECT_ERR(CL_LINK_PROGRAM_FAILURE, err);
  CHECK(strstr(buildLog(exe), "'get_number'") != NULL);
  OK(clReleaseProgram(exe));
  cl_program both[] = {zero, answer};
  exe = clLinkProgram(context, 1, &device, "-create-library", 2, both, NULL, NULL, &err);
  EXPECT_ERR(CL_LINK_PROGRAM_FAILURE, err);
  CHECK(strstr(buildLog(exe), "object 1 and object 2") != NULL);
  OK(clReleaseProgram(exe));

  /* Each definition once: the program runs. */
  cl_program once[] = {user, answer};
  exe = clLinkProgram(context, 1, &device, NULL, 2, once, NULL, NULL, &err);
  OK(err);
  CHECK(runUint(exe, "k", 1, NULL) == 42);
  OK(clReleaseProgram(exe));
  OK(clReleaseProgram(library));
  for (int i = 0; i < 3; ++i) OK(clReleaseProgram(objects[i]));
}

/* clGetKernelArgInfo on argument 0 of kernel `name` (a kernel that takes `__global uint
 * *out` first): CL_SUCCESS with its name checked, or the error, after checking that every
 * query of the argument answers the same way. */
static cl_int argumentInfo(cl_program p, const char *name) {
  cl_int err;
  cl_kernel k = clCreateKernel(p, name, &err);
  OK(err);
  char text[64] = {0};
  cl_int result = clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof text, text, NULL);
  if (result == CL_SUCCESS) CHECK(strcmp(text, "out") == 0);
  cl_kernel_arg_address_qualifier address = 0;
  cl_kernel_arg_type_qualifier qualifier = 0;
  CHECK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof address, &address, NULL) ==
        result);
  CHECK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof text, text, NULL) == result);
  CHECK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof qualifier, &qualifier,
                           NULL) == result);
  if (result == CL_SUCCESS) CHECK(address == CL_KERNEL_ARG_ADDRESS_GLOBAL);
  /* An argument index out of range is that error either way. */
  EXPECT_ERR(CL_INVALID_ARG_INDEX,
             clGetKernelArgInfo(k, 9, CL_KERNEL_ARG_NAME, sizeof text, text, NULL));
  OK(clReleaseKernel(k));
  return result;
}

/* A binary of `p` loaded into a new program and built. */
static cl_program throughBinary(cl_program p) {
  size_t size = 0;
  OK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL));
  unsigned char *binary = (unsigned char *)malloc(size);
  unsigned char *binaries[1] = {binary};
  OK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof binaries, binaries, NULL));
  const unsigned char *in[1] = {binary};
  cl_int err;
  cl_program q = clCreateProgramWithBinary(context, 1, &device, &size, in, NULL, &err);
  OK(err);
  OK(clBuildProgram(q, 1, &device, NULL, NULL, NULL));
  free(binary);
  return q;
}

/* Kernel argument information (OpenCL API §5.9.4): only for programs built or compiled
 * with -cl-kernel-arg-info, or from IL that records it. */
static void kernelArgumentInfo(void) {
  const char *source = "__kernel void k(__global uint *out, uint v) { out[0] = v; }\n";
  cl_program p = fromSource(source);
  OK(clBuildProgram(p, 1, &device, NULL, NULL, NULL));
  EXPECT_ERR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE, argumentInfo(p, "k"));
  cl_program q = throughBinary(p);
  EXPECT_ERR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE, argumentInfo(q, "k"));
  OK(clReleaseProgram(q));
  OK(clBuildProgram(p, 1, &device, "-cl-std=CL1.2 -cl-kernel-arg-info", NULL, NULL));
  OK(argumentInfo(p, "k"));
  q = throughBinary(p); /* the binary keeps it */
  OK(argumentInfo(q, "k"));
  OK(clReleaseProgram(q));
  OK(clBuildProgram(p, 1, &device, "-cl-mad-enable", NULL, NULL)); /* rebuilt without */
  EXPECT_ERR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE, argumentInfo(p, "k"));
  OK(clReleaseProgram(p));

  /* Linked: when every object was compiled with it. */
  cl_program user = fromSource("uint helper(uint x);\n"
                               "__kernel void k(__global uint *out) { out[0] = helper(1); }\n");
  cl_program lib = fromSource("uint helper(uint x) { return x + 1; }\n");
  cl_program objects[] = {user, lib};
  cl_int err;
  OK(clCompileProgram(user, 1, &device, "-cl-kernel-arg-info", 0, NULL, NULL, NULL, NULL));
  OK(clCompileProgram(lib, 1, &device, NULL, 0, NULL, NULL, NULL, NULL));
  cl_program exe = clLinkProgram(context, 1, &device, NULL, 2, objects, NULL, NULL, &err);
  OK(err);
  EXPECT_ERR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE, argumentInfo(exe, "k"));
  OK(clReleaseProgram(exe));
  OK(clCompileProgram(lib, 1, &device, "-cl-kernel-arg-info", 0, NULL, NULL, NULL, NULL));
  exe = clLinkProgram(context, 1, &device, NULL, 2, objects, NULL, NULL, &err);
  OK(err);
  OK(argumentInfo(exe, "k"));
  OK(clReleaseProgram(exe));
  OK(clReleaseProgram(user));
  OK(clReleaseProgram(lib));

  /* IL: what the module records. */
  p = fromIL("arg_info.O2.spv");
  OK(clBuildProgram(p, 1, &device, NULL, NULL, NULL));
  OK(argumentInfo(p, "named"));
  OK(clReleaseProgram(p));
  p = fromIL("arith.O2.spv"); /* compiled without the option: no names */
  OK(clBuildProgram(p, 1, &device, "-cl-kernel-arg-info", NULL, NULL));
  cl_kernel k = clCreateKernel(p, "ids", &err);
  OK(err);
  char text[64];
  EXPECT_ERR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE,
             clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof text, text, NULL));
  OK(clReleaseKernel(k));
  OK(clReleaseProgram(p));
}

int main(void) {
  spvsimContext(&device, &context, &queue);
  programsFromIL();
  specializationConstants();
  programsFromSource();
  binaries();
  compileAndLink();
  duplicateDefinitions();
  kernelArgumentInfo();
  cl_int err;
  CHECK(clCreateProgramWithSource(context, 0, NULL, NULL, &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  CHECK(clCreateProgramWithBuiltInKernels(context, 1, &device, "anything", &err) == NULL);
  EXPECT_ERR(CL_INVALID_VALUE, err);
  OK(clUnloadCompiler());
  OK(clReleaseCommandQueue(queue));
  OK(clReleaseContext(context));
  return finish("programs");
}
