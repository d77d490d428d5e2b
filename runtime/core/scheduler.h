// Scheduler: runs commands when the events they wait for have finished, on a
// small pool of worker threads shared by every queue — so commands that do
// not depend on each other (out-of-order queues, several queues) run at the
// same time. A command whose wait list holds a failed event fails with
// CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST without running. A command that may
// run on the calling thread and whose events have all finished when it is submitted
// runs there at once, without the hand-off to a worker and back; so does a ready
// command that a thread waits for (or that is ahead of it in order) before a worker
// took it.
#pragma once

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/event.h"

namespace spvsim::runtime {

class Scheduler {
public:
  static Scheduler &get();

  /// Runs `event`'s work once every event of `waitList` (whose failure fails it) and of
  /// `after` (which it only follows, as in a queue's order) has finished; `here`: on the
  /// calling thread, before submit returns, when they all have already.
  void submit(const std::shared_ptr<Event> &event,
              const std::vector<std::shared_ptr<Event>> &waitList,
              const std::vector<std::shared_ptr<Event>> &after = {}, bool here = false);
  /// A thread is about to wait for `event`: runs on that thread (which would only sleep
  /// until a worker had run them) a ready command that no worker has taken yet — the event
  /// itself, or the command of its in-order queue `inOrder` ahead of it. False when there
  /// was none.
  bool runIfWaiting(const Event &event, cl_command_queue inOrder);
  /// An event finished: tells the events that were waiting for it.
  void finished(const std::vector<Event::Waiter> &waiters, bool failed);
  /// Lets running commands end, drops the ones not started, and joins the workers
  /// (at process exit).
  void shutdown();

private:
  void ready(const std::shared_ptr<Event> &event);
  /// Runs a ready command on the calling thread and tells the events waiting for it.
  void runHere(const std::shared_ptr<Event> &event);
  /// Runs a submitted command counted in running_ on the calling thread.
  void runTaken(std::shared_ptr<Event> event);
  void workerLoop();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<Event>> ready_;
  std::vector<std::thread> workers_;
  size_t idle_ = 0;
  size_t running_ = 0;
  bool stopping_ = false;
};

} // namespace spvsim::runtime
