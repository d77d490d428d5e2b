// What the entry points share: returning query values (OpenCL API: param_value,
// param_value_size, param_value_size_ret), looking up handles, checking wait
// lists, handing out events, and turning exceptions into error codes so that
// no call ever lets one escape into the application.
#pragma once

#include <cstring>
#include <exception>
#include <iostream>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "core/cl.h"
#include "core/context.h"
#include "core/device.h"
#include "core/event.h"
#include "core/object.h"
#include "core/queue.h"
#include "spvsim/common/error.h"

namespace spvsim::runtime::api {

/// Copies a query's value: CL_INVALID_VALUE when `value` is given and `size` is too small.
inline cl_int returnInfo(size_t size, void *value, size_t *sizeRet, const void *data, size_t n) {
  if (value) {
    if (size < n) return CL_INVALID_VALUE;
    if (n) std::memcpy(value, data, n);
  }
  if (sizeRet) *sizeRet = n;
  return CL_SUCCESS;
}

template <class T> cl_int returnValue(size_t size, void *value, size_t *sizeRet, const T &v) {
  return returnInfo(size, value, sizeRet, &v, sizeof v);
}

inline cl_int returnString(size_t size, void *value, size_t *sizeRet, const std::string &s) {
  return returnInfo(size, value, sizeRet, s.c_str(), s.size() + 1);
}

template <class T>
cl_int returnVector(size_t size, void *value, size_t *sizeRet, const std::vector<T> &v) {
  return returnInfo(size, value, sizeRet, v.data(), v.size() * sizeof(T));
}

inline cl_int returnNameVersions(size_t size, void *value, size_t *sizeRet,
                                 const std::vector<NamedVersion> &list) {
  std::vector<cl_name_version> out(list.size());
  for (size_t i = 0; i < list.size(); ++i) {
    out[i].version = list[i].version;
    std::memset(out[i].name, 0, sizeof out[i].name);
    std::strncpy(out[i].name, list[i].name.c_str(), sizeof out[i].name - 1);
  }
  return returnVector(size, value, sizeRet, out);
}

inline void setError(cl_int *errcode, cl_int e) {
  if (errcode) *errcode = e;
}

/// Runs an entry point's body; an exception becomes CL_OUT_OF_HOST_MEMORY (allocation)
/// or CL_OUT_OF_RESOURCES (anything else, reported on standard error).
template <class F> cl_int guard(const char *entryPoint, F &&body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return CL_OUT_OF_HOST_MEMORY;
  } catch (const std::exception &e) {
    std::cerr << "spvsim: " << entryPoint << ": " << e.what() << "\n";
    return CL_OUT_OF_RESOURCES;
  } catch (...) {
    std::cerr << "spvsim: " << entryPoint << ": unknown error\n";
    return CL_OUT_OF_RESOURCES;
  }
}

/// The same for entry points that return an object and report through `errcode`.
template <class T, class F>
T guardObject(const char *entryPoint, cl_int *errcode, F &&body) noexcept {
  cl_int status = CL_SUCCESS;
  T result = nullptr;
  status = guard(entryPoint, [&] { return body(result); });
  if (status != CL_SUCCESS) result = nullptr;
  setError(errcode, status);
  return result;
}

/// The events of a wait list (OpenCL API §5.10: CL_INVALID_EVENT_WAIT_LIST, and
/// CL_INVALID_CONTEXT when one belongs to another context than `context`).
inline cl_int collectWaitList(cl_uint count, const cl_event *list, const Context *context,
                              std::vector<std::shared_ptr<Event>> &out) {
  if ((count == 0) != (list == nullptr)) return CL_INVALID_EVENT_WAIT_LIST;
  for (cl_uint i = 0; i < count; ++i) {
    std::shared_ptr<Event> e = lookup<Event>(list[i]);
    if (!e) return CL_INVALID_EVENT_WAIT_LIST;
    if (context && &e->context() != context) return CL_INVALID_CONTEXT;
    out.push_back(std::move(e));
  }
  return CL_SUCCESS;
}

/// The queue and wait list of an enqueued memory command (the buffer and the image
/// commands), looked up and checked by findQueue and findWaits.
struct QueuedCommand {
  std::shared_ptr<Queue> queue;
  std::vector<std::shared_ptr<Event>> waits;
};

inline cl_int findQueue(cl_command_queue handle, QueuedCommand &c) {
  c.queue = lookup<Queue>(handle);
  return c.queue ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
}

/// The wait list, whose events must belong to the queue's context.
inline cl_int findWaits(cl_uint count, const cl_event *list, QueuedCommand &c) {
  return collectWaitList(count, list, &c.queue->context(), c.waits);
}

/// Hands a command's event to the application when it asked for one.
inline void returnEvent(cl_event *event, std::shared_ptr<Event> e) {
  if (event) *event = publish(std::move(e));
}

/// A blocking command: waits for it; CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST when it
/// did not complete.
inline cl_int waitIfBlocking(bool blocking, const std::shared_ptr<Event> &e) {
  if (!blocking) return CL_SUCCESS;
  return e->wait() == CL_COMPLETE ? CL_SUCCESS : CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
}

/// The device behind a handle: spvsim's device, or null.
inline Device *findDevice(cl_device_id device) {
  return lookup<Device>(device).get();
}

} // namespace spvsim::runtime::api
