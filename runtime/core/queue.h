// Queue: a host command-queue (OpenCL API §5.1). It decides what each new
// command waits for — the previous command (in-order), or only its wait list
// and the last barrier (out-of-order) — and hands it to the Scheduler, or runs it on
// the calling thread when it is a host command and nothing it waits for is unfinished.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "core/cl.h"
#include "core/context.h"
#include "core/event.h"
#include "core/object.h"

namespace spvsim::runtime {

class Queue : public _cl_command_queue, public std::enable_shared_from_this<Queue> {
public:
  static constexpr ObjectKind kKind = ObjectKind::Queue;
  /// How a command orders against the others of the queue.
  enum class Ordering {
    Command, ///< waits for its wait list (and, in order, the previous command)
    Marker,  ///< with an empty wait list, waits for every command enqueued before it
    Barrier, ///< a marker that later commands also wait for
  };

  Queue(std::shared_ptr<Context> context, Device &device, cl_command_queue_properties properties,
        std::vector<cl_queue_properties> propertyList);

  Context &context() const { return *context_; }
  const std::shared_ptr<Context> &sharedContext() const { return context_; }
  Device &device() const { return device_; }
  cl_command_queue_properties properties() const { return properties_; }
  /// The properties as given to clCreateCommandQueueWithProperties (CL_QUEUE_PROPERTIES_ARRAY).
  const std::vector<cl_queue_properties> &propertyList() const { return propertyList_; }
  bool outOfOrder() const { return properties_ & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE; }
  bool profiling() const { return properties_ & CL_QUEUE_PROFILING_ENABLE; }

  /// Where a command may run.
  enum class Run {
    /// On the calling thread, before enqueue returns, when every command ahead of it in
    /// the queue and every event of its wait list has finished; on a worker otherwise.
    /// For host commands (transfers, fills, maps, markers): short work that never waits
    /// for the application, so that a small blocking command costs no thread hand-off.
    HereWhenReady,
    /// Always on a worker (kernels, native kernels): the application goes on meanwhile.
    OnWorker,
  };

  /// Enqueues a command; it runs `work` when its turn comes.
  std::shared_ptr<Event> enqueue(cl_command_type type, Event::Work work,
                                 const std::vector<std::shared_ptr<Event>> &waitList,
                                 Ordering ordering = Ordering::Command,
                                 Run run = Run::HereWhenReady);
  /// Waits until every command enqueued so far has finished (clFinish).
  void finish();

private:
  std::shared_ptr<Context> context_;
  Device &device_;
  cl_command_queue_properties properties_;
  std::vector<cl_queue_properties> propertyList_;

  std::mutex mutex_;
  std::shared_ptr<Event> last_;                 ///< the newest command
  std::shared_ptr<Event> barrier_;              ///< the newest barrier (out-of-order)
  std::vector<std::shared_ptr<Event>> pending_; ///< commands not known to have finished
};

} // namespace spvsim::runtime
