// Event: one command's execution status (OpenCL API §5.11) — queued,
// submitted, running, complete or a negative error — with its profiling
// times, status callbacks, and the commands waiting for it. User events are
// events without a command, completed by the application.
#pragma once

#include <array>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "core/cl.h"
#include "core/object.h"

namespace spvsim::runtime {

class Context;
class Queue;

using EventCallback = void(CL_CALLBACK *)(cl_event, cl_int, void *);

class Event : public _cl_event {
public:
  static constexpr ObjectKind kKind = ObjectKind::Event;
  /// What the command does when it runs: CL_SUCCESS or a negative status.
  using Work = std::function<cl_int()>;

  /// A command of `queue` (queueHandle is what CL_EVENT_COMMAND_QUEUE returns).
  Event(std::shared_ptr<Context> context, std::weak_ptr<Queue> queue, cl_command_queue queueHandle,
        cl_command_type type, bool profiling, Work work);
  /// A user event (clCreateUserEvent): CL_SUBMITTED until the application sets it.
  explicit Event(std::shared_ptr<Context> context);

  Context &context() const { return *context_; }
  const std::shared_ptr<Context> &sharedContext() const { return context_; }
  cl_command_queue queueHandle() const { return queueHandle_; }
  std::shared_ptr<Queue> queue() const { return queue_.lock(); }
  cl_command_type commandType() const { return type_; }
  bool isUserEvent() const { return type_ == CL_COMMAND_USER; }

  cl_int status() const;
  /// True once complete or failed.
  bool finished() const;
  /// Waits until the event is complete or failed and returns its status.
  cl_int wait();
  /// clSetEventCallback; runs at once (on this thread) if the status was already reached.
  void addCallback(cl_int status, EventCallback callback, void *userData);
  /// Profiling times (CL_PROFILING_COMMAND_*); nullopt unless the queue profiles and the
  /// command has reached that point.
  bool profilingTime(cl_profiling_info which, cl_ulong &out) const;
  bool profiled() const { return profiling_; }

  /// clSetUserEventStatus: false if the status was already set.
  bool setUserStatus(cl_int status);

  // Scheduling (core/scheduler.cpp).
  /// An event waiting for this one; `propagate`: it fails when this one fails (its wait
  /// list), rather than only coming after it (queue order).
  struct Waiter {
    std::shared_ptr<Event> event;
    bool propagate = true;
  };
  /// Registers a waiter to be told when this event finishes; false when it already has
  /// (then `failed` says whether it failed).
  bool addWaiter(const Waiter &waiter, bool &failed);
  /// One event this one waits for has finished; true when it was the last one.
  bool dependencyFinished(bool failed);
  /// Takes the work out of the event (it runs once).
  Work takeWork();
  /// Moves to CL_SUBMITTED / CL_RUNNING.
  void advance(cl_int status);
  /// Moves to CL_COMPLETE or a negative status, runs the callbacks, then wakes the threads
  /// that wait; returns the events that were waiting for it.
  std::vector<Waiter> finish(cl_int status);
  void setPendingDependencies(int count) { pending_ = count; }
  bool dependencyFailed() const { return dependencyFailed_; }

private:
  void runCallbacks(cl_int status, std::unique_lock<std::mutex> &lock);

  std::shared_ptr<Context> context_;
  std::weak_ptr<Queue> queue_;
  cl_command_queue queueHandle_ = nullptr;
  cl_command_type type_;
  bool profiling_ = false;
  Work work_;

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  cl_int status_;
  std::array<cl_ulong, 4> times_{}; ///< queued, submit, start, end
  struct Callback {
    cl_int status;
    EventCallback function;
    void *userData;
  };
  std::vector<Callback> callbacks_;
  std::vector<Waiter> waiters_;
  int pending_ = 0; ///< events this one still waits for (guarded by mutex_)
  bool dependencyFailed_ = false;
};

} // namespace spvsim::runtime
