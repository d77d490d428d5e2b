/* Event status helpers of the event tests: an event's execution status, and a callback
 * (clSetEventCallback) that logs the statuses it is called with, in order. */
#ifndef SPVSIM_TEST_STATUS_LOG_H
#define SPVSIM_TEST_STATUS_LOG_H

#include <pthread.h>

#include "harness.h"

static inline cl_int statusOf(cl_event e) {
  cl_int status = 99;
  OK(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL));
  return status;
}

/* Callback log: statuses in the order they were reported. */
static cl_int seen[8];
static int seenCount = 0;
static pthread_mutex_t seenLock = PTHREAD_MUTEX_INITIALIZER;
static void CL_CALLBACK onStatus(cl_event e, cl_int status, void *user) {
  (void)e;
  (void)user;
  pthread_mutex_lock(&seenLock);
  if (seenCount < 8) seen[seenCount++] = status;
  pthread_mutex_unlock(&seenLock);
}

#endif
