// The command scheduler (see scheduler.h).
#include "core/scheduler.h"

#include <algorithm>
#include <exception>
#include <iostream>
#include <new>

namespace spvsim::runtime {

namespace {

/// Workers: enough for independent commands to overlap; each kernel launch brings its own
/// threads for its work-groups.
size_t maxWorkers() {
  return std::max<size_t>(2, std::thread::hardware_concurrency());
}

/// Commands that the current thread runs outside the worker loop (Scheduler::runTaken),
/// nested when a callback of one waits for another.
thread_local int commandsOnThisThread = 0;

/// Runs a command's work: its status, CL_OUT_OF_HOST_MEMORY or CL_OUT_OF_RESOURCES when
/// it threw.
cl_int runCommandWork(Event &event) {
  try {
    if (Event::Work work = event.takeWork()) return work();
  } catch (const std::bad_alloc &) {
    return CL_OUT_OF_HOST_MEMORY;
  } catch (const std::exception &e) {
    std::cerr << "spvsim: internal error in a command: " << e.what() << "\n";
    return CL_OUT_OF_RESOURCES;
  }
  return CL_SUCCESS;
}

} // namespace

Scheduler &Scheduler::get() {
  // Never destroyed: shutdown() stops it at process exit (see api/dispatch.cpp).
  static Scheduler *scheduler = std::make_unique<Scheduler>().release();
  return *scheduler;
}

void Scheduler::submit(const std::shared_ptr<Event> &event,
                       const std::vector<std::shared_ptr<Event>> &waitList,
                       const std::vector<std::shared_ptr<Event>> &after, bool here) {
  // One extra count keeps the event from becoming ready before every dependency is counted.
  event->setPendingDependencies(static_cast<int>(waitList.size() + after.size()) + 1);
  auto add = [&](const std::shared_ptr<Event> &d, bool propagate) {
    bool failed = false;
    if (!d->addWaiter({event, propagate}, failed)) event->dependencyFinished(failed && propagate);
  };
  for (const auto &d : waitList) add(d, true);
  for (const auto &d : after) add(d, false);
  if (!event->dependencyFinished(false)) return;
  if (here && !event->dependencyFailed())
    runHere(event);
  else
    ready(event);
}

void Scheduler::runHere(const std::shared_ptr<Event> &event) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return; // at process exit, as ready() drops it
    ++running_;
  }
  event->advance(CL_SUBMITTED);
  runTaken(event);
}

void Scheduler::runTaken(std::shared_ptr<Event> event) {
  // The same states, callbacks and profiling times as on a worker (workerLoop).
  ++commandsOnThisThread;
  event->advance(CL_RUNNING);
  const cl_int status = runCommandWork(*event);
  finished(event->finish(status), status < 0);
  event.reset();
  --commandsOnThisThread;
  std::lock_guard lock(mutex_);
  --running_;
  if (stopping_) wake_.notify_all();
}

bool Scheduler::runIfWaiting(const Event &waited, cl_command_queue inOrder) {
  std::shared_ptr<Event> event;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return false;
    // An in-order queue has one ready command at a time: the one at its head, which every
    // later command of the queue waits for.
    auto it = std::find_if(ready_.begin(), ready_.end(), [&](const std::shared_ptr<Event> &e) {
      return e.get() == &waited || (inOrder && e->queueHandle() == inOrder);
    });
    if (it == ready_.end()) return false;
    event = std::move(*it);
    ready_.erase(it);
    ++running_;
  }
  // A worker woken for it finds the queue empty.
  runTaken(std::move(event));
  return true;
}

void Scheduler::finished(const std::vector<Event::Waiter> &waiters, bool failed) {
  for (const Event::Waiter &w : waiters)
    if (w.event->dependencyFinished(failed && w.propagate)) ready(w.event);
}

void Scheduler::ready(const std::shared_ptr<Event> &event) {
  if (event->dependencyFailed()) {
    finished(event->finish(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST), true);
    return;
  }
  event->advance(CL_SUBMITTED);
  std::lock_guard lock(mutex_);
  if (stopping_) return;
  ready_.push_back(event);
  if (idle_ == 0 && workers_.size() < maxWorkers())
    workers_.emplace_back([this] { workerLoop(); });
  else
    wake_.notify_one();
}

void Scheduler::workerLoop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    ++idle_;
    wake_.wait(lock, [&] { return stopping_ || !ready_.empty(); });
    --idle_;
    if (stopping_) return;
    std::shared_ptr<Event> event = std::move(ready_.front());
    ready_.pop_front();
    ++running_;
    lock.unlock();

    event->advance(CL_RUNNING);
    const cl_int status = runCommandWork(*event);
    finished(event->finish(status), status < 0);
    event.reset();

    lock.lock();
    --running_;
    // Only shutdown() waits for a command to finish; another ready command was
    // announced when it became ready, and this loop takes it before it waits.
    if (stopping_) wake_.notify_all();
  }
}

void Scheduler::shutdown() {
  std::vector<std::thread> workers;
  {
    std::unique_lock lock(mutex_);
    // Commands that started may finish; the others never run. (A callback that exits the
    // process runs in a command's thread: the commands that thread runs are not waited
    // for.)
    const std::thread::id self = std::this_thread::get_id();
    const size_t own = std::any_of(workers_.begin(), workers_.end(),
                                   [&](const std::thread &t) { return t.get_id() == self; }) +
                       static_cast<size_t>(commandsOnThisThread);
    stopping_ = true;
    ready_.clear();
    wake_.notify_all();
    wake_.wait(lock, [&] { return running_ <= own; });
    workers.swap(workers_);
  }
  for (std::thread &t : workers) {
    if (t.get_id() == std::this_thread::get_id())
      t.detach();
    else
      t.join();
  }
}

} // namespace spvsim::runtime
