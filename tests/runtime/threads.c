/* Thread safety (OpenCL API §A.2: every entry point may be called from
 * several host threads, except clSetKernelArg and clSetKernelExecInfo on one
 * kernel): threads that create, enqueue on shared and own queues, wait,
 * query, retain and release at the same time, and a user event completed by
 * another thread than the ones waiting for it. Run under ThreadSanitizer by
 * scripts/tsan.sh. */
#include <pthread.h>

#include "harness.h"

enum { kThreads = 6, kRounds = 30, kItems = 256 };

static cl_device_id device;
static cl_context context;
static cl_command_queue shared;
static cl_program program;
static cl_mem sharedBuffer;
static cl_event gate;

static void *worker(void *arg) {
  const int id = (int)(size_t)arg;
  cl_int err;
  cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
  cl_command_queue own = clCreateCommandQueueWithProperties(context, device, props, &err);
  OK(err);
  cl_kernel k = clCreateKernel(program, "axpy", &err);
  OK(err);
  float x[kItems], y[kItems], back[kItems];
  for (int round = 0; round < kRounds; ++round) {
    for (int i = 0; i < kItems; ++i) {
      x[i] = (float)(i + id);
      y[i] = (float)round;
    }
    cl_mem xb = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, sizeof x, x, &err);
    OK(err);
    cl_mem yb = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, sizeof y, y, &err);
    OK(err);
    const float a = 2.0f;
    OK(clSetKernelArg(k, 0, sizeof yb, &yb));
    OK(clSetKernelArg(k, 1, sizeof xb, &xb));
    OK(clSetKernelArg(k, 2, sizeof a, &a));
    cl_command_queue q = (round % 2) ? shared : own;
    const size_t n = kItems;
    cl_event done;
    OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, &done));
    OK(clEnqueueReadBuffer(q, yb, CL_TRUE, 0, sizeof back, back, 1, &done, NULL));
    for (int i = 0; i < kItems; ++i) CHECK(back[i] == 2.0f * (float)(i + id) + (float)round);
    OK(clReleaseEvent(done));
    OK(clReleaseMemObject(xb));
    OK(clReleaseMemObject(yb));
    /* Shared objects: references and queries while other threads use them. */
    OK(clRetainMemObject(sharedBuffer));
    cl_uint refs = 0;
    OK(clGetMemObjectInfo(sharedBuffer, CL_MEM_REFERENCE_COUNT, sizeof refs, &refs, NULL));
    CHECK(refs >= 2);
    OK(clReleaseMemObject(sharedBuffer));
    char name[64];
    OK(clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name, name, NULL));
    int value = id;
    OK(clEnqueueWriteBuffer(shared, sharedBuffer, CL_FALSE, (size_t)id * sizeof(int), sizeof value,
                            &value, 0, NULL, NULL));
    OK(clFinish(shared));
  }
  /* Everyone waits for the user event another thread completes. */
  OK(clWaitForEvents(1, &gate));
  OK(clReleaseKernel(k));
  OK(clFinish(own));
  OK(clReleaseCommandQueue(own));
  return NULL;
}

static void *builder(void *arg) {
  (void)arg;
  /* Programs built while kernels of another program run. */
  char path[512];
  snprintf(path, sizeof path, "%s/arith.O0.spv", SPVSIM_TEST_KERNELS);
  size_t size = 0;
  unsigned char *il = readFile(path, &size);
  for (int i = 0; i < 3; ++i) {
    cl_int err;
    cl_program p = clCreateProgramWithIL(context, il, size, &err);
    OK(err);
    OK(clBuildProgram(p, 1, &device, NULL, NULL, NULL));
    cl_kernel k = clCreateKernel(p, "ids", &err);
    OK(err);
    OK(clReleaseKernel(k));
    OK(clReleaseProgram(p));
  }
  free(il);
  return NULL;
}

int main(void) {
  spvsimContext(&device, &context, &shared);
  char path[512];
  snprintf(path, sizeof path, "%s/arith.O2.spv", SPVSIM_TEST_KERNELS);
  size_t size = 0;
  unsigned char *il = readFile(path, &size);
  cl_int err;
  program = clCreateProgramWithIL(context, il, size, &err);
  free(il);
  OK(clBuildProgram(program, 1, &device, NULL, NULL, NULL));
  sharedBuffer = clCreateBuffer(context, 0, kThreads * sizeof(int), NULL, &err);
  gate = clCreateUserEvent(context, &err);

  pthread_t threads[kThreads + 1];
  for (int t = 0; t < kThreads; ++t) pthread_create(&threads[t], NULL, worker, (void *)(size_t)t);
  pthread_create(&threads[kThreads], NULL, builder, NULL);
  pthread_join(threads[kThreads], NULL);
  OK(clSetUserEventStatus(gate, CL_COMPLETE));
  for (int t = 0; t < kThreads; ++t) pthread_join(threads[t], NULL);

  int back[kThreads];
  OK(clEnqueueReadBuffer(shared, sharedBuffer, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  for (int t = 0; t < kThreads; ++t) CHECK(back[t] == t);
  OK(clReleaseEvent(gate));
  OK(clReleaseMemObject(sharedBuffer));
  OK(clReleaseProgram(program));
  OK(clReleaseCommandQueue(shared));
  OK(clReleaseContext(context));
  return finish("threads");
}
