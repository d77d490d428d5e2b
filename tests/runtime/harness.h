/* Host-program test harness: selects spvsim's platform by name (other
 * platforms may be installed beside it), and checks results with messages
 * that name the call and the line. Each test program is one ctest; it exits
 * 0 when every check passed. */
#ifndef SPVSIM_TEST_HARNESS_H
#define SPVSIM_TEST_HARNESS_H

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#define CL_USE_DEPRECATED_OPENCL_2_1_APIS
#define CL_USE_DEPRECATED_OPENCL_2_2_APIS
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                     \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

/* The call returns `expected` (an error code). */
#define EXPECT_ERR(expected, call)                                                                 \
  do {                                                                                             \
    cl_int got_ = (call);                                                                          \
    if (got_ != (expected)) {                                                                      \
      fprintf(stderr, "%s:%d: %s returned %d, expected %s (%d)\n", __FILE__, __LINE__, #call,      \
              got_, #expected, (expected));                                                        \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

#define OK(call) EXPECT_ERR(CL_SUCCESS, call)

/* Stops the test: what follows cannot run. */
#define REQUIRE(cond)                                                                              \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: required: %s\n", __FILE__, __LINE__, #cond);                         \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

/* spvsim's platform and device. */
static inline void spvsimDevice(cl_platform_id *platform, cl_device_id *device) {
  cl_platform_id platforms[16];
  cl_uint count = 0;
  REQUIRE(clGetPlatformIDs(16, platforms, &count) == CL_SUCCESS && count > 0);
  for (cl_uint i = 0; i < count && i < 16; ++i) {
    char name[64] = {0};
    clGetPlatformInfo(platforms[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (strcmp(name, "spvsim") == 0) {
      *platform = platforms[i];
      REQUIRE(clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_ALL, 1, device, NULL) == CL_SUCCESS);
      return;
    }
  }
  fprintf(stderr, "spvsim's platform is not among the %u platforms\n", count);
  exit(1);
}

/* A context and an in-order queue on spvsim's device. */
static inline void spvsimContext(cl_device_id *device, cl_context *context,
                                 cl_command_queue *queue) {
  cl_platform_id platform;
  cl_int err;
  spvsimDevice(&platform, device);
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0};
  *context = clCreateContext(props, 1, device, NULL, NULL, &err);
  REQUIRE(err == CL_SUCCESS);
  if (queue) {
    *queue = clCreateCommandQueueWithProperties(*context, *device, NULL, &err);
    REQUIRE(err == CL_SUCCESS);
  }
}

/* Builds a program from OpenCL C source; prints the log when it fails. */
static inline cl_program buildSource(cl_context context, cl_device_id device, const char *source,
                                     const char *options) {
  cl_int err;
  cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
  REQUIRE(err == CL_SUCCESS);
  err = clBuildProgram(program, 1, &device, options, NULL, NULL);
  if (err != CL_SUCCESS) {
    char log[8192] = {0};
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    fprintf(stderr, "build failed (%d):\n%s\n", err, log);
    exit(1);
  }
  return program;
}

/* The text of the JSON report the runtime writes to `path` (SPVSIM_REPORT), "" when
 * there is none; the same buffer every call. */
static inline char *reportText(const char *path) {
  static char text[65536];
  FILE *f = fopen(path, "rb");
  if (!f) return strcpy(text, "");
  size_t n = fread(text, 1, sizeof text - 1, f);
  text[n] = 0;
  fclose(f);
  return text;
}

/* Reads a whole file (SPIR-V modules of the tests); `size` receives its length. */
static inline unsigned char *readFile(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  REQUIRE(f != NULL);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *data = (unsigned char *)malloc((size_t)n);
  REQUIRE(data != NULL && fread(data, 1, (size_t)n, f) == (size_t)n);
  fclose(f);
  *size = (size_t)n;
  return data;
}

static inline int finish(const char *name) {
  if (failures) {
    fprintf(stderr, "%s: %d checks failed\n", name, failures);
    return 1;
  }
  printf("%s: all checks passed\n", name);
  return 0;
}

#endif
