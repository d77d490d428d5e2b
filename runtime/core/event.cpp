// Events (see event.h).
#include "core/event.h"

#include "core/device.h"
#include "core/queue.h"
#include "core/scheduler.h"

namespace spvsim::runtime {

namespace {
/// A status at or past `wanted` in the order queued > submitted > running > complete.
bool reached(cl_int current, cl_int wanted) {
  return current <= wanted;
}
} // namespace

Event::Event(std::shared_ptr<Context> context, std::weak_ptr<Queue> queue,
             cl_command_queue queueHandle, cl_command_type type, bool profiling, Work work)
    : context_(std::move(context)), queue_(std::move(queue)), queueHandle_(queueHandle),
      type_(type), profiling_(profiling), work_(std::move(work)), status_(CL_QUEUED) {
  times_[0] = nowNanoseconds();
}

Event::Event(std::shared_ptr<Context> context)
    : context_(std::move(context)), type_(CL_COMMAND_USER), status_(CL_SUBMITTED) {}

cl_int Event::status() const {
  std::lock_guard lock(mutex_);
  return status_;
}

bool Event::finished() const {
  std::lock_guard lock(mutex_);
  return status_ <= CL_COMPLETE;
}

cl_int Event::wait() {
  // A ready command that no worker has taken yet — this one, or the one ahead of it in an
  // in-order queue — runs on this thread instead, until this one has.
  if (!isUserEvent()) {
    const std::shared_ptr<Queue> queue = queue_.lock();
    const cl_command_queue inOrder = queue && !queue->outOfOrder() ? queueHandle_ : nullptr;
    while (!finished() && Scheduler::get().runIfWaiting(*this, inOrder)) {
    }
  }
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return status_ <= CL_COMPLETE; });
  return status_;
}

void Event::addCallback(cl_int status, EventCallback callback, void *userData) {
  std::unique_lock lock(mutex_);
  if (reached(status_, status)) {
    // Already there: the callback runs now, with the status it asked for (or the error).
    cl_int reported = status_ < 0 ? status_ : status;
    lock.unlock();
    callback(this, reported, userData);
    return;
  }
  callbacks_.push_back({status, callback, userData});
}

bool Event::profilingTime(cl_profiling_info which, cl_ulong &out) const {
  std::lock_guard lock(mutex_);
  if (!profiling_ || status_ != CL_COMPLETE) return false;
  switch (which) {
  case CL_PROFILING_COMMAND_QUEUED:
    out = times_[0];
    return true;
  case CL_PROFILING_COMMAND_SUBMIT:
    out = times_[1];
    return true;
  case CL_PROFILING_COMMAND_START:
    out = times_[2];
    return true;
  case CL_PROFILING_COMMAND_END:
  case CL_PROFILING_COMMAND_COMPLETE:
    out = times_[3];
    return true;
  default:
    return false;
  }
}

bool Event::setUserStatus(cl_int status) {
  {
    std::lock_guard lock(mutex_);
    if (status_ != CL_SUBMITTED) return false;
  }
  Scheduler::get().finished(finish(status), status < 0);
  return true;
}

bool Event::addWaiter(const Waiter &waiter, bool &failed) {
  std::lock_guard lock(mutex_);
  if (status_ <= CL_COMPLETE) {
    failed = status_ < 0;
    return false;
  }
  waiters_.push_back(waiter);
  return true;
}

bool Event::dependencyFinished(bool failed) {
  std::lock_guard lock(mutex_);
  if (failed) dependencyFailed_ = true;
  return --pending_ == 0;
}

Event::Work Event::takeWork() {
  std::lock_guard lock(mutex_);
  return std::move(work_);
}

void Event::advance(cl_int status) {
  std::unique_lock lock(mutex_);
  if (status_ <= status) return;
  status_ = status;
  times_[status == CL_SUBMITTED ? 1 : 2] = nowNanoseconds();
  if (status == CL_RUNNING && times_[1] == 0) times_[1] = times_[2];
  runCallbacks(status, lock);
}

std::vector<Event::Waiter> Event::finish(cl_int status) {
  std::vector<Waiter> waiters;
  std::unique_lock lock(mutex_);
  if (status_ <= CL_COMPLETE) return waiters;
  const cl_ulong now = nowNanoseconds();
  for (size_t i = 1; i < times_.size(); ++i)
    if (times_[i] == 0) times_[i] = now;
  status_ = status;
  waiters.swap(waiters_);
  Work work = std::move(work_); // released below, outside the lock
  work_ = nullptr;
  // Callbacks before waking the waiting threads: a thread that waited for the event sees
  // what its callbacks did.
  runCallbacks(status, lock);
  changed_.notify_all();
  lock.unlock();
  work = nullptr; // what the command held (buffers, kernels) goes now
  return waiters;
}

void Event::runCallbacks(cl_int status, std::unique_lock<std::mutex> &lock) {
  // Callbacks whose status is now reached run in registration order, outside the lock
  // (they may call back into the API).
  std::vector<Callback> due;
  for (auto it = callbacks_.begin(); it != callbacks_.end();) {
    if (reached(status, it->status)) {
      due.push_back(*it);
      it = callbacks_.erase(it);
    } else {
      ++it;
    }
  }
  lock.unlock();
  for (const Callback &c : due) c.function(this, status < 0 ? status : c.status, c.userData);
  lock.lock();
}

} // namespace spvsim::runtime
