// Mem: a buffer, sub-buffer or image (OpenCL API §5.2, §5.3) — an allocation
// in its context's GlobalMemory (the host's own memory for CL_MEM_USE_HOST_PTR,
// a buffer's for an image made from one), its flags, its mappings and its
// destructor callbacks; an image also its format and layout, the
// interpreter's ImageDescription over that allocation.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/cl.h"
#include "core/context.h"
#include "core/object.h"
#include "spvsim/interpreter/image.h"

namespace spvsim::runtime {

using MemDestructor = void(CL_CALLBACK *)(cl_mem, void *);

/// One region the host mapped with clEnqueueMapBuffer.
struct Mapping {
  void *pointer = nullptr;
  size_t offset = 0;
  size_t size = 0;
  cl_map_flags flags = 0;
};

class Mem : public _cl_mem {
public:
  static constexpr ObjectKind kKind = ObjectKind::Mem;

  /// A buffer of `size` bytes; `flags` are checked by the caller. Throws
  /// spvsim::LimitError (BufferMemory) beyond the device's memory (SPVSIM_MAX_MEMORY),
  /// spvsim::Error when the memory cannot be allocated.
  static std::shared_ptr<Mem> buffer(std::shared_ptr<Context> context, cl_mem_flags flags,
                                     size_t size, void *hostPtr,
                                     std::vector<cl_mem_properties> properties);
  /// A sub-buffer of `parent` (itself a buffer) covering [origin, origin + size); `flags`
  /// are the sub-buffer's own, already combined with what it inherits.
  static std::shared_ptr<Mem> subBuffer(std::shared_ptr<Mem> parent, cl_mem_flags flags,
                                        size_t origin, size_t size);
  /// An image described by `layout` (checked by describeImage: pitches as `hostPtr` or
  /// `buffer` lays the texels out). Without either its texels are tightly packed; with
  /// CL_MEM_COPY_HOST_PTR they are copied, with CL_MEM_USE_HOST_PTR the host's memory
  /// holds them; an image from a buffer views the buffer's bytes. Throws as buffer().
  static std::shared_ptr<Mem> image(std::shared_ptr<Context> context, cl_mem_flags flags,
                                    const cl_image_format &format, ImageDescription layout,
                                    void *hostPtr, std::shared_ptr<Mem> buffer,
                                    std::vector<cl_mem_properties> properties);
  ~Mem();
  Mem(const std::shared_ptr<Context> &context, cl_mem_flags flags, size_t size); ///< use buffer()

  Context &context() const { return *context_; }
  const std::shared_ptr<Context> &sharedContext() const { return context_; }
  cl_mem_object_type type() const { return type_; }
  bool isImage() const { return type_ != CL_MEM_OBJECT_BUFFER; }
  /// An image's type, format, size and layout in data(); its buffer is id().
  const ImageDescription &image() const { return image_; }
  const cl_image_format &imageFormat() const { return format_; }
  /// The buffer an image was made from (CL_IMAGE_BUFFER, CL_MEM_ASSOCIATED_MEMOBJECT).
  const std::shared_ptr<Mem> &imageBuffer() const { return imageBuffer_; }
  cl_mem_flags flags() const { return flags_; }
  size_t size() const { return size_; }
  /// CL_MEM_HOST_PTR: the application's pointer (a sub-buffer's is its parent's + origin).
  void *hostPtr() const { return hostPtr_; }
  const std::shared_ptr<Mem> &parent() const { return parent_; }
  size_t origin() const { return origin_; }
  BufferId id() const { return id_; }
  const std::string &name() const { return name_; }
  const std::vector<cl_mem_properties> &properties() const { return properties_; }
  /// The first byte of the buffer's storage.
  std::byte *data() const { return data_; }
  /// CL_MEM_USES_SVM_POINTER: a CL_MEM_USE_HOST_PTR buffer over SVM memory (a view of the
  /// SVM allocation, OpenCL API §5.2.1), or a sub-buffer of one.
  bool usesSvmPointer() const { return parent_ ? parent_->usesSvmPointer() : svm_ != nullptr; }

  /// OpenCL API §5.2.2: reads and writes the host may enqueue (CL_MEM_HOST_* flags).
  bool hostMayRead() const { return !(flags_ & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)); }
  bool hostMayWrite() const { return !(flags_ & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)); }

  /// Records a mapping when clEnqueueMapBuffer returns its pointer.
  void *issueMapping(size_t offset, size_t size, cl_map_flags flags);
  /// Removes the mapping clEnqueueUnmapMemObject names; nullopt if there is none.
  std::optional<Mapping> withdrawMapping(void *pointer);
  /// Mappings issued and not withdrawn (CL_MEM_MAP_COUNT).
  uint32_t mapCount() const;
  /// The map command ran / the unmap command ran: kernels see the buffer as mapped from
  /// one to the other (access.mapped).
  void mappingStarted(cl_map_flags flags);
  void mappingEnded(cl_map_flags flags);

  /// The host wrote [offset, offset + size): kernels read those bytes as defined (the
  /// uninitialized-value check; a buffer created without contents starts undefined).
  void written(size_t offset, size_t size);
  /// The host copied `size` bytes of `src` at `srcOffset` here at `offset`: they are as
  /// defined as their sources.
  void copied(size_t offset, const Mem &src, size_t srcOffset, size_t size);

  void addDestructorCallback(MemDestructor callback, void *userData);

private:
  void updateHostMapping();

  std::shared_ptr<Context> context_;
  std::shared_ptr<Mem> parent_;
  cl_mem_object_type type_ = CL_MEM_OBJECT_BUFFER;
  ImageDescription image_;
  cl_image_format format_{};
  std::shared_ptr<Mem> imageBuffer_;
  cl_mem_flags flags_;
  size_t size_;
  size_t origin_ = 0;
  void *hostPtr_ = nullptr;
  std::byte *data_ = nullptr;
  BufferId id_ = 0;
  uint64_t reserved_ = 0; ///< bytes counted against the device's memory
  std::string name_;
  std::vector<cl_mem_properties> properties_;
  std::shared_ptr<SvmBlock> svm_; ///< the SVM allocation a buffer views (usesSvmPointer)
  size_t svmOffset_ = 0;          ///< where in it

  mutable std::mutex mutex_;
  std::vector<Mapping> issued_;
  uint32_t readMappings_ = 0, writeMappings_ = 0; ///< in effect
  std::vector<std::pair<MemDestructor, void *>> destructors_;
};

/// The kernel-side access a buffer's flags allow (access.read_only_write, ...).
BufferAccess accessOf(cl_mem_flags flags);

} // namespace spvsim::runtime
