// Command-queues (see queue.h).
#include "core/queue.h"

#include <algorithm>

#include "core/scheduler.h"

namespace spvsim::runtime {

Queue::Queue(std::shared_ptr<Context> context, Device &device,
             cl_command_queue_properties properties, std::vector<cl_queue_properties> propertyList)
    : context_(std::move(context)), device_(device), properties_(properties),
      propertyList_(std::move(propertyList)) {}

std::shared_ptr<Event> Queue::enqueue(cl_command_type type, Event::Work work,
                                      const std::vector<std::shared_ptr<Event>> &waitList,
                                      Ordering ordering, Run run) {
  auto event =
      makeObject<Event>(context_, weak_from_this(), this, type, profiling(), std::move(work));
  // The wait list's failures fail the command; the queue's order only delays it.
  std::vector<std::shared_ptr<Event>> after;
  {
    std::lock_guard lock(mutex_);
    std::erase_if(pending_, [](const std::shared_ptr<Event> &e) { return e->finished(); });
    if (!outOfOrder()) {
      // In order: each command starts after the previous one finished (OpenCL API §5.1).
      if (last_) after.push_back(last_);
    } else {
      if (barrier_) after.push_back(barrier_);
      // OpenCL API §5.12: a barrier, or a marker without a wait list, waits for every
      // command enqueued before it.
      if (ordering == Ordering::Barrier || (ordering == Ordering::Marker && waitList.empty()))
        after.insert(after.end(), pending_.begin(), pending_.end());
      if (ordering == Ordering::Barrier) barrier_ = event;
    }
    last_ = event;
    pending_.push_back(event);
  }
  Scheduler::get().submit(event, waitList, after, run == Run::HereWhenReady);
  return event;
}

void Queue::finish() {
  std::vector<std::shared_ptr<Event>> pending;
  {
    std::lock_guard lock(mutex_);
    pending = pending_;
  }
  for (const auto &e : pending) e->wait();
}

} // namespace spvsim::runtime
