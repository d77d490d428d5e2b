/* spvsim's limits (docs/robustness.md) as a host program meets them: each is
 * the error code OpenCL API §5.10 (clEnqueueNDRangeKernel) or §5.2.1
 * (clCreateBuffer) prescribes, returned when the command is enqueued or the
 * buffer created; a launch a limit stops while it runs fails its event with
 * CL_OUT_OF_RESOURCES and the next one runs. Modes (argv[1]), each a ctest
 * with its own SPVSIM_* variables:
 *   static        SPVSIM_MAX_MEMORY=64MiB SPVSIM_MAX_INSTRUCTIONS=1e6: buffer memory,
 *                 NDRange and work-group sizes, __local and private memory, call
 *                 depth, kernel size, the instruction budget
 *   timeout       SPVSIM_TIMEOUT=1: an endless kernel
 *   run-timeout   SPVSIM_RUN_TIMEOUT=5: an endless kernel, and a launch after it
 *   release       the application releases everything while a launch runs
 *   exit          the program exits while an endless launch runs
 *   hang          waits for an endless launch (Ctrl-C under spvsim exec: sigint.sh)
 *   hang-ignoring-sigint  the same, ignoring SIGINT
 *   idle-sigint   waits for a signal while no launch is enqueued, then launches
 *   queued-sigint waits for a signal while a launch waits for a user event, then lets
 *                 it start (both: Ctrl-C under spvsim exec stops the launch at its start) */
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"

static const char *kSource = "__kernel void copy(__global int *out, __local int *scratch) {\n"
                             "  scratch[get_local_id(0)] = (int)get_global_id(0);\n"
                             "  out[get_global_id(0)] = scratch[get_local_id(0)];\n"
                             "}\n"
                             "__kernel void private_array(__global int *out, int i) {\n"
                             "  int big[70000];\n" /* 280 000 bytes per work-item: beyond 256 KiB */
                             "  for (int k = 0; k < 70000; ++k) big[k] = out[k % 64];\n"
                             "  out[0] = big[i];\n"
                             "}\n"
                             "__kernel void spin(__global uint *out, uint n) {\n"
                             "  uint s = 0;\n"
                             "  for (uint k = 0; k < n; ++k) s += k ^ out[1];\n"
                             "  out[0] = s;\n"
                             "}\n";

static cl_device_id device;
static cl_context context;
static cl_command_queue queue;

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* `count` functions f0 ... calling each other, each marked noinline: f<k> calls f<k+1>
 * `calls` times; the kernel calls f0. */
static char *callChainSource(int count, int calls) {
  size_t size = (size_t)count * 200 + 400;
  char *text = malloc(size);
  REQUIRE(text != NULL);
  size_t at = 0;
  for (int k = count - 1; k >= 0; --k) {
    at += (size_t)snprintf(text + at, size - at,
                           "__attribute__((noinline)) int f%d(__global int *p, int x) {", k);
    if (k == count - 1)
      at += (size_t)snprintf(text + at, size - at, " return p[x] + 1; }\n");
    else if (calls == 1)
      at += (size_t)snprintf(text + at, size - at, " return f%d(p, x + 1) * 3; }\n", k + 1);
    else
      at += (size_t)snprintf(text + at, size - at, " return f%d(p, x + 1) * 3 + f%d(p, x + 2); }\n",
                             k + 1, k + 1);
  }
  snprintf(text + at, size - at, "__kernel void chain(__global int *p) { p[0] = f0(p, 0); }\n");
  return text;
}

static cl_kernel kernelOf(cl_program program, const char *name) {
  cl_int err;
  cl_kernel k = clCreateKernel(program, name, &err);
  REQUIRE(err == CL_SUCCESS);
  return k;
}

/* SPVSIM_MAX_MEMORY=64MiB: the device reports it, and buffers beyond it in all fail. */
static void bufferMemory(void) {
  cl_ulong global = 0, alloc = 0;
  OK(clGetDeviceInfo(device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof global, &global, NULL));
  OK(clGetDeviceInfo(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof alloc, &alloc, NULL));
  CHECK(global == 64u << 20);
  CHECK(alloc == 32u << 20);
  cl_int err;
  cl_mem a = clCreateBuffer(context, 0, 32u << 20, NULL, &err);
  OK(err);
  cl_mem b = clCreateBuffer(context, 0, 30u << 20, NULL, &err);
  OK(err);
  EXPECT_ERR(CL_INVALID_BUFFER_SIZE, (clCreateBuffer(context, 0, alloc + 1, NULL, &err), err));
  cl_mem c = clCreateBuffer(context, 0, 4u << 20, NULL, &err);
  CHECK(c == NULL);
  EXPECT_ERR(CL_MEM_OBJECT_ALLOCATION_FAILURE, err);
  /* Every context's buffers count together. */
  cl_context other = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  OK(err);
  EXPECT_ERR(CL_MEM_OBJECT_ALLOCATION_FAILURE,
             (clCreateBuffer(other, 0, 4u << 20, NULL, &err), err));
  /* The host's own memory (CL_MEM_USE_HOST_PTR) is not spvsim's to count. */
  static int host[1 << 20];
  cl_mem h = clCreateBuffer(other, CL_MEM_USE_HOST_PTR, sizeof host, host, &err);
  OK(err);
  OK(clReleaseMemObject(h));
  OK(clReleaseContext(other));
  /* Released buffers give their memory back. */
  OK(clReleaseMemObject(b));
  c = clCreateBuffer(context, 0, 4u << 20, NULL, &err);
  OK(err);
  OK(clReleaseMemObject(c));
  OK(clReleaseMemObject(a));
}

/* NDRange and work-group sizes, and __local memory, checked when the launch is enqueued. */
static void rangesAndLocalMemory(cl_program program, cl_mem out) {
  cl_kernel copy = kernelOf(program, "copy");
  OK(clSetKernelArg(copy, 0, sizeof out, &out));
  OK(clSetKernelArg(copy, 1, 64 * sizeof(int), NULL));
  /* 2^32 x 2^32 x 2^32 work-items: more than size_t counts. */
  size_t global3[3] = {(size_t)1 << 32, (size_t)1 << 32, (size_t)1 << 32};
  EXPECT_ERR(CL_INVALID_GLOBAL_WORK_SIZE,
             clEnqueueNDRangeKernel(queue, copy, 3, NULL, global3, NULL, 0, NULL, NULL));
  size_t global2[2] = {(size_t)1 << 63, 2};
  EXPECT_ERR(CL_INVALID_GLOBAL_WORK_SIZE,
             clEnqueueNDRangeKernel(queue, copy, 2, NULL, global2, NULL, 0, NULL, NULL));
  /* 32 x 64 = 2048 work-items per work-group: above CL_DEVICE_MAX_WORK_GROUP_SIZE. */
  size_t global[2] = {64, 64}, local[2] = {32, 64};
  EXPECT_ERR(CL_INVALID_WORK_GROUP_SIZE,
             clEnqueueNDRangeKernel(queue, copy, 2, NULL, global, local, 0, NULL, NULL));
  /* A __local argument above CL_DEVICE_LOCAL_MEM_SIZE (64 KiB). */
  cl_ulong localSize = 0;
  OK(clGetDeviceInfo(device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof localSize, &localSize, NULL));
  CHECK(localSize == 65536);
  OK(clSetKernelArg(copy, 1, (size_t)localSize + 4, NULL));
  size_t n = 64;
  EXPECT_ERR(CL_OUT_OF_RESOURCES,
             clEnqueueNDRangeKernel(queue, copy, 1, NULL, &n, NULL, 0, NULL, NULL));
  OK(clSetKernelArg(copy, 1, (size_t)localSize, NULL));
  OK(clEnqueueNDRangeKernel(queue, copy, 1, NULL, &n, NULL, 0, NULL, NULL));
  OK(clFinish(queue));
  OK(clReleaseKernel(copy));
}

/* Private memory, call depth and kernel size: the kernel exists, no launch of it can run. */
static void kernelLimits(cl_program program, cl_mem out) {
  cl_kernel big = kernelOf(program, "private_array");
  int i = 5;
  OK(clSetKernelArg(big, 0, sizeof out, &out));
  OK(clSetKernelArg(big, 1, sizeof i, &i));
  size_t one = 1;
  EXPECT_ERR(CL_OUT_OF_RESOURCES,
             clEnqueueNDRangeKernel(queue, big, 1, NULL, &one, NULL, 0, NULL, NULL));
  EXPECT_ERR(CL_OUT_OF_RESOURCES, clEnqueueTask(queue, big, 0, NULL, NULL));
  OK(clReleaseKernel(big));

  /* 70 nested calls (spvsim's limit is 64), then 2^24 instructions once inlined. */
  const int shapes[2][2] = {{70, 1}, {24, 2}};
  for (int s = 0; s < 2; ++s) {
    char *source = callChainSource(shapes[s][0], shapes[s][1]);
    cl_program chainProgram = buildSource(context, device, source, "");
    free(source);
    cl_kernel chain = kernelOf(chainProgram, "chain");
    OK(clSetKernelArg(chain, 0, sizeof out, &out));
    EXPECT_ERR(CL_OUT_OF_RESOURCES, clEnqueueTask(queue, chain, 0, NULL, NULL));
    OK(clReleaseKernel(chain));
    OK(clReleaseProgram(chainProgram));
  }
}

/* Runs `spin` for `iterations` on one work-item; returns the event's status. */
static cl_int spinOnce(cl_kernel spin, cl_mem out, cl_uint iterations) {
  OK(clSetKernelArg(spin, 0, sizeof out, &out));
  OK(clSetKernelArg(spin, 1, sizeof iterations, &iterations));
  cl_event done;
  OK(clEnqueueTask(queue, spin, 0, NULL, &done));
  cl_int waited = clWaitForEvents(1, &done);
  cl_int status = 1;
  OK(clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL));
  CHECK((status == CL_COMPLETE) == (waited == CL_SUCCESS));
  if (status != CL_COMPLETE) EXPECT_ERR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, waited);
  OK(clReleaseEvent(done));
  return status;
}

/* The `spin` kernel of a program of its own, its arguments set: a 64-byte buffer and
 * `iterations`. */
typedef struct {
  cl_program program;
  cl_mem out;
  cl_kernel kernel;
} Spin;

static Spin makeSpin(cl_uint iterations) {
  Spin s;
  cl_int err;
  s.program = buildSource(context, device, kSource, "");
  s.out = clCreateBuffer(context, 0, 64, NULL, &err);
  OK(err);
  s.kernel = kernelOf(s.program, "spin");
  OK(clSetKernelArg(s.kernel, 0, sizeof s.out, &s.out));
  OK(clSetKernelArg(s.kernel, 1, sizeof iterations, &iterations));
  return s;
}

static void releaseSpin(Spin s) {
  OK(clReleaseKernel(s.kernel));
  OK(clReleaseMemObject(s.out));
  OK(clReleaseProgram(s.program));
}

static int runStatic(void) {
  bufferMemory();
  cl_program program = buildSource(context, device, kSource, "");
  cl_int err;
  cl_mem out = clCreateBuffer(context, 0, 64 * 64 * sizeof(int), NULL, &err);
  OK(err);
  rangesAndLocalMemory(program, out);
  kernelLimits(program, out);
  /* SPVSIM_MAX_INSTRUCTIONS=1e6: a launch of 10^7 iterations stops, the next one runs. */
  cl_kernel spin = kernelOf(program, "spin");
  EXPECT_ERR(CL_OUT_OF_RESOURCES, spinOnce(spin, out, 10000000));
  EXPECT_ERR(CL_COMPLETE, spinOnce(spin, out, 1000));
  OK(clReleaseKernel(spin));
  OK(clReleaseMemObject(out));
  OK(clReleaseProgram(program));
  return finish("limits");
}

/* SPVSIM_TIMEOUT=1 (timeout) or SPVSIM_RUN_TIMEOUT=5 (run-timeout): an endless launch stops
 * within seconds. After the run timeout later launches do not run; after a launch's own
 * timeout they do. */
static int runTimeout(int wholeRun) {
  Spin spin = makeSpin(0);
  const double start = seconds();
  EXPECT_ERR(CL_OUT_OF_RESOURCES, spinOnce(spin.kernel, spin.out, 0xffffffffu));
  const double took = seconds() - start;
  CHECK(took < 30);
  EXPECT_ERR(wholeRun ? CL_OUT_OF_RESOURCES : CL_COMPLETE, spinOnce(spin.kernel, spin.out, 10));
  releaseSpin(spin);
  printf("the endless launch stopped after %.1f s\n", took);
  return finish(wholeRun ? "limits run-timeout" : "limits timeout");
}

/* The application releases every object while a launch runs and waits for its event
 * only: the launch finishes with its buffers (OpenCL API §5.5.1: objects stay until the
 * commands that use them are done). */
static int runRelease(void) {
  const cl_uint iterations = 3000000;
  Spin spin = makeSpin(iterations);
  cl_event done;
  OK(clEnqueueTask(queue, spin.kernel, 0, NULL, &done));
  cl_uint result = 1;
  cl_event read;
  OK(clEnqueueReadBuffer(queue, spin.out, CL_FALSE, 0, sizeof result, &result, 0, NULL, &read));
  releaseSpin(spin);
  OK(clReleaseCommandQueue(queue));
  OK(clReleaseContext(context));
  OK(clWaitForEvents(1, &read));
  cl_int status = 1;
  OK(clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL));
  EXPECT_ERR(CL_COMPLETE, status);
  cl_uint expected = 0;
  for (cl_uint k = 0; k < iterations; ++k) expected += k;
  CHECK(result == expected);
  OK(clReleaseEvent(done));
  OK(clReleaseEvent(read));
  return finish("limits release");
}

/* The program exits while an endless launch runs: the launch is stopped, the process
 * ends (the test's time limit catches a hang). */
static int runExit(void) {
  Spin spin = makeSpin(0xffffffffu);
  OK(clEnqueueTask(queue, spin.kernel, 0, NULL, NULL));
  OK(clFlush(queue));
  struct timespec wait = {1, 0};
  nanosleep(&wait, NULL); /* it runs */
  return finish("limits exit");
}

/* Waits for an endless launch: only a signal ends it. Under spvsim exec the first Ctrl-C
 * stops the launch and fails clFinish and every later enqueue: the program says so and
 * ends. */
static int runHang(void) {
  Spin spin = makeSpin(0xffffffffu);
  for (;;) {
    cl_int enqueued = clEnqueueTask(queue, spin.kernel, 0, NULL, NULL);
    printf("waiting\n");
    fflush(stdout);
    cl_int finished = clFinish(queue);
    if (enqueued != CL_SUCCESS || finished != CL_SUCCESS) {
      printf("the launch was stopped: clEnqueueTask returned %d, clFinish %d\n", enqueued,
             finished);
      EXPECT_ERR(CL_OUT_OF_RESOURCES, clEnqueueTask(queue, spin.kernel, 0, NULL, NULL));
      return 1;
    }
  }
}

/* A Ctrl-C under spvsim exec while no launch runs stops the next launch at its start:
 * with `queued` the launch is enqueued before it and waits for a user event, else it is
 * enqueued after it. The program waits in sleep(), which the runtime's SIGINT handler
 * ends early; without that handler SIGINT would end the program. */
static int runAfterSigint(int queued) {
  Spin spin = makeSpin(1000); /* a short launch: it would finish if it ran */
  cl_int err = CL_SUCCESS;
  cl_event gate = clCreateUserEvent(context, &err);
  OK(err);
  cl_int enqueued = CL_SUCCESS;
  if (queued) enqueued = clEnqueueTask(queue, spin.kernel, 1, &gate, NULL);
  printf("waiting\n");
  fflush(stdout);
  sleep(60);
  OK(clSetUserEventStatus(gate, CL_COMPLETE));
  if (!queued) enqueued = clEnqueueTask(queue, spin.kernel, 0, NULL, NULL);
  cl_int finished = clFinish(queue);
  printf("after the signal: clEnqueueTask returned %d, clFinish %d\n", enqueued, finished);
  EXPECT_ERR(CL_OUT_OF_RESOURCES, clEnqueueTask(queue, spin.kernel, 0, NULL, NULL));
  OK(clReleaseEvent(gate));
  return 1;
}

int main(int argc, char **argv) {
  REQUIRE(argc == 2);
  if (strcmp(argv[1], "hang-ignoring-sigint") == 0) signal(SIGINT, SIG_IGN);
  spvsimContext(&device, &context, &queue);
  if (strncmp(argv[1], "hang", 4) == 0) return runHang();
  if (strcmp(argv[1], "idle-sigint") == 0) return runAfterSigint(0);
  if (strcmp(argv[1], "queued-sigint") == 0) return runAfterSigint(1);
  if (strcmp(argv[1], "static") == 0) return runStatic();
  if (strcmp(argv[1], "timeout") == 0) return runTimeout(0);
  if (strcmp(argv[1], "run-timeout") == 0) return runTimeout(1);
  if (strcmp(argv[1], "release") == 0) return runRelease();
  if (strcmp(argv[1], "exit") == 0) return runExit();
  fprintf(stderr, "unknown mode %s\n", argv[1]);
  return 2;
}
