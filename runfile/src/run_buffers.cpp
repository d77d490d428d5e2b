// RunBuffers: buffers of a run file in a GlobalMemory, and argument bindings.
#include "spvsim/runfile/run_buffers.h"

#include "spvsim/common/error.h"
#include "spvsim/runfile/json.h"

namespace spvsim::runfile {

RunBuffers::RunBuffers(const RunSpec &spec, GlobalMemory &memory, const StopCheck &stop,
                       uint32_t threads)
    : memory_(memory) {
  uint64_t total = 0;
  auto count = [&](uint64_t size, const std::string &path) {
    total = size > UINT64_MAX - total ? UINT64_MAX : total + size;
    if (total > memory.capacity() - memory.allocated())
      throw LimitError(LimitError::Limit::BufferMemory,
                       path + ": the buffers up to this one take " + std::to_string(total) +
                           " bytes, more than the " +
                           std::to_string(memory.capacity() - memory.allocated()) +
                           " bytes buffers may take");
  };
  for (const BufferSpec &buffer : spec.buffers) count(buffer.size(), buffer.path());
  for (const ImageSpec &image : spec.images)
    if (image.buffer.empty() && image.viewedImage.empty()) count(image.size(), image.path());
  for (const BufferSpec &buffer : spec.buffers) {
    BufferId id = memory.create(buffer.size(), buffer.name, buffer.access);
    if (buffer.init.kind != BufferInit::Kind::None) {
      writeInitialContents(buffer.type, buffer.count, buffer.init, keyPath(buffer.path(), "init"),
                           memory.bytes(id), stop, threads);
    } else {
      memory.setUndefined(id); // zero-filled, but never written (docs/run-files.md "init")
    }
    ids_.emplace(buffer.name, id);
  }
  // An image's texels live in a buffer of its own (docs/images.md "Memory and findings");
  // an image made from a buffer views the buffer's bytes (OpenCL API §5.3.1.2).
  for (const ImageSpec &image : spec.images) {
    if (!image.viewedImage.empty()) {
      // An image made from an image views the bytes that image views, or its own, from
      // where they start (as the runtime's clCreateImage makes one, runtime/core/mem.cpp).
      const BufferId viewedId = images_.at(image.viewedImage).buffer;
      const BufferInfo viewed = memory.info(viewedId);
      ImageDescription description = image.image;
      description.buffer =
          viewed.parent ? memory.createSub(viewed.parent, viewed.parentOffset, image.size(),
                                           image.name, image.access)
                        : memory.createSub(viewedId, 0, image.size(), image.name, image.access);
      images_.emplace(image.name, description);
      continue;
    }
    if (!image.buffer.empty()) {
      ImageDescription description = image.image;
      description.buffer = memory.createSub(ids_.at(image.buffer), image.bufferOffset, image.size(),
                                            image.name, image.access);
      images_.emplace(image.name, description);
      continue;
    }
    BufferId id = memory.create(image.size(), image.name, image.access);
    if (image.init.kind != ImageContents::Kind::None)
      writeImageContents(image, image.init, keyPath(image.path(), "init"), memory.bytes(id), stop);
    else
      memory.setUndefined(id);
    ImageDescription description = image.image;
    description.buffer = id;
    images_.emplace(image.name, description);
  }
}

ArgBinding RunBuffers::binding(const ArgSpec &arg) {
  switch (arg.kind) {
  case ArgSpec::Kind::Buffer:
    return ArgBinding::ofBuffer(arg.subBuffer ? subBuffer(arg) : id(arg.buffer));
  case ArgSpec::Kind::Local:
    return ArgBinding::ofLocal(arg.localSize);
  case ArgSpec::Kind::Scalar:
  case ArgSpec::Kind::Struct:
    return ArgBinding::ofBytes(arg.bytes);
  case ArgSpec::Kind::Sampler:
    return ArgBinding::ofSampler(arg.samplerBits);
  case ArgSpec::Kind::Image:
    return ArgBinding::ofImage(images_.at(arg.image));
  case ArgSpec::Kind::Null:
    break;
  }
  return ArgBinding::null();
}

BufferId RunBuffers::subBuffer(const ArgSpec &arg) {
  auto key = std::make_tuple(arg.buffer, arg.offset, arg.size);
  auto it = subBuffers_.find(key);
  if (it != subBuffers_.end()) return it->second;
  BufferId parent = id(arg.buffer);
  std::string name = arg.buffer + "[" + std::to_string(arg.offset) + ".." +
                     std::to_string(arg.offset + arg.size) + ")";
  BufferId sub =
      memory_.createSub(parent, arg.offset, arg.size, std::move(name), memory_.info(parent).access);
  subBuffers_.emplace(key, sub);
  return sub;
}

} // namespace spvsim::runfile
