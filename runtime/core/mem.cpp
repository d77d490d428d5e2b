// Buffers, sub-buffers and images (see mem.h).
#include "core/mem.h"

#include <algorithm>
#include <cstring>

#include "core/image_shape.h"

#include "spvsim/common/error.h"

namespace spvsim::runtime {

BufferAccess accessOf(cl_mem_flags flags) {
  if (flags & CL_MEM_READ_ONLY) return BufferAccess::ReadOnly;
  if (flags & CL_MEM_WRITE_ONLY) return BufferAccess::WriteOnly;
  return BufferAccess::ReadWrite;
}

Mem::Mem(const std::shared_ptr<Context> &context, cl_mem_flags flags, size_t size)
    : context_(context), flags_(flags), size_(size) {}

std::shared_ptr<Mem> Mem::buffer(std::shared_ptr<Context> context, cl_mem_flags flags, size_t size,
                                 void *hostPtr, std::vector<cl_mem_properties> properties) {
  auto mem = makeObject<Mem>(context, flags, size);
  mem->name_ = "buffer " + std::to_string(context->nextBufferNumber());
  mem->properties_ = std::move(properties);
  GlobalMemory &memory = context->memory();
  if (SvmPlace place;
      (flags & CL_MEM_USE_HOST_PTR) && (place = context->svm().find(hostPtr, size))) {
    // SVM memory: the buffer is a view of the SVM allocation, so that kernels and findings
    // see one memory through both (OpenCL API §5.2.1, CL_MEM_USES_SVM_POINTER).
    mem->id_ = memory.createSub(place.block->id(), place.offset, size, mem->name_, accessOf(flags));
    mem->hostPtr_ = hostPtr;
    mem->svm_ = std::move(place.block);
    mem->svmOffset_ = place.offset;
  } else if (flags & CL_MEM_USE_HOST_PTR) {
    // The host's memory is the buffer: kernels write it (OpenCL API §5.2.1).
    mem->id_ = memory.createExternal({static_cast<std::byte *>(hostPtr), size}, mem->name_,
                                     accessOf(flags));
    mem->hostPtr_ = hostPtr;
  } else {
    Device &device = context->device();
    if (!device.reserveMemory(size))
      throw LimitError(LimitError::Limit::BufferMemory,
                       "a buffer of " + std::to_string(size) +
                           " bytes does not fit: the buffers may take " +
                           std::to_string(device.globalMemSize()) +
                           " bytes in all (SPVSIM_MAX_MEMORY, CL_DEVICE_GLOBAL_MEM_SIZE)");
    mem->reserved_ = size;
    mem->id_ = memory.create(size, mem->name_, accessOf(flags));
    if (flags & CL_MEM_COPY_HOST_PTR) {
      std::memcpy(memory.bytes(mem->id_).data(), hostPtr, size);
      mem->hostPtr_ = hostPtr;
    } else {
      memory.setUndefined(mem->id_); // no contents until the host or a kernel writes them
    }
  }
  mem->data_ = memory.bytes(mem->id_).data();
  return mem;
}

std::shared_ptr<Mem> Mem::subBuffer(std::shared_ptr<Mem> parent, cl_mem_flags flags, size_t origin,
                                    size_t size) {
  auto mem = makeObject<Mem>(parent->context_, flags, size);
  mem->parent_ = parent;
  mem->origin_ = origin;
  mem->name_ =
      "sub-buffer " + std::to_string(parent->context_->nextBufferNumber()) + " of " + parent->name_;
  if (parent->flags_ & CL_MEM_USE_HOST_PTR)
    mem->hostPtr_ = static_cast<std::byte *>(parent->hostPtr_) + origin;
  GlobalMemory &memory = parent->context_->memory();
  // A buffer over SVM memory is itself a view of the SVM allocation: its sub-buffers are
  // views of that allocation too.
  mem->id_ = parent->svm_
                 ? memory.createSub(parent->svm_->id(), parent->svmOffset_ + origin, size,
                                    mem->name_, accessOf(flags))
                 : memory.createSub(parent->id_, origin, size, mem->name_, accessOf(flags));
  mem->data_ = parent->data_ + origin;
  return mem;
}

std::shared_ptr<Mem> Mem::image(std::shared_ptr<Context> context, cl_mem_flags flags,
                                const cl_image_format &format, ImageDescription layout,
                                void *hostPtr, std::shared_ptr<Mem> buffer,
                                std::vector<cl_mem_properties> properties) {
  const uint64_t bytes = imageBytes(layout);
  auto mem = makeObject<Mem>(context, flags, size_t(bytes));
  mem->type_ = memObjectTypeOf(layout.type);
  mem->format_ = format;
  mem->name_ = "image " + std::to_string(context->nextBufferNumber());
  mem->properties_ = std::move(properties);
  GlobalMemory &memory = context->memory();
  if (buffer) {
    // OpenCL API §5.3.1.2 (mem_object): the buffer's bytes are the image's; an image made
    // from another image views that image's bytes, wherever they live.
    const Mem *root = buffer.get();
    uint64_t origin = 0;
    for (;;) {
      if (root->isImage() && root->imageBuffer()) {
        root = root->imageBuffer().get();
      } else if (root->parent()) {
        origin += root->origin();
        root = root->parent().get();
      } else {
        break;
      }
    }
    mem->id_ = memory.createSub(root->id(), origin, bytes, mem->name_, accessOf(flags));
    mem->data_ = buffer->data();
    mem->hostPtr_ = buffer->hostPtr();
    mem->imageBuffer_ = std::move(buffer);
  } else if (flags & CL_MEM_USE_HOST_PTR) {
    // The host's memory, with the host's pitches, holds the texels.
    mem->id_ = memory.createExternal({static_cast<std::byte *>(hostPtr), size_t(bytes)}, mem->name_,
                                     accessOf(flags));
    mem->hostPtr_ = hostPtr;
    mem->data_ = static_cast<std::byte *>(hostPtr);
  } else {
    ImageDescription packed = layout;
    packed.rowPitch = packed.slicePitch = 0;
    packed = completeImage(packed, UINT64_MAX);
    const uint64_t size = imageBytes(packed);
    Device &device = context->device();
    if (!device.reserveMemory(size))
      throw LimitError(LimitError::Limit::BufferMemory,
                       "an image of " + std::to_string(size) +
                           " bytes does not fit: the buffers may take " +
                           std::to_string(device.globalMemSize()) +
                           " bytes in all (SPVSIM_MAX_MEMORY, CL_DEVICE_GLOBAL_MEM_SIZE)");
    mem->reserved_ = size;
    mem->size_ = size_t(size);
    mem->id_ = memory.create(size, mem->name_, accessOf(flags));
    mem->data_ = memory.bytes(mem->id_).data();
    if (flags & CL_MEM_COPY_HOST_PTR) {
      const size_t origin[3] = {0, 0, 0};
      const Triple region = imageExtent(layout);
      copyRect(mem->data_, imagePlace(packed, origin), static_cast<const std::byte *>(hostPtr),
               imagePlace(layout, origin), byteRegion(layout, region.data()));
      mem->hostPtr_ = hostPtr;
    } else {
      memory.setUndefined(mem->id_); // no contents until the host or a kernel writes them
    }
    layout = packed;
  }
  layout.buffer = mem->id_;
  mem->image_ = layout;
  return mem;
}

Mem::~Mem() {
  // Kernels that still hold a pointer into it now see a released buffer (access.released).
  if (id_) context_->memory().release(id_); // (0: its creation failed)
  if (reserved_) context_->device().returnMemory(reserved_);
  // OpenCL API §5.5.1 (clSetMemObjectDestructorCallback): after the object is deleted, in
  // reverse order of registration.
  for (auto it = destructors_.rbegin(); it != destructors_.rend(); ++it)
    it->first(this, it->second);
}

void *Mem::issueMapping(size_t offset, size_t size, cl_map_flags flags) {
  std::lock_guard lock(mutex_);
  // Zero-copy: the region itself (for CL_MEM_USE_HOST_PTR, inside the host's memory as
  // OpenCL API §5.2.4 requires).
  void *pointer = data_ + offset;
  issued_.push_back({pointer, offset, size, flags});
  return pointer;
}

std::optional<Mapping> Mem::withdrawMapping(void *pointer) {
  std::lock_guard lock(mutex_);
  auto it = std::find_if(issued_.begin(), issued_.end(),
                         [&](const Mapping &m) { return m.pointer == pointer; });
  if (it == issued_.end()) return std::nullopt;
  Mapping m = *it;
  issued_.erase(it);
  return m;
}

uint32_t Mem::mapCount() const {
  std::lock_guard lock(mutex_);
  return static_cast<uint32_t>(issued_.size());
}

namespace {
bool mapsForWriting(cl_map_flags flags) {
  return flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION);
}
} // namespace

void Mem::mappingStarted(cl_map_flags flags) {
  std::lock_guard lock(mutex_);
  ++(mapsForWriting(flags) ? writeMappings_ : readMappings_);
  updateHostMapping();
}

void Mem::mappingEnded(cl_map_flags flags) {
  std::lock_guard lock(mutex_);
  uint32_t &count = mapsForWriting(flags) ? writeMappings_ : readMappings_;
  if (count) --count;
  updateHostMapping();
}

void Mem::written(size_t offset, size_t size) {
  context_->memory().setDefined(id_, offset, size);
}

void Mem::copied(size_t offset, const Mem &src, size_t srcOffset, size_t size) {
  context_->memory().copyDefined(id_, offset, src.id_, srcOffset, size);
}

void Mem::updateHostMapping() {
  HostMapping state = writeMappings_  ? HostMapping::Write
                      : readMappings_ ? HostMapping::Read
                                      : HostMapping::None;
  context_->memory().setHostMapping(id_, state);
}

void Mem::addDestructorCallback(MemDestructor callback, void *userData) {
  std::lock_guard lock(mutex_);
  destructors_.emplace_back(callback, userData);
}

} // namespace spvsim::runtime
