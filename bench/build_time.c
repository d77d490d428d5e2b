/* clBuildProgram's time on the first platform the ICD loader offers (select one with
 * OCL_ICD_VENDORS): a fresh program from the same source each time; prints the first
 * build and the median of the others, in milliseconds. bench/build-time.sh runs it.
 *   build_time <file.cl> [builds] [options] */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: build_time <file.cl> [builds] [options]\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    fprintf(stderr, "build_time: cannot read %s\n", argv[1]);
    return 2;
  }
  static char source[1 << 20];
  size_t length = fread(source, 1, sizeof source - 1, f);
  fclose(f);
  source[length] = '\0';
  int builds = argc > 2 ? atoi(argv[2]) : 10;
  if (builds < 1 || builds > 1000) builds = 10;
  const char *options = argc > 3 ? argv[3] : "";

  cl_platform_id platform;
  cl_device_id device;
  cl_int err;
  if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
      clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL) != CL_SUCCESS) {
    fprintf(stderr, "build_time: no OpenCL device\n");
    return 1;
  }
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  if (err != CL_SUCCESS) return 1;
  double *times = malloc(sizeof(double) * (size_t)builds);
  const char *text = source;
  for (int i = 0; i < builds; ++i) {
    cl_program program = clCreateProgramWithSource(context, 1, &text, NULL, &err);
    double start = now();
    err = clBuildProgram(program, 1, &device, options, NULL, NULL);
    times[i] = now() - start;
    if (err != CL_SUCCESS) {
      char log[16384] = {0};
      clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
      fprintf(stderr, "build_time: clBuildProgram: %d\n%s\n", err, log);
      return 1;
    }
    clReleaseProgram(program);
  }
  double first = times[0];
  qsort(times + 1, (size_t)builds - 1, sizeof(double), compare);
  if (builds > 1)
    printf("first %.1f ms, then median %.2f ms (%d builds)\n", first, times[builds / 2], builds);
  else
    printf("first %.1f ms\n", first);
  free(times);
  clReleaseContext(context);
  return 0;
}
