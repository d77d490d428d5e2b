/* Events (OpenCL API §5.11, §5.12): status and queries, user events gating
 * commands, failures propagating to the commands that wait for them, status
 * callbacks, markers and barriers, profiling times, and independent commands
 * of an out-of-order queue running at the same time. */
#include <pthread.h>
#include <unistd.h>

#include "status_log.h"

static const char *kSource =
    "__kernel void spin(__global int *out, int iterations) {\n"
    "  uint acc = get_global_id(0);\n"
    "  for (int k = 0; k < iterations; ++k) acc = acc * 1103515245 + 12345;\n"
    "  out[get_global_id(0)] = acc;\n"
    "}\n"
    "__kernel void set(__global int *out, int value) { out[get_global_id(0)] = value; }\n";

static cl_device_id device;
static cl_context context;
static cl_program program;

static cl_ulong timeOf(cl_event e, cl_profiling_info which) {
  cl_ulong t = 0;
  OK(clGetEventProfilingInfo(e, which, sizeof t, &t, NULL));
  return t;
}

static cl_kernel kernel(const char *name, cl_mem out, int value) {
  cl_int err;
  cl_kernel k = clCreateKernel(program, name, &err);
  OK(err);
  OK(clSetKernelArg(k, 0, sizeof out, &out));
  OK(clSetKernelArg(k, 1, sizeof value, &value));
  return k;
}

static void userEvents(void) {
  cl_int err;
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
  cl_mem out = clCreateBuffer(context, 0, 64 * sizeof(int), NULL, &err);
  cl_event gate = clCreateUserEvent(context, &err);
  OK(err);
  CHECK(statusOf(gate) == CL_SUBMITTED);
  cl_command_queue q = (cl_command_queue)1;
  OK(clGetEventInfo(gate, CL_EVENT_COMMAND_QUEUE, sizeof q, &q, NULL));
  CHECK(q == NULL);
  cl_command_type type = 0;
  OK(clGetEventInfo(gate, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_COMMAND_USER);

  /* A command held back by the user event. */
  cl_kernel k = kernel("set", out, 7);
  const size_t n = 64;
  cl_event run;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, NULL, 1, &gate, &run));
  OK(clSetEventCallback(run, CL_SUBMITTED, onStatus, NULL));
  OK(clSetEventCallback(run, CL_RUNNING, onStatus, NULL));
  OK(clSetEventCallback(run, CL_COMPLETE, onStatus, NULL));
  usleep(50000);
  CHECK(statusOf(run) == CL_QUEUED);
  CHECK(seenCount == 0);
  OK(clSetUserEventStatus(gate, CL_COMPLETE));
  EXPECT_ERR(CL_INVALID_OPERATION, clSetUserEventStatus(gate, CL_COMPLETE));
  OK(clWaitForEvents(1, &run));
  CHECK(statusOf(run) == CL_COMPLETE);
  OK(clFinish(queue));
  pthread_mutex_lock(&seenLock);
  CHECK(seenCount == 3 && seen[0] == CL_SUBMITTED && seen[1] == CL_RUNNING &&
        seen[2] == CL_COMPLETE);
  pthread_mutex_unlock(&seenLock);
  /* Registered after the fact: called at once. */
  seenCount = 0;
  OK(clSetEventCallback(run, CL_RUNNING, onStatus, NULL));
  CHECK(seenCount == 1 && seen[0] == CL_RUNNING);
  int back[64];
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  CHECK(back[0] == 7 && back[63] == 7);
  OK(clReleaseEvent(run));
  OK(clReleaseEvent(gate));

  /* A failed user event fails what waits for it, and what waits for that. */
  gate = clCreateUserEvent(context, &err);
  cl_kernel k2 = kernel("set", out, 9);
  OK(clEnqueueNDRangeKernel(queue, k2, 1, NULL, &n, NULL, 1, &gate, &run));
  seenCount = 0;
  OK(clSetEventCallback(run, CL_COMPLETE, onStatus, NULL));
  OK(clSetUserEventStatus(gate, -1234));
  EXPECT_ERR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, &run));
  CHECK(statusOf(run) == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  CHECK(seenCount == 1 && seen[0] == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  EXPECT_ERR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
             clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof back, back, 1, &run, NULL));
  OK(clFinish(queue));
  /* The failed kernel did not run. */
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  CHECK(back[5] == 7);
  OK(clReleaseEvent(run));
  OK(clReleaseEvent(gate));

  /* Errors. */
  cl_event notUser;
  OK(clEnqueueMarkerWithWaitList(queue, 0, NULL, &notUser));
  EXPECT_ERR(CL_INVALID_EVENT, clSetUserEventStatus(notUser, CL_COMPLETE));
  gate = clCreateUserEvent(context, &err);
  EXPECT_ERR(CL_INVALID_VALUE, clSetUserEventStatus(gate, CL_SUBMITTED));
  EXPECT_ERR(CL_INVALID_VALUE, clSetEventCallback(gate, CL_QUEUED, onStatus, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clSetEventCallback(gate, CL_COMPLETE, NULL, NULL));
  EXPECT_ERR(CL_INVALID_VALUE, clWaitForEvents(0, &gate));
  cl_context other = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  cl_event foreign = clCreateUserEvent(other, &err);
  cl_event mixed[] = {gate, foreign};
  EXPECT_ERR(CL_INVALID_CONTEXT, clWaitForEvents(2, mixed));
  EXPECT_ERR(CL_INVALID_CONTEXT, clEnqueueMarkerWithWaitList(queue, 1, &foreign, NULL));
  EXPECT_ERR(CL_INVALID_EVENT_WAIT_LIST, clEnqueueMarkerWithWaitList(queue, 1, NULL, NULL));
  EXPECT_ERR(CL_INVALID_EVENT_WAIT_LIST, clEnqueueMarkerWithWaitList(queue, 0, &gate, NULL));
  OK(clSetUserEventStatus(gate, CL_COMPLETE));
  OK(clSetUserEventStatus(foreign, CL_COMPLETE));
  cl_uint refs = 0;
  OK(clRetainEvent(gate));
  OK(clGetEventInfo(gate, CL_EVENT_REFERENCE_COUNT, sizeof refs, &refs, NULL));
  CHECK(refs == 2);
  OK(clReleaseEvent(gate));
  OK(clReleaseEvent(gate));
  EXPECT_ERR(CL_INVALID_EVENT, clReleaseEvent(gate));
  OK(clReleaseEvent(foreign));
  OK(clReleaseEvent(notUser));
  OK(clReleaseContext(other));
  OK(clReleaseKernel(k));
  OK(clReleaseKernel(k2));
  OK(clReleaseMemObject(out));
  OK(clReleaseCommandQueue(queue));
}

static void profilingAndOrder(void) {
  cl_int err;
  cl_mem a = clCreateBuffer(context, 0, 64 * sizeof(int), NULL, &err);
  cl_mem b = clCreateBuffer(context, 0, 64 * sizeof(int), NULL, &err);
  cl_kernel spinA = kernel("spin", a, 300000);
  cl_kernel spinB = kernel("spin", b, 300000);
  const size_t n = 64;

  /* In order: the second kernel starts after the first ends. */
  cl_queue_properties inOrder[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, inOrder, &err);
  cl_event e1, e2;
  OK(clEnqueueNDRangeKernel(queue, spinA, 1, NULL, &n, &n, 0, NULL, &e1));
  OK(clEnqueueNDRangeKernel(queue, spinB, 1, NULL, &n, &n, 0, NULL, &e2));
  OK(clFinish(queue));
  cl_ulong q1 = timeOf(e1, CL_PROFILING_COMMAND_QUEUED),
           s1 = timeOf(e1, CL_PROFILING_COMMAND_SUBMIT);
  cl_ulong b1 = timeOf(e1, CL_PROFILING_COMMAND_START), x1 = timeOf(e1, CL_PROFILING_COMMAND_END);
  CHECK(q1 <= s1 && s1 <= b1 && b1 < x1);
  CHECK(timeOf(e1, CL_PROFILING_COMMAND_COMPLETE) >= x1);
  CHECK(timeOf(e2, CL_PROFILING_COMMAND_START) >= x1);
  cl_ulong value;
  EXPECT_ERR(CL_INVALID_VALUE, clGetEventProfilingInfo(e1, 0x7777, sizeof value, &value, NULL));
  EXPECT_ERR(CL_INVALID_VALUE,
             clGetEventProfilingInfo(e1, CL_PROFILING_COMMAND_END, 4, &value, NULL));
  OK(clReleaseEvent(e1));
  OK(clReleaseEvent(e2));
  OK(clReleaseCommandQueue(queue));

  /* Out of order: independent kernels overlap in time. */
  cl_queue_properties outOfOrder[] = {
      CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
  queue = clCreateCommandQueueWithProperties(context, device, outOfOrder, &err);
  OK(clEnqueueNDRangeKernel(queue, spinA, 1, NULL, &n, &n, 0, NULL, &e1));
  OK(clEnqueueNDRangeKernel(queue, spinB, 1, NULL, &n, &n, 0, NULL, &e2));
  OK(clFinish(queue));
  cl_ulong startA = timeOf(e1, CL_PROFILING_COMMAND_START),
           endA = timeOf(e1, CL_PROFILING_COMMAND_END);
  cl_ulong startB = timeOf(e2, CL_PROFILING_COMMAND_START),
           endB = timeOf(e2, CL_PROFILING_COMMAND_END);
  CHECK(startA < endB && startB < endA);
  OK(clReleaseEvent(e1));
  OK(clReleaseEvent(e2));

  /* A barrier orders the commands after it behind those before it; a marker without a
   * wait list waits for everything before it. */
  cl_event gate = clCreateUserEvent(context, &err);
  cl_event held, barrier, after, marker;
  OK(clEnqueueNDRangeKernel(queue, spinA, 1, NULL, &n, &n, 1, &gate, &held));
  OK(clEnqueueBarrierWithWaitList(queue, 0, NULL, &barrier));
  OK(clEnqueueNDRangeKernel(queue, spinB, 1, NULL, &n, &n, 0, NULL, &after));
  OK(clEnqueueMarkerWithWaitList(queue, 0, NULL, &marker));
  usleep(50000);
  CHECK(statusOf(after) == CL_QUEUED && statusOf(marker) == CL_QUEUED);
  OK(clSetUserEventStatus(gate, CL_COMPLETE));
  OK(clWaitForEvents(1, &marker));
  CHECK(statusOf(held) == CL_COMPLETE && statusOf(after) == CL_COMPLETE);
  CHECK(timeOf(after, CL_PROFILING_COMMAND_START) >= timeOf(held, CL_PROFILING_COMMAND_END));
  cl_command_type type;
  OK(clGetEventInfo(barrier, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_COMMAND_BARRIER);
  cl_event list[] = {held, barrier, after, marker, gate};
  for (int i = 0; i < 5; ++i) OK(clReleaseEvent(list[i]));

  /* The OpenCL 1.x forms. */
  gate = clCreateUserEvent(context, &err);
  OK(clEnqueueWaitForEvents(queue, 1, &gate));
  OK(clEnqueueMarker(queue, &marker));
  EXPECT_ERR(CL_INVALID_VALUE, clEnqueueMarker(queue, NULL));
  OK(clEnqueueBarrier(queue));
  CHECK(statusOf(marker) != CL_COMPLETE);
  OK(clSetUserEventStatus(gate, CL_COMPLETE));
  OK(clFinish(queue));
  CHECK(statusOf(marker) == CL_COMPLETE);
  OK(clReleaseEvent(marker));
  OK(clReleaseEvent(gate));
  OK(clReleaseCommandQueue(queue));

  /* Profiling needs a profiling queue and a command. */
  queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
  OK(clEnqueueMarkerWithWaitList(queue, 0, NULL, &e1));
  OK(clFinish(queue));
  EXPECT_ERR(CL_PROFILING_INFO_NOT_AVAILABLE,
             clGetEventProfilingInfo(e1, CL_PROFILING_COMMAND_END, sizeof value, &value, NULL));
  gate = clCreateUserEvent(context, &err);
  EXPECT_ERR(CL_PROFILING_INFO_NOT_AVAILABLE,
             clGetEventProfilingInfo(gate, CL_PROFILING_COMMAND_END, sizeof value, &value, NULL));
  OK(clSetUserEventStatus(gate, CL_COMPLETE));
  OK(clReleaseEvent(gate));
  OK(clReleaseEvent(e1));
  OK(clReleaseCommandQueue(queue));
  OK(clReleaseKernel(spinA));
  OK(clReleaseKernel(spinB));
  OK(clReleaseMemObject(a));
  OK(clReleaseMemObject(b));
}

/* Releasing a queue with commands still waiting: they run, and their events complete. */
static void releaseWhilePending(void) {
  cl_int err;
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
  cl_mem out = clCreateBuffer(context, 0, 64 * sizeof(int), NULL, &err);
  cl_kernel k = kernel("set", out, 3);
  cl_event gate = clCreateUserEvent(context, &err), run;
  const size_t n = 64;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, NULL, 1, &gate, &run));
  OK(clReleaseKernel(k));
  OK(clReleaseMemObject(out));
  OK(clReleaseCommandQueue(queue));
  OK(clSetUserEventStatus(gate, CL_COMPLETE));
  OK(clWaitForEvents(1, &run));
  CHECK(statusOf(run) == CL_COMPLETE);
  cl_command_queue q = NULL;
  OK(clGetEventInfo(run, CL_EVENT_COMMAND_QUEUE, sizeof q, &q, NULL));
  CHECK(q == queue);
  OK(clReleaseEvent(run));
  OK(clReleaseEvent(gate));
}

int main(void) {
  cl_command_queue unused;
  spvsimContext(&device, &context, &unused);
  OK(clReleaseCommandQueue(unused));
  program = buildSource(context, device, kSource, "");
  userEvents();
  profilingAndOrder();
  releaseWhilePending();
  OK(clReleaseProgram(program));
  OK(clReleaseContext(context));
  return finish("events");
}
