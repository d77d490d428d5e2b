// Shared virtual memory entry points (OpenCL API §5.6): coarse-grained buffer SVM
// (CL_DEVICE_SVM_CAPABILITIES is CL_DEVICE_SVM_COARSE_GRAIN_BUFFER; fine-grained
// buffers and system SVM are not supported). Allocation and free, and the SVM
// commands: free, memcpy, fill, map and unmap, migrate. Each checks its arguments
// now and does its work when the queue runs it; a command holds the allocations it
// touches until it ends (core/svm.h).
#include <algorithm>
#include <cstring>
#include <vector>

#include "api/api.h"
#include "core/queue.h"
#include "core/svm.h"

using namespace spvsim;
using namespace spvsim::runtime;

namespace {

using Command = api::QueuedCommand;

constexpr cl_svm_mem_flags kSvmAccessFlags =
    CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;

bool powerOfTwo(size_t n) {
  return n && !(n & (n - 1));
}

/// OpenCL API §5.6.2.2: the valid map flags (READ and WRITE, or WRITE_INVALIDATE_REGION
/// alone).
bool validMapFlags(cl_map_flags flags) {
  if (flags & ~cl_map_flags(CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION))
    return false;
  return !((flags & CL_MAP_WRITE_INVALIDATE_REGION) && (flags & (CL_MAP_READ | CL_MAP_WRITE)));
}

} // namespace

CL_API_ENTRY void *CL_API_CALL clSVMAlloc(cl_context context, cl_svm_mem_flags flags, size_t size,
                                          cl_uint alignment) {
  // OpenCL API §5.6.1: NULL for every invalid argument (there is no error code).
  void *result = nullptr;
  api::guard("clSVMAlloc", [&]() -> cl_int {
    std::shared_ptr<Context> c = lookup<Context>(context);
    if (!c) return CL_INVALID_CONTEXT;
    const cl_svm_mem_flags known =
        kSvmAccessFlags | CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS;
    if (flags & ~known) return CL_INVALID_VALUE;
    // The access flags are mutually exclusive.
    if (std::popcount(flags & kSvmAccessFlags) > 1) return CL_INVALID_VALUE;
    // Fine-grained buffers (and their atomics) are not supported.
    if (flags & (CL_MEM_SVM_FINE_GRAIN_BUFFER | CL_MEM_SVM_ATOMICS)) return CL_INVALID_VALUE;
    if (size == 0 || size > c->device().maxAllocSize()) return CL_INVALID_VALUE;
    if (alignment != 0 && (!powerOfTwo(alignment) || alignment > SvmHeap::kMaxAlignment))
      return CL_INVALID_VALUE;
    if (!(flags & kSvmAccessFlags)) flags |= CL_MEM_READ_WRITE;
    result = c->svm().allocate(flags, size, alignment ? alignment : SvmHeap::kMaxAlignment,
                               "SVM allocation " + std::to_string(c->nextBufferNumber()));
    return CL_SUCCESS;
  });
  return result;
}

CL_API_ENTRY void CL_API_CALL clSVMFree(cl_context context, void *svm_pointer) {
  // OpenCL API §5.6.1: NULL is ignored; the application must not free memory that
  // commands still use: spvsim releases it for later commands at once, and keeps its
  // bytes for the commands that run until they end.
  api::guard("clSVMFree", [&]() -> cl_int {
    std::shared_ptr<Context> c = lookup<Context>(context);
    if (!c || !svm_pointer) return CL_SUCCESS;
    c->svm().free(svm_pointer);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMFree(
    cl_command_queue command_queue, cl_uint num_svm_pointers, void *svm_pointers[],
    void(CL_CALLBACK *pfn_free_func)(cl_command_queue, cl_uint, void *[], void *), void *user_data,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  return api::guard("clEnqueueSVMFree", [&]() -> cl_int {
    Command c;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if ((num_svm_pointers == 0) != (svm_pointers == nullptr)) return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    std::vector<void *> pointers(svm_pointers, svm_pointers + num_svm_pointers);
    std::shared_ptr<Context> context = c.queue->sharedContext();
    auto e = c.queue->enqueue(
        CL_COMMAND_SVM_FREE,
        [=]() mutable {
          // The callback frees them itself (OpenCL API §5.6.2.1).
          if (pfn_free_func)
            pfn_free_func(command_queue, num_svm_pointers, pointers.data(), user_data);
          else
            for (void *p : pointers)
              if (p) context->svm().free(p);
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMemcpy(cl_command_queue command_queue,
                                                   cl_bool blocking_copy, void *dst_ptr,
                                                   const void *src_ptr, size_t size,
                                                   cl_uint num_events_in_wait_list,
                                                   const cl_event *event_wait_list,
                                                   cl_event *event) {
  return api::guard("clEnqueueSVMMemcpy", [&]() -> cl_int {
    Command c;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (!dst_ptr || !src_ptr) return CL_INVALID_VALUE;
    const auto *d = static_cast<const std::byte *>(dst_ptr);
    const auto *s = static_cast<const std::byte *>(src_ptr);
    if (d < s + size && s < d + size && size) return CL_MEM_COPY_OVERLAP;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    // Either side may be the host's own memory (coarse-grained SVM: OpenCL API §5.6.2.2).
    SvmHeap &heap = c.queue->context().svm();
    SvmPlace to = heap.find(dst_ptr, size), from = heap.find(src_ptr, size);
    auto e = c.queue->enqueue(
        CL_COMMAND_SVM_MEMCPY,
        [to, from, dst_ptr, src_ptr, size] {
          std::memcpy(dst_ptr, src_ptr, size);
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return api::waitIfBlocking(blocking_copy, e);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMemFill(cl_command_queue command_queue, void *svm_ptr,
                                                    const void *pattern, size_t pattern_size,
                                                    size_t size, cl_uint num_events_in_wait_list,
                                                    const cl_event *event_wait_list,
                                                    cl_event *event) {
  return api::guard("clEnqueueSVMMemFill", [&]() -> cl_int {
    Command c;
    if (cl_int e = findQueue(command_queue, c)) return e;
    // OpenCL API §5.6.2.2: a pattern of 1 to 128 bytes (a power of two), the pointer
    // aligned to it, the size a multiple of it.
    if (!svm_ptr || !pattern || !powerOfTwo(pattern_size) || pattern_size > 128 ||
        reinterpret_cast<uintptr_t>(svm_ptr) % pattern_size || size % pattern_size)
      return CL_INVALID_VALUE;
    SvmPlace place = c.queue->context().svm().find(svm_ptr, size);
    if (!place) return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    std::vector<std::byte> bytes(static_cast<const std::byte *>(pattern),
                                 static_cast<const std::byte *>(pattern) + pattern_size);
    auto e = c.queue->enqueue(
        CL_COMMAND_SVM_MEMFILL,
        [place, bytes = std::move(bytes), size] {
          std::byte *at = place.block->data() + place.offset;
          for (size_t done = 0; done < size; done += bytes.size())
            std::memcpy(at + done, bytes.data(), bytes.size());
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMap(cl_command_queue command_queue,
                                                cl_bool blocking_map, cl_map_flags flags,
                                                void *svm_ptr, size_t size,
                                                cl_uint num_events_in_wait_list,
                                                const cl_event *event_wait_list, cl_event *event) {
  return api::guard("clEnqueueSVMMap", [&]() -> cl_int {
    Command c;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (!svm_ptr || size == 0 || !validMapFlags(flags)) return CL_INVALID_VALUE;
    SvmHeap &heap = c.queue->context().svm();
    SvmPlace place = heap.find(svm_ptr, size);
    if (!place) return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    heap.issueMapping(svm_ptr, flags);
    std::shared_ptr<Context> context = c.queue->sharedContext();
    auto e = c.queue->enqueue(
        CL_COMMAND_SVM_MAP,
        [context, place, flags] {
          context->svm().mappingStarted(*place.block, flags);
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return api::waitIfBlocking(blocking_map, e);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMUnmap(cl_command_queue command_queue, void *svm_ptr,
                                                  cl_uint num_events_in_wait_list,
                                                  const cl_event *event_wait_list,
                                                  cl_event *event) {
  return api::guard("clEnqueueSVMUnmap", [&]() -> cl_int {
    Command c;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (!svm_ptr) return CL_INVALID_VALUE;
    SvmHeap &heap = c.queue->context().svm();
    SvmPlace place = heap.find(svm_ptr);
    if (!place) return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    // A pointer that was not mapped: nothing to end (the command still orders the queue).
    cl_map_flags flags = 0;
    const bool mapped = heap.withdrawMapping(svm_ptr, flags);
    std::shared_ptr<Context> context = c.queue->sharedContext();
    auto e = c.queue->enqueue(
        CL_COMMAND_SVM_UNMAP,
        [context, place, mapped, flags] {
          if (mapped) context->svm().mappingEnded(*place.block, flags);
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMigrateMem(
    cl_command_queue command_queue, cl_uint num_svm_pointers, const void **svm_pointers,
    const size_t *sizes, cl_mem_migration_flags flags, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return api::guard("clEnqueueSVMMigrateMem", [&]() -> cl_int {
    Command c;
    if (cl_int e = findQueue(command_queue, c)) return e;
    // OpenCL API §5.6.2.3.
    if (num_svm_pointers == 0 || !svm_pointers) return CL_INVALID_VALUE;
    if (flags & ~cl_mem_migration_flags(CL_MIGRATE_MEM_OBJECT_HOST |
                                        CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED))
      return CL_INVALID_VALUE;
    SvmHeap &heap = c.queue->context().svm();
    for (cl_uint i = 0; i < num_svm_pointers; ++i) {
      if (!svm_pointers[i]) return CL_INVALID_VALUE;
      const size_t size = sizes ? sizes[i] : 0;
      if (!heap.find(svm_pointers[i], std::max<size_t>(size, 1))) return CL_INVALID_VALUE;
    }
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    // One device, whose memory is the host's: nothing moves.
    auto e = c.queue->enqueue(
        CL_COMMAND_SVM_MIGRATE_MEM, [] { return CL_SUCCESS; }, c.waits);
    api::returnEvent(event, e);
    return CL_SUCCESS;
  });
}
