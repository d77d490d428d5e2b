// Commands that run kernels or order other commands (OpenCL API §5.10,
// §5.12): NDRange kernels, tasks, native kernels, markers, barriers.
#include <iostream>
#include <limits>

#include "api/api.h"
#include "core/interrupt.h"
#include "core/kernel.h"
#include "core/launch.h"
#include "spvsim/interpreter/launch.h"

using namespace spvsim;
using namespace spvsim::runtime;

namespace {

/// Decides the range of clEnqueueNDRangeKernel and checks it (OpenCL API §5.10); the
/// work-group size is chosen when the application gives none.
cl_int planRange(const Kernel &kernel, const Device &device, cl_uint work_dim,
                 const size_t *global_work_offset, const size_t *global_work_size,
                 const size_t *local_work_size, NDRange &range) {
  range.dims = work_dim;
  uint64_t items = 1;
  bool tooMany = false;
  for (cl_uint d = 0; d < work_dim; ++d) {
    range.global[d] = global_work_size[d];
    range.offset[d] = global_work_offset ? global_work_offset[d] : 0;
    if (range.offset[d] > std::numeric_limits<size_t>::max() - range.global[d])
      return CL_INVALID_GLOBAL_OFFSET;
    tooMany = tooMany || __builtin_mul_overflow(items, range.global[d], &items);
  }
  // More work-items than size_t counts: get_global_linear_id() could not be represented
  // (spvsim's GlobalSize limit, docs/robustness.md).
  if (tooMany) return limitStatus(LimitError::Limit::GlobalSize);
  const bool uniform = kernel.executable()->uniformWorkGroups();
  const auto &required = kernel.signature().requiredLocalSize;
  std::array<uint64_t, 3> local{1, 1, 1};
  if (local_work_size) {
    uint64_t items = 1;
    for (cl_uint d = 0; d < work_dim; ++d) {
      local[d] = local_work_size[d];
      if (local[d] == 0) return CL_INVALID_WORK_GROUP_SIZE;
      if (local[d] > device.maxWorkGroupSize()) return CL_INVALID_WORK_ITEM_SIZE;
      items *= local[d];
    }
    if (items > device.maxWorkGroupSize()) return CL_INVALID_WORK_GROUP_SIZE;
    if (required)
      for (cl_uint d = 0; d < 3; ++d)
        if (local[d] != (*required)[d]) return CL_INVALID_WORK_GROUP_SIZE;
  } else if (required) {
    for (cl_uint d = 0; d < 3; ++d) {
      local[d] = (*required)[d];
      if (d >= work_dim && local[d] != 1) return CL_INVALID_WORK_GROUP_SIZE;
    }
  } else {
    // A uniform size whatever the program allows (OpenCL API §5.10).
    local = chooseLocalSize(work_dim, range.global, device.subGroupSize());
  }
  if (uniform)
    for (cl_uint d = 0; d < work_dim; ++d)
      if (range.global[d] % local[d]) return CL_INVALID_WORK_GROUP_SIZE;
  range.local = local;
  return CL_SUCCESS;
}

/// A launch beyond one of spvsim's limits: the error code of OpenCL API §5.10, and why
/// on standard error (an application seldom says).
cl_int refuseLaunch(const std::string &why, LimitError::Limit limit) {
  if (!Config::get().quiet) std::cerr << "spvsim: clEnqueueNDRangeKernel: " << why << "\n";
  return limitStatus(limit);
}

cl_int enqueueKernel(cl_command_queue command_queue, cl_kernel kernel, cl_uint work_dim,
                     const size_t *global_work_offset, const size_t *global_work_size,
                     const size_t *local_work_size, cl_uint num_events_in_wait_list,
                     const cl_event *event_wait_list, cl_event *event, cl_command_type type) {
  std::shared_ptr<Queue> q = lookup<Queue>(command_queue);
  if (!q) return CL_INVALID_COMMAND_QUEUE;
  std::shared_ptr<Kernel> k = lookup<Kernel>(kernel);
  if (!k) return CL_INVALID_KERNEL;
  if (&k->context() != &q->context()) return CL_INVALID_CONTEXT;
  if (!k->argsComplete()) return CL_INVALID_KERNEL_ARGS;
  if (work_dim < 1 || work_dim > 3) return CL_INVALID_WORK_DIMENSION;
  // After a launch a Ctrl-C under `spvsim exec` stopped no kernel runs; a Ctrl-C that
  // came while none ran stops this one at its start (core/interrupt.h).
  if (launchInterrupted()) return CL_OUT_OF_RESOURCES;
  std::vector<std::shared_ptr<Event>> waits;
  if (cl_int e =
          api::collectWaitList(num_events_in_wait_list, event_wait_list, &q->context(), waits))
    return e;
  bool empty = !global_work_size;
  for (cl_uint d = 0; !empty && d < work_dim; ++d) empty = global_work_size[d] == 0;
  std::shared_ptr<Event> e;
  if (empty) {
    // OpenCL API §5.10: an empty range succeeds trivially once its wait list is done.
    e = q->enqueue(
        type, [] { return CL_SUCCESS; }, waits);
  } else {
    NDRange range;
    if (cl_int status = planRange(*k, q->device(), work_dim, global_work_offset, global_work_size,
                                  local_work_size, range))
      return status;
    if (const uint64_t local = k->localMemory(); local > q->device().localMemSize())
      return refuseLaunch("kernel '" + k->signature().name + "' needs " + std::to_string(local) +
                              " bytes of __local memory (its variables and __local arguments), "
                              "more than the device's " +
                              std::to_string(q->device().localMemSize()) +
                              " (CL_DEVICE_LOCAL_MEM_SIZE)",
                          LimitError::Limit::LocalMemory);
    // A kernel beyond a limit every launch meets (call depth, size, private memory).
    if (const KernelDetails &details = k->details(); details.limit)
      return refuseLaunch(details.unsupported, *details.limit);
    auto launch = std::make_shared<LaunchCommand>(prepareLaunch(*k, range));
    e = q->enqueue(
        type, [launch] { return runLaunch(*launch); }, waits, Queue::Ordering::Command,
        Queue::Run::OnWorker);
  }
  api::returnEvent(event, e);
  return CL_SUCCESS;
}

cl_int enqueueOrdering(cl_command_queue command_queue, cl_uint count, const cl_event *list,
                       cl_event *event, cl_command_type type, Queue::Ordering ordering) {
  std::shared_ptr<Queue> q = lookup<Queue>(command_queue);
  if (!q) return CL_INVALID_COMMAND_QUEUE;
  std::vector<std::shared_ptr<Event>> waits;
  if (cl_int e = api::collectWaitList(count, list, &q->context(), waits)) return e;
  api::returnEvent(event, q->enqueue(type, nullptr, waits, ordering));
  return CL_SUCCESS;
}

} // namespace

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(
    cl_command_queue command_queue, cl_kernel kernel, cl_uint work_dim,
    const size_t *global_work_offset, const size_t *global_work_size, const size_t *local_work_size,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  return api::guard("clEnqueueNDRangeKernel", [&] {
    return enqueueKernel(command_queue, kernel, work_dim, global_work_offset, global_work_size,
                         local_work_size, num_events_in_wait_list, event_wait_list, event,
                         CL_COMMAND_NDRANGE_KERNEL);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueTask(cl_command_queue command_queue, cl_kernel kernel,
                                              cl_uint num_events_in_wait_list,
                                              const cl_event *event_wait_list, cl_event *event) {
  return api::guard("clEnqueueTask", [&] {
    // OpenCL API §5.10: one work-item in one work-group of one.
    const size_t one = 1;
    return enqueueKernel(command_queue, kernel, 1, nullptr, &one, &one, num_events_in_wait_list,
                         event_wait_list, event, CL_COMMAND_TASK);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNativeKernel(
    cl_command_queue command_queue, void(CL_CALLBACK *user_func)(void *), void *args,
    size_t cb_args, cl_uint num_mem_objects, const cl_mem *mem_list, const void **args_mem_loc,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  return api::guard("clEnqueueNativeKernel", [&]() -> cl_int {
    std::shared_ptr<Queue> q = lookup<Queue>(command_queue);
    if (!q) return CL_INVALID_COMMAND_QUEUE;
    if (!user_func) return CL_INVALID_VALUE;
    if ((!args && (cb_args > 0 || num_mem_objects > 0)) || (args && cb_args == 0))
      return CL_INVALID_VALUE;
    if (num_mem_objects > 0 ? (!mem_list || !args_mem_loc) : (mem_list || args_mem_loc))
      return CL_INVALID_VALUE;
    std::vector<std::shared_ptr<Mem>> mems;
    std::vector<size_t> locations;
    for (cl_uint i = 0; i < num_mem_objects; ++i) {
      std::shared_ptr<Mem> m = lookup<Mem>(mem_list[i]);
      if (!m) return CL_INVALID_MEM_OBJECT;
      if (&m->context() != &q->context()) return CL_INVALID_CONTEXT;
      const auto *at = static_cast<const char *>(args_mem_loc[i]);
      const auto *base = static_cast<const char *>(args);
      if (at < base || at + sizeof(void *) > base + cb_args) return CL_INVALID_VALUE;
      mems.push_back(std::move(m));
      locations.push_back(static_cast<size_t>(at - base));
    }
    std::vector<std::shared_ptr<Event>> waits;
    if (cl_int e =
            api::collectWaitList(num_events_in_wait_list, event_wait_list, &q->context(), waits))
      return e;
    // OpenCL API §5.10: the arguments are copied now; the memory objects in them become
    // pointers to their storage when the function runs.
    std::vector<char> copy(static_cast<const char *>(args),
                           static_cast<const char *>(args) + cb_args);
    auto e = q->enqueue(
        CL_COMMAND_NATIVE_KERNEL,
        [=]() mutable {
          for (size_t i = 0; i < mems.size(); ++i) {
            void *pointer = mems[i]->data();
            std::memcpy(copy.data() + locations[i], &pointer, sizeof pointer);
          }
          user_func(copy.empty() ? nullptr : copy.data());
          for (const auto &m : mems) m->written(0, m->size()); // host code wrote them freely
          return CL_SUCCESS;
        },
        waits, Queue::Ordering::Command, Queue::Run::OnWorker);
    api::returnEvent(event, e);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMarkerWithWaitList(cl_command_queue command_queue,
                                                            cl_uint num_events_in_wait_list,
                                                            const cl_event *event_wait_list,
                                                            cl_event *event) {
  return api::guard("clEnqueueMarkerWithWaitList", [&] {
    return enqueueOrdering(command_queue, num_events_in_wait_list, event_wait_list, event,
                           CL_COMMAND_MARKER, Queue::Ordering::Marker);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueBarrierWithWaitList(cl_command_queue command_queue,
                                                             cl_uint num_events_in_wait_list,
                                                             const cl_event *event_wait_list,
                                                             cl_event *event) {
  return api::guard("clEnqueueBarrierWithWaitList", [&] {
    return enqueueOrdering(command_queue, num_events_in_wait_list, event_wait_list, event,
                           CL_COMMAND_BARRIER, Queue::Ordering::Barrier);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMarker(cl_command_queue command_queue, cl_event *event) {
  return api::guard("clEnqueueMarker", [&]() -> cl_int {
    if (!lookup<Queue>(command_queue)) return CL_INVALID_COMMAND_QUEUE;
    if (!event) return CL_INVALID_VALUE;
    return enqueueOrdering(command_queue, 0, nullptr, event, CL_COMMAND_MARKER,
                           Queue::Ordering::Marker);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueBarrier(cl_command_queue command_queue) {
  return api::guard("clEnqueueBarrier", [&] {
    return enqueueOrdering(command_queue, 0, nullptr, nullptr, CL_COMMAND_BARRIER,
                           Queue::Ordering::Barrier);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWaitForEvents(cl_command_queue command_queue,
                                                       cl_uint num_events,
                                                       const cl_event *event_list) {
  return api::guard("clEnqueueWaitForEvents", [&]() -> cl_int {
    std::shared_ptr<Queue> q = lookup<Queue>(command_queue);
    if (!q) return CL_INVALID_COMMAND_QUEUE;
    if (num_events == 0 || !event_list) return CL_INVALID_VALUE;
    std::vector<std::shared_ptr<Event>> waits;
    for (cl_uint i = 0; i < num_events; ++i) {
      std::shared_ptr<Event> e = lookup<Event>(event_list[i]);
      if (!e) return CL_INVALID_EVENT;
      if (&e->context() != &q->context()) return CL_INVALID_CONTEXT;
      waits.push_back(std::move(e));
    }
    q->enqueue(CL_COMMAND_BARRIER, nullptr, waits, Queue::Ordering::Barrier);
    return CL_SUCCESS;
  });
}
