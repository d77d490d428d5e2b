// Buffer commands (OpenCL API §5.2.2 to §5.2.4, §5.5.3, §5.5.5): read, write,
// copy and fill, their rectangle forms, map and unmap, migrate. Each checks
// its arguments now and does its work when the queue runs it.
#include <algorithm>

#include "api/api.h"
#include "core/mem.h"
#include "core/rect.h"

using namespace spvsim;
using namespace spvsim::runtime;

namespace {

using Command = api::QueuedCommand;

cl_int findBuffer(cl_mem handle, const Command &c, std::shared_ptr<Mem> &out) {
  out = lookup<Mem>(handle);
  if (!out || out->type() != CL_MEM_OBJECT_BUFFER) return CL_INVALID_MEM_OBJECT;
  if (&out->context() != &c.queue->context()) return CL_INVALID_CONTEXT;
  return CL_SUCCESS;
}

/// [offset, offset + size) lies in the buffer.
bool inside(const Mem &m, size_t offset, size_t size) {
  return offset <= m.size() && size <= m.size() - offset;
}

/// Two byte ranges of buffers overlap in the storage they share (same buffer, or
/// sub-buffers of one buffer).
bool overlapping(const Mem &a, size_t aOffset, const Mem &b, size_t bOffset, size_t size) {
  const Mem &rootA = a.parent() ? *a.parent() : a, &rootB = b.parent() ? *b.parent() : b;
  if (&rootA != &rootB) return false;
  const size_t x = a.origin() + aOffset, y = b.origin() + bOffset;
  return x < y + size && y < x + size;
}

Triple triple(const size_t *v) {
  return {v[0], v[1], v[2]};
}

bool anyZero(const Triple &t) {
  return t[0] == 0 || t[1] == 0 || t[2] == 0;
}

} // namespace

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBuffer(cl_command_queue command_queue, cl_mem buffer,
                                                    cl_bool blocking_read, size_t offset,
                                                    size_t size, void *ptr,
                                                    cl_uint num_events_in_wait_list,
                                                    const cl_event *event_wait_list,
                                                    cl_event *event) {
  return api::guard("clEnqueueReadBuffer", [&]() -> cl_int {
    Command c;
    std::shared_ptr<Mem> m;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (cl_int e = findBuffer(buffer, c, m)) return e;
    if (!ptr || !inside(*m, offset, size)) return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    if (!m->hostMayRead()) return CL_INVALID_OPERATION;
    auto e = c.queue->enqueue(
        CL_COMMAND_READ_BUFFER,
        [m, offset, size, ptr] {
          std::memmove(ptr, m->data() + offset, size);
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return api::waitIfBlocking(blocking_read, e);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteBuffer(cl_command_queue command_queue, cl_mem buffer,
                                                     cl_bool blocking_write, size_t offset,
                                                     size_t size, const void *ptr,
                                                     cl_uint num_events_in_wait_list,
                                                     const cl_event *event_wait_list,
                                                     cl_event *event) {
  return api::guard("clEnqueueWriteBuffer", [&]() -> cl_int {
    Command c;
    std::shared_ptr<Mem> m;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (cl_int e = findBuffer(buffer, c, m)) return e;
    if (!ptr || !inside(*m, offset, size)) return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    if (!m->hostMayWrite()) return CL_INVALID_OPERATION;
    // A non-blocking write reads `ptr` when it runs (OpenCL API §5.2.2: the application
    // must not change it until then).
    auto e = c.queue->enqueue(
        CL_COMMAND_WRITE_BUFFER,
        [m, offset, size, ptr] {
          std::memmove(m->data() + offset, ptr, size);
          m->written(offset, size);
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return api::waitIfBlocking(blocking_write, e);
  });
}

namespace {

/// The checks common to clEnqueueReadBufferRect and clEnqueueWriteBufferRect.
cl_int checkHostRect(const Mem &m, const size_t *buffer_origin, const size_t *host_origin,
                     const size_t *region, const void *ptr, RectPlace &bufferPlace,
                     RectPlace &hostPlace, Triple &extent) {
  if (!buffer_origin || !host_origin || !region || !ptr) return CL_INVALID_VALUE;
  extent = triple(region);
  if (anyZero(extent)) return CL_INVALID_VALUE;
  bufferPlace.origin = triple(buffer_origin);
  hostPlace.origin = triple(host_origin);
  if (!resolvePitches(extent, bufferPlace) || !resolvePitches(extent, hostPlace))
    return CL_INVALID_VALUE;
  if (bufferPlace.end(extent) > m.size()) return CL_INVALID_VALUE;
  return CL_SUCCESS;
}

} // namespace

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBufferRect(
    cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_read,
    const size_t *buffer_origin, const size_t *host_origin, const size_t *region,
    size_t buffer_row_pitch, size_t buffer_slice_pitch, size_t host_row_pitch,
    size_t host_slice_pitch, void *ptr, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return api::guard("clEnqueueReadBufferRect", [&]() -> cl_int {
    Command c;
    std::shared_ptr<Mem> m;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (cl_int e = findBuffer(buffer, c, m)) return e;
    RectPlace bufferPlace{{}, buffer_row_pitch, buffer_slice_pitch};
    RectPlace hostPlace{{}, host_row_pitch, host_slice_pitch};
    Triple extent;
    if (cl_int e = checkHostRect(*m, buffer_origin, host_origin, region, ptr, bufferPlace,
                                 hostPlace, extent))
      return e;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    if (!m->hostMayRead()) return CL_INVALID_OPERATION;
    auto e = c.queue->enqueue(
        CL_COMMAND_READ_BUFFER_RECT,
        [=] {
          copyRect(static_cast<std::byte *>(ptr), hostPlace, m->data(), bufferPlace, extent);
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return api::waitIfBlocking(blocking_read, e);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteBufferRect(
    cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_write,
    const size_t *buffer_origin, const size_t *host_origin, const size_t *region,
    size_t buffer_row_pitch, size_t buffer_slice_pitch, size_t host_row_pitch,
    size_t host_slice_pitch, const void *ptr, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return api::guard("clEnqueueWriteBufferRect", [&]() -> cl_int {
    Command c;
    std::shared_ptr<Mem> m;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (cl_int e = findBuffer(buffer, c, m)) return e;
    RectPlace bufferPlace{{}, buffer_row_pitch, buffer_slice_pitch};
    RectPlace hostPlace{{}, host_row_pitch, host_slice_pitch};
    Triple extent;
    if (cl_int e = checkHostRect(*m, buffer_origin, host_origin, region, ptr, bufferPlace,
                                 hostPlace, extent))
      return e;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    if (!m->hostMayWrite()) return CL_INVALID_OPERATION;
    auto e = c.queue->enqueue(
        CL_COMMAND_WRITE_BUFFER_RECT,
        [=] {
          copyRect(m->data(), bufferPlace, static_cast<const std::byte *>(ptr), hostPlace, extent);
          forEachRow(bufferPlace, hostPlace, extent,
                     [&](uint64_t row, uint64_t) { m->written(row, extent[0]); });
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return api::waitIfBlocking(blocking_write, e);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBuffer(cl_command_queue command_queue,
                                                    cl_mem src_buffer, cl_mem dst_buffer,
                                                    size_t src_offset, size_t dst_offset,
                                                    size_t size, cl_uint num_events_in_wait_list,
                                                    const cl_event *event_wait_list,
                                                    cl_event *event) {
  return api::guard("clEnqueueCopyBuffer", [&]() -> cl_int {
    Command c;
    std::shared_ptr<Mem> src, dst;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (cl_int e = findBuffer(src_buffer, c, src)) return e;
    if (cl_int e = findBuffer(dst_buffer, c, dst)) return e;
    if (!inside(*src, src_offset, size) || !inside(*dst, dst_offset, size)) return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    if (overlapping(*src, src_offset, *dst, dst_offset, size)) return CL_MEM_COPY_OVERLAP;
    auto e = c.queue->enqueue(
        CL_COMMAND_COPY_BUFFER,
        [=] {
          std::memmove(dst->data() + dst_offset, src->data() + src_offset, size);
          dst->copied(dst_offset, *src, src_offset, size);
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferRect(
    cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer, const size_t *src_origin,
    const size_t *dst_origin, const size_t *region, size_t src_row_pitch, size_t src_slice_pitch,
    size_t dst_row_pitch, size_t dst_slice_pitch, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return api::guard("clEnqueueCopyBufferRect", [&]() -> cl_int {
    Command c;
    std::shared_ptr<Mem> src, dst;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (cl_int e = findBuffer(src_buffer, c, src)) return e;
    if (cl_int e = findBuffer(dst_buffer, c, dst)) return e;
    if (!src_origin || !dst_origin || !region) return CL_INVALID_VALUE;
    const Triple extent = triple(region);
    if (anyZero(extent)) return CL_INVALID_VALUE;
    RectPlace from{triple(src_origin), src_row_pitch, src_slice_pitch};
    RectPlace to{triple(dst_origin), dst_row_pitch, dst_slice_pitch};
    if (!resolvePitches(extent, from) || !resolvePitches(extent, to)) return CL_INVALID_VALUE;
    if (from.end(extent) > src->size() || to.end(extent) > dst->size()) return CL_INVALID_VALUE;
    if (src == dst && (from.rowPitch != to.rowPitch || from.slicePitch != to.slicePitch))
      return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    if (src == dst && rectsOverlap(from.origin, to.origin, extent, from.rowPitch, from.slicePitch))
      return CL_MEM_COPY_OVERLAP;
    if (src != dst &&
        overlapping(*src, from.start(), *dst, to.start(),
                    std::max(from.end(extent) - from.start(), to.end(extent) - to.start())))
      return CL_MEM_COPY_OVERLAP;
    auto e = c.queue->enqueue(
        CL_COMMAND_COPY_BUFFER_RECT,
        [=] {
          copyRect(dst->data(), to, src->data(), from, extent);
          forEachRow(to, from, extent, [&](uint64_t toRow, uint64_t fromRow) {
            dst->copied(toRow, *src, fromRow, extent[0]);
          });
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillBuffer(cl_command_queue command_queue, cl_mem buffer,
                                                    const void *pattern, size_t pattern_size,
                                                    size_t offset, size_t size,
                                                    cl_uint num_events_in_wait_list,
                                                    const cl_event *event_wait_list,
                                                    cl_event *event) {
  return api::guard("clEnqueueFillBuffer", [&]() -> cl_int {
    Command c;
    std::shared_ptr<Mem> m;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (cl_int e = findBuffer(buffer, c, m)) return e;
    if (!inside(*m, offset, size)) return CL_INVALID_VALUE;
    const bool validSize =
        pattern_size && pattern_size <= 128 && (pattern_size & (pattern_size - 1)) == 0;
    if (!pattern || !validSize) return CL_INVALID_VALUE;
    if (offset % pattern_size || size % pattern_size) return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    std::vector<std::byte> bytes(pattern_size);
    std::memcpy(bytes.data(), pattern, pattern_size);
    auto e = c.queue->enqueue(
        CL_COMMAND_FILL_BUFFER,
        [=] {
          fillRect(m->data(), RectPlace{{offset, 0, 0}, size, size}, {size, 1, 1}, bytes.data(),
                   bytes.size());
          m->written(offset, size);
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY void *CL_API_CALL clEnqueueMapBuffer(cl_command_queue command_queue, cl_mem buffer,
                                                  cl_bool blocking_map, cl_map_flags map_flags,
                                                  size_t offset, size_t size,
                                                  cl_uint num_events_in_wait_list,
                                                  const cl_event *event_wait_list, cl_event *event,
                                                  cl_int *errcode_ret) {
  return api::guardObject<void *>("clEnqueueMapBuffer", errcode_ret, [&](void *&out) -> cl_int {
    Command c;
    std::shared_ptr<Mem> m;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (cl_int e = findBuffer(buffer, c, m)) return e;
    if (size == 0 || !inside(*m, offset, size)) return CL_INVALID_VALUE;
    const cl_map_flags known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
    if ((map_flags & ~known) || ((map_flags & CL_MAP_WRITE_INVALIDATE_REGION) &&
                                 (map_flags & (CL_MAP_READ | CL_MAP_WRITE))))
      return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    // OpenCL API §5.2.4: the host may only map for what its CL_MEM_HOST_* flags allow.
    if ((map_flags & CL_MAP_READ) && !m->hostMayRead()) return CL_INVALID_OPERATION;
    if ((map_flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) && !m->hostMayWrite())
      return CL_INVALID_OPERATION;
    void *pointer = m->issueMapping(offset, size, map_flags);
    auto e = c.queue->enqueue(
        CL_COMMAND_MAP_BUFFER,
        [m, map_flags] {
          m->mappingStarted(map_flags);
          return CL_SUCCESS;
        },
        c.waits);
    if (cl_int status = api::waitIfBlocking(blocking_map, e)) {
      m->withdrawMapping(pointer);
      return status;
    }
    api::returnEvent(event, e);
    out = pointer;
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueUnmapMemObject(cl_command_queue command_queue,
                                                        cl_mem memobj, void *mapped_ptr,
                                                        cl_uint num_events_in_wait_list,
                                                        const cl_event *event_wait_list,
                                                        cl_event *event) {
  return api::guard("clEnqueueUnmapMemObject", [&]() -> cl_int {
    Command c;
    if (cl_int e = findQueue(command_queue, c)) return e;
    std::shared_ptr<Mem> m = lookup<Mem>(memobj);
    if (!m) return CL_INVALID_MEM_OBJECT;
    if (&m->context() != &c.queue->context()) return CL_INVALID_CONTEXT;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    std::optional<Mapping> mapping = m->withdrawMapping(mapped_ptr);
    if (!mapping) return CL_INVALID_VALUE;
    auto e = c.queue->enqueue(
        CL_COMMAND_UNMAP_MEM_OBJECT,
        [m, mapping = *mapping] {
          m->mappingEnded(mapping.flags);
          // The host may have written any byte of a region it mapped for writing.
          if (mapping.flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION))
            m->written(mapping.offset, mapping.size);
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMigrateMemObjects(
    cl_command_queue command_queue, cl_uint num_mem_objects, const cl_mem *mem_objects,
    cl_mem_migration_flags flags, cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
    cl_event *event) {
  return api::guard("clEnqueueMigrateMemObjects", [&]() -> cl_int {
    Command c;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (num_mem_objects == 0 || !mem_objects) return CL_INVALID_VALUE;
    std::vector<std::shared_ptr<Mem>> mems;
    for (cl_uint i = 0; i < num_mem_objects; ++i) {
      std::shared_ptr<Mem> m = lookup<Mem>(mem_objects[i]);
      if (!m) return CL_INVALID_MEM_OBJECT;
      if (&m->context() != &c.queue->context()) return CL_INVALID_CONTEXT;
      mems.push_back(std::move(m));
    }
    if (flags & ~cl_mem_migration_flags(CL_MIGRATE_MEM_OBJECT_HOST |
                                        CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED))
      return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    // Host and device share one memory: migrating moves nothing (and keeps the contents
    // even when the application says they may be undefined).
    auto e = c.queue->enqueue(
        CL_COMMAND_MIGRATE_MEM_OBJECTS, [mems] { return CL_SUCCESS; }, c.waits);
    api::returnEvent(event, e);
    return CL_SUCCESS;
  });
}
