/* Host commands run on the calling thread when nothing is ahead of them (OpenCL API
 * §5.1, §5.11, §5.12): a command whose queue and wait list are done completes before its
 * enqueue returns, with the same states, callbacks and profiling times as on a worker;
 * one with anything unfinished ahead of it (an in-order predecessor, an out-of-order
 * barrier, an event of another queue, a user event) still waits, and a failed wait list
 * still fails it without running it. Each case fails if a command ran too early. */
#include <pthread.h>
#include <unistd.h>

#include "status_log.h"

enum { kInts = 16 };

static cl_device_id device;
static cl_context context;

static cl_mem buffer(int value) {
  cl_int err;
  int init[kInts];
  for (int i = 0; i < kInts; ++i) init[i] = value;
  cl_mem m = clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, sizeof init, init, &err);
  OK(err);
  return m;
}

static cl_command_queue makeQueue(cl_command_queue_properties properties) {
  cl_int err;
  cl_queue_properties list[] = {CL_QUEUE_PROPERTIES, properties, 0};
  cl_command_queue q = clCreateCommandQueueWithProperties(context, device, list, &err);
  OK(err);
  return q;
}

static void fill(cl_command_queue q, cl_mem m, int value, cl_uint waits, const cl_event *list,
                 cl_event *event) {
  OK(clEnqueueFillBuffer(q, m, &value, sizeof value, 0, kInts * sizeof(int), waits, list, event));
}

/* The first int of `m`, read by a blocking read on a queue of its own. */
static int firstInt(cl_mem m) {
  cl_command_queue q = makeQueue(0);
  int v = -1;
  OK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof v, &v, 0, NULL, NULL));
  OK(clReleaseCommandQueue(q));
  return v;
}

/* A blocking read on another thread, so that the test sees when it returns. */
struct Reader {
  cl_command_queue queue;
  cl_mem mem;
  cl_uint waits;
  const cl_event *list;
  int value;
  cl_int status;
  volatile int done;
};

static void *readBlocking(void *p) {
  struct Reader *r = p;
  r->status = clEnqueueReadBuffer(r->queue, r->mem, CL_TRUE, 0, sizeof r->value, &r->value,
                                  r->waits, r->list, NULL);
  __atomic_store_n(&r->done, 1, __ATOMIC_RELEASE);
  return NULL;
}

/* An idle queue: the command is complete when its enqueue returns, with its times and
 * callbacks in order. */
static void idleQueue(void) {
  cl_command_queue q = makeQueue(CL_QUEUE_PROFILING_ENABLE);
  cl_mem m = buffer(0);
  cl_event e;
  fill(q, m, 5, 0, NULL, &e);
  CHECK(statusOf(e) == CL_COMPLETE);
  cl_ulong t[4];
  const cl_profiling_info which[4] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                      CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
  for (int i = 0; i < 4; ++i) OK(clGetEventProfilingInfo(e, which[i], sizeof t[i], &t[i], NULL));
  CHECK(t[0] <= t[1] && t[1] <= t[2] && t[2] <= t[3]);
  seenCount = 0;
  OK(clSetEventCallback(e, CL_SUBMITTED, onStatus, NULL));
  OK(clSetEventCallback(e, CL_RUNNING, onStatus, NULL));
  OK(clSetEventCallback(e, CL_COMPLETE, onStatus, NULL));
  CHECK(seenCount == 3 && seen[0] == CL_SUBMITTED && seen[1] == CL_RUNNING &&
        seen[2] == CL_COMPLETE);
  OK(clReleaseEvent(e));
  cl_event marker;
  OK(clEnqueueMarkerWithWaitList(q, 0, NULL, &marker));
  CHECK(statusOf(marker) == CL_COMPLETE);
  OK(clReleaseEvent(marker));
  int v = 0;
  OK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof v, &v, 0, NULL, NULL));
  CHECK(v == 5);
  OK(clReleaseMemObject(m));
  OK(clReleaseCommandQueue(q));
}

/* In order: a fill and a blocking read behind a command held by a user event wait for
 * it, and run after it. */
static void inOrder(void) {
  cl_int err;
  cl_command_queue q = makeQueue(0);
  cl_mem m = buffer(0);
  cl_event gate = clCreateUserEvent(context, &err), held, after;
  fill(q, m, 1, 1, &gate, &held);
  fill(q, m, 2, 0, NULL, &after);
  struct Reader r = {q, m, 0, NULL, -1, 99, 0};
  pthread_t thread;
  REQUIRE(pthread_create(&thread, NULL, readBlocking, &r) == 0);
  usleep(20000);
  CHECK(statusOf(held) == CL_QUEUED && statusOf(after) == CL_QUEUED);
  CHECK(!__atomic_load_n(&r.done, __ATOMIC_ACQUIRE));
  CHECK(firstInt(m) == 0);
  OK(clSetUserEventStatus(gate, CL_COMPLETE));
  pthread_join(thread, NULL);
  OK(r.status);
  CHECK(r.value == 2);
  CHECK(statusOf(held) == CL_COMPLETE && statusOf(after) == CL_COMPLETE);
  cl_event list[] = {gate, held, after};
  for (int i = 0; i < 3; ++i) OK(clReleaseEvent(list[i]));
  OK(clReleaseMemObject(m));
  OK(clReleaseCommandQueue(q));
}

/* A failed event in the wait list fails the command without running it, on an idle queue
 * too; the queue's next command, which only follows it, runs. */
static void failedWaitList(void) {
  cl_int err;
  cl_command_queue q = makeQueue(0);
  cl_mem m = buffer(4);
  cl_event failed = clCreateUserEvent(context, &err), e, next;
  OK(clSetUserEventStatus(failed, -7));
  fill(q, m, 8, 1, &failed, &e);
  CHECK(statusOf(e) == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  int v = -1;
  EXPECT_ERR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
             clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof v, &v, 1, &failed, NULL));
  CHECK(v == -1);
  fill(q, m, 9, 0, NULL, &next);
  OK(clWaitForEvents(1, &next));
  CHECK(firstInt(m) == 9);
  /* The same when the event fails while the command waits. */
  cl_event later = clCreateUserEvent(context, &err), waiting;
  fill(q, m, 10, 1, &later, &waiting);
  CHECK(statusOf(waiting) == CL_QUEUED);
  OK(clSetUserEventStatus(later, -8));
  EXPECT_ERR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, &waiting));
  OK(clFinish(q));
  CHECK(firstInt(m) == 9);
  cl_event list[] = {failed, e, next, later, waiting};
  for (int i = 0; i < 5; ++i) OK(clReleaseEvent(list[i]));
  OK(clReleaseMemObject(m));
  OK(clReleaseCommandQueue(q));
}

/* Out of order: an independent command runs at once; one behind a barrier, or a marker
 * without a wait list, waits for what came before. */
static void outOfOrder(void) {
  cl_int err;
  cl_command_queue q = makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  cl_mem a = buffer(0), b = buffer(0);
  cl_event gate = clCreateUserEvent(context, &err), held, independent, marker, barrier, behind;
  fill(q, a, 1, 1, &gate, &held);
  fill(q, b, 3, 0, NULL, &independent);
  CHECK(statusOf(independent) == CL_COMPLETE);
  OK(clEnqueueMarkerWithWaitList(q, 0, NULL, &marker));
  OK(clEnqueueBarrierWithWaitList(q, 0, NULL, &barrier));
  fill(q, a, 2, 0, NULL, &behind);
  struct Reader r = {q, b, 0, NULL, -1, 99, 0};
  pthread_t thread;
  REQUIRE(pthread_create(&thread, NULL, readBlocking, &r) == 0);
  usleep(20000);
  CHECK(statusOf(marker) == CL_QUEUED && statusOf(barrier) == CL_QUEUED);
  CHECK(statusOf(behind) == CL_QUEUED);
  CHECK(!__atomic_load_n(&r.done, __ATOMIC_ACQUIRE));
  CHECK(firstInt(a) == 0);
  OK(clSetUserEventStatus(gate, CL_COMPLETE));
  pthread_join(thread, NULL);
  OK(r.status);
  CHECK(r.value == 3);
  OK(clFinish(q));
  CHECK(firstInt(a) == 2);
  cl_event list[] = {gate, held, independent, marker, barrier, behind};
  for (int i = 0; i < 6; ++i) OK(clReleaseEvent(list[i]));
  OK(clReleaseMemObject(a));
  OK(clReleaseMemObject(b));
  OK(clReleaseCommandQueue(q));
}

/* Several queues: a command waiting for another queue's unfinished command waits. */
static void severalQueues(void) {
  cl_int err;
  cl_command_queue q1 = makeQueue(0), q2 = makeQueue(0);
  cl_mem m = buffer(0);
  cl_event gate = clCreateUserEvent(context, &err), first, second;
  fill(q1, m, 1, 1, &gate, &first);
  fill(q2, m, 2, 1, &first, &second);
  struct Reader r = {q2, m, 1, &first, -1, 99, 0};
  pthread_t thread;
  REQUIRE(pthread_create(&thread, NULL, readBlocking, &r) == 0);
  usleep(20000);
  CHECK(statusOf(second) == CL_QUEUED);
  CHECK(!__atomic_load_n(&r.done, __ATOMIC_ACQUIRE));
  OK(clSetUserEventStatus(gate, CL_COMPLETE));
  pthread_join(thread, NULL);
  OK(r.status);
  CHECK(r.value == 2);
  OK(clFinish(q2));
  CHECK(firstInt(m) == 2);
  cl_event list[] = {gate, first, second};
  for (int i = 0; i < 3; ++i) OK(clReleaseEvent(list[i]));
  OK(clReleaseMemObject(m));
  OK(clReleaseCommandQueue(q1));
  OK(clReleaseCommandQueue(q2));
}

int main(void) {
  cl_command_queue unused;
  spvsimContext(&device, &context, &unused);
  OK(clReleaseCommandQueue(unused));
  idleQueue();
  inOrder();
  failedWaitList();
  outOfOrder();
  severalQueues();
  OK(clReleaseContext(context));
  return finish("inline_commands");
}
