// Image commands (OpenCL API §5.3.3 to §5.3.6): read, write, copy and fill
// images, copies between images and buffers, map. Origins and regions are in
// pixels (a 1D array's layer is origin[1], a 2D array's origin[2]); each
// command checks them now (CL_INVALID_VALUE) and does its work when the queue
// runs it, row by row over core/rect.h's rectangles.
#include <algorithm>

#include "api/api.h"
#include "core/image_shape.h"
#include "core/mem.h"
#include "core/rect.h"

using namespace spvsim;
using namespace spvsim::runtime;

namespace {

using Command = api::QueuedCommand;

/// A memory object of the queue's context that is an image (`image`) or a buffer.
cl_int findMem(cl_mem handle, const Command &c, bool image, std::shared_ptr<Mem> &out) {
  out = lookup<Mem>(handle);
  if (!out || out->isImage() != image) return CL_INVALID_MEM_OBJECT;
  if (&out->context() != &c.queue->context()) return CL_INVALID_CONTEXT;
  return CL_SUCCESS;
}

/// The host wrote the rows of `region` at `place` of the image (the uninitialised-value
/// check sees them defined). Rows that follow each other without a gap are one range, so
/// that writing or filling a whole image marks it in one step (which drops its shadow).
void markWritten(Mem &m, const RectPlace &place, const Triple &bytes) {
  if (place.contiguous(bytes)) return m.written(place.start(), place.end(bytes) - place.start());
  forEachRow(place, place, bytes, [&](uint64_t row, uint64_t) { m.written(row, bytes[0]); });
}

/// Two boxes of pixels of one image overlap (CL_MEM_COPY_OVERLAP).
bool boxesOverlap(const size_t *a, const size_t *b, const size_t *region) {
  for (int d = 0; d < 3; ++d)
    if (a[d] + region[d] <= b[d] || b[d] + region[d] <= a[d]) return false;
  return true;
}

/// Tightly packed bytes of `region` in a buffer at `offset` (image ↔ buffer copies).
RectPlace bufferPlace(const ImageDescription &image, size_t offset, const size_t *region) {
  const size_t row = region[0] * texelBytes(image.format);
  return {{offset, 0, 0}, row, row * region[1]};
}

uint64_t regionBytes(const ImageDescription &image, const size_t *region) {
  return uint64_t(region[0]) * region[1] * region[2] * texelBytes(image.format);
}

/// The checks of clEnqueueReadImage and clEnqueueWriteImage.
cl_int checkHostTransfer(const Mem &m, const size_t *origin, const size_t *region, size_t rowPitch,
                         size_t slicePitch, const void *ptr, RectPlace &host) {
  if (!ptr || !regionInside(m.image(), origin, region)) return CL_INVALID_VALUE;
  // §5.3.3: the slice pitch of a 1D or 2D image is 0.
  const ImageType t = m.image().type;
  if (slicePitch &&
      (t == ImageType::Image1D || t == ImageType::Image1DBuffer || t == ImageType::Image2D))
    return CL_INVALID_VALUE;
  if (!hostPlace(m.image(), region, rowPitch, slicePitch, host)) return CL_INVALID_VALUE;
  return CL_SUCCESS;
}

} // namespace

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadImage(
    cl_command_queue command_queue, cl_mem image, cl_bool blocking_read, const size_t *origin,
    const size_t *region, size_t row_pitch, size_t slice_pitch, void *ptr,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  return api::guard("clEnqueueReadImage", [&]() -> cl_int {
    Command c;
    std::shared_ptr<Mem> m;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (cl_int e = findMem(image, c, true, m)) return e;
    RectPlace host;
    if (cl_int e = checkHostTransfer(*m, origin, region, row_pitch, slice_pitch, ptr, host))
      return e;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    if (!m->hostMayRead()) return CL_INVALID_OPERATION;
    const RectPlace place = imagePlace(m->image(), origin);
    const Triple bytes = byteRegion(m->image(), region);
    auto e = c.queue->enqueue(
        CL_COMMAND_READ_IMAGE,
        [=] {
          copyRect(static_cast<std::byte *>(ptr), host, m->data(), place, bytes);
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return api::waitIfBlocking(blocking_read, e);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteImage(
    cl_command_queue command_queue, cl_mem image, cl_bool blocking_write, const size_t *origin,
    const size_t *region, size_t input_row_pitch, size_t input_slice_pitch, const void *ptr,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list, cl_event *event) {
  return api::guard("clEnqueueWriteImage", [&]() -> cl_int {
    Command c;
    std::shared_ptr<Mem> m;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (cl_int e = findMem(image, c, true, m)) return e;
    RectPlace host;
    if (cl_int e =
            checkHostTransfer(*m, origin, region, input_row_pitch, input_slice_pitch, ptr, host))
      return e;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    if (!m->hostMayWrite()) return CL_INVALID_OPERATION;
    const RectPlace place = imagePlace(m->image(), origin);
    const Triple bytes = byteRegion(m->image(), region);
    auto e = c.queue->enqueue(
        CL_COMMAND_WRITE_IMAGE,
        [=] {
          copyRect(m->data(), place, static_cast<const std::byte *>(ptr), host, bytes);
          markWritten(*m, place, bytes);
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return api::waitIfBlocking(blocking_write, e);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImage(cl_command_queue command_queue, cl_mem src_image,
                                                   cl_mem dst_image, const size_t *src_origin,
                                                   const size_t *dst_origin, const size_t *region,
                                                   cl_uint num_events_in_wait_list,
                                                   const cl_event *event_wait_list,
                                                   cl_event *event) {
  return api::guard("clEnqueueCopyImage", [&]() -> cl_int {
    Command c;
    std::shared_ptr<Mem> src, dst;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (cl_int e = findMem(src_image, c, true, src)) return e;
    if (cl_int e = findMem(dst_image, c, true, dst)) return e;
    // §5.3.4: the same format; the region lies in both images.
    if (!(src->image().format == dst->image().format)) return CL_IMAGE_FORMAT_MISMATCH;
    if (!regionInside(src->image(), src_origin, region) ||
        !regionInside(dst->image(), dst_origin, region))
      return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    if (src == dst && boxesOverlap(src_origin, dst_origin, region)) return CL_MEM_COPY_OVERLAP;
    const RectPlace from = imagePlace(src->image(), src_origin);
    const RectPlace to = imagePlace(dst->image(), dst_origin);
    const Triple bytes = byteRegion(src->image(), region);
    auto e = c.queue->enqueue(
        CL_COMMAND_COPY_IMAGE,
        [=] {
          copyRect(dst->data(), to, src->data(), from, bytes);
          forEachRow(to, from, bytes, [&](uint64_t toRow, uint64_t fromRow) {
            dst->copied(toRow, *src, fromRow, bytes[0]);
          });
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillImage(cl_command_queue command_queue, cl_mem image,
                                                   const void *fill_color, const size_t *origin,
                                                   const size_t *region,
                                                   cl_uint num_events_in_wait_list,
                                                   const cl_event *event_wait_list,
                                                   cl_event *event) {
  return api::guard("clEnqueueFillImage", [&]() -> cl_int {
    Command c;
    std::shared_ptr<Mem> m;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (cl_int e = findMem(image, c, true, m)) return e;
    if (!fill_color || !regionInside(m->image(), origin, region)) return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    // §5.3.5: the colour is a float4, int4 or uint4 as the format's data type reads,
    // converted as a kernel's write_image would (OpenCL SPIR-V Env §7.4) once; the texel is
    // repeated across a row and the row copied (core/rect.h).
    const std::vector<std::byte> texel = fillTexel(m->image().format, fill_color);
    const RectPlace place = imagePlace(m->image(), origin);
    const Triple bytes = byteRegion(m->image(), region);
    auto e = c.queue->enqueue(
        CL_COMMAND_FILL_IMAGE,
        [=] {
          fillRect(m->data(), place, bytes, texel.data(), texel.size());
          markWritten(*m, place, bytes);
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImageToBuffer(
    cl_command_queue command_queue, cl_mem src_image, cl_mem dst_buffer, const size_t *src_origin,
    const size_t *region, size_t dst_offset, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return api::guard("clEnqueueCopyImageToBuffer", [&]() -> cl_int {
    Command c;
    std::shared_ptr<Mem> src, dst;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (cl_int e = findMem(src_image, c, true, src)) return e;
    if (cl_int e = findMem(dst_buffer, c, false, dst)) return e;
    if (!regionInside(src->image(), src_origin, region)) return CL_INVALID_VALUE;
    const uint64_t size = regionBytes(src->image(), region);
    if (dst_offset > dst->size() || size > dst->size() - dst_offset) return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    const RectPlace from = imagePlace(src->image(), src_origin);
    const RectPlace to = bufferPlace(src->image(), dst_offset, region);
    const Triple bytes = byteRegion(src->image(), region);
    auto e = c.queue->enqueue(
        CL_COMMAND_COPY_IMAGE_TO_BUFFER,
        [=] {
          copyRect(dst->data(), to, src->data(), from, bytes);
          forEachRow(to, from, bytes, [&](uint64_t toRow, uint64_t fromRow) {
            dst->copied(toRow, *src, fromRow, bytes[0]);
          });
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferToImage(
    cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_image, size_t src_offset,
    const size_t *dst_origin, const size_t *region, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event) {
  return api::guard("clEnqueueCopyBufferToImage", [&]() -> cl_int {
    Command c;
    std::shared_ptr<Mem> src, dst;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (cl_int e = findMem(src_buffer, c, false, src)) return e;
    if (cl_int e = findMem(dst_image, c, true, dst)) return e;
    if (!regionInside(dst->image(), dst_origin, region)) return CL_INVALID_VALUE;
    const uint64_t size = regionBytes(dst->image(), region);
    if (src_offset > src->size() || size > src->size() - src_offset) return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    const RectPlace from = bufferPlace(dst->image(), src_offset, region);
    const RectPlace to = imagePlace(dst->image(), dst_origin);
    const Triple bytes = byteRegion(dst->image(), region);
    auto e = c.queue->enqueue(
        CL_COMMAND_COPY_BUFFER_TO_IMAGE,
        [=] {
          copyRect(dst->data(), to, src->data(), from, bytes);
          forEachRow(to, from, bytes, [&](uint64_t toRow, uint64_t fromRow) {
            dst->copied(toRow, *src, fromRow, bytes[0]);
          });
          return CL_SUCCESS;
        },
        c.waits);
    api::returnEvent(event, e);
    return CL_SUCCESS;
  });
}

CL_API_ENTRY void *CL_API_CALL clEnqueueMapImage(cl_command_queue command_queue, cl_mem image,
                                                 cl_bool blocking_map, cl_map_flags map_flags,
                                                 const size_t *origin, const size_t *region,
                                                 size_t *image_row_pitch, size_t *image_slice_pitch,
                                                 cl_uint num_events_in_wait_list,
                                                 const cl_event *event_wait_list, cl_event *event,
                                                 cl_int *errcode_ret) {
  return api::guardObject<void *>("clEnqueueMapImage", errcode_ret, [&](void *&out) -> cl_int {
    Command c;
    std::shared_ptr<Mem> m;
    if (cl_int e = findQueue(command_queue, c)) return e;
    if (cl_int e = findMem(image, c, true, m)) return e;
    if (!regionInside(m->image(), origin, region) || !image_row_pitch) return CL_INVALID_VALUE;
    const ImageType t = m->image().type;
    const bool slices =
        t == ImageType::Image1DArray || t == ImageType::Image2DArray || t == ImageType::Image3D;
    // §5.3.6: the slice pitch is required where the image has slices or layers.
    if (slices && !image_slice_pitch) return CL_INVALID_VALUE;
    const cl_map_flags known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
    if ((map_flags & ~known) || ((map_flags & CL_MAP_WRITE_INVALIDATE_REGION) &&
                                 (map_flags & (CL_MAP_READ | CL_MAP_WRITE))))
      return CL_INVALID_VALUE;
    if (cl_int e = findWaits(num_events_in_wait_list, event_wait_list, c)) return e;
    if ((map_flags & CL_MAP_READ) && !m->hostMayRead()) return CL_INVALID_OPERATION;
    if ((map_flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) && !m->hostMayWrite())
      return CL_INVALID_OPERATION;
    // Zero-copy: the region inside the image's storage, with its pitches.
    const RectPlace place = imagePlace(m->image(), origin);
    const Triple bytes = byteRegion(m->image(), region);
    const uint64_t start = place.start();
    void *pointer = m->issueMapping(start, place.end(bytes) - start, map_flags);
    auto e = c.queue->enqueue(
        CL_COMMAND_MAP_IMAGE,
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
    *image_row_pitch = hostRowPitch(m->image());
    if (image_slice_pitch) *image_slice_pitch = hostSlicePitch(m->image());
    out = pointer;
    return CL_SUCCESS;
  });
}
