/* Through the ICD loader (ocl-icd, or the Khronos loader), beside the other
 * platforms installed on the machine: spvsim is found by name, its objects
 * dispatch back to it, and a kernel built from source runs. Linked against
 * the system's libOpenCL, not against spvsim. */
#include "harness.h"

int main(void) {
  cl_uint count = 0;
  OK(clGetPlatformIDs(0, NULL, &count));
  printf("%u platforms through the loader\n", count);
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  spvsimContext(&device, &context, &queue);
  cl_platform_id platform;
  OK(clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof platform, &platform, NULL));
  char version[128];
  OK(clGetPlatformInfo(platform, CL_PLATFORM_VERSION, sizeof version, version, NULL));
  CHECK(strncmp(version, "OpenCL 3.0 spvsim", 17) == 0);
  /* Extension functions come through the loader too. */
  CHECK(clGetExtensionFunctionAddressForPlatform(platform, "clCreateProgramWithILKHR") != NULL);

  cl_program program = buildSource(
      context, device,
      "__kernel void square(__global int *d) { int i = get_global_id(0); d[i] = i * i; }\n", "");
  cl_int err;
  cl_kernel kernel = clCreateKernel(program, "square", &err);
  OK(err);
  cl_mem buffer = clCreateBuffer(context, 0, 100 * sizeof(int), NULL, &err);
  OK(clSetKernelArg(kernel, 0, sizeof buffer, &buffer));
  size_t n = 100;
  OK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &n, NULL, 0, NULL, NULL));
  int back[100];
  OK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  for (int i = 0; i < 100; ++i) CHECK(back[i] == i * i);
  OK(clReleaseMemObject(buffer));
  OK(clReleaseKernel(kernel));
  OK(clReleaseProgram(program));
  OK(clReleaseCommandQueue(queue));
  OK(clReleaseContext(context));
  return finish("loader");
}
