// Kernels and their arguments (see kernel.h).
#include "core/kernel.h"

#include <cstring>

#include "core/sampler.h"

namespace spvsim::runtime {

Kernel::Kernel(std::shared_ptr<Program> program, std::shared_ptr<const Executable> executable,
               const KernelSignature &signature)
    : program_(std::move(program)), executable_(std::move(executable)), signature_(signature),
      args_(signature.params.size()) {
  program_->kernelCreated();
}

Kernel::~Kernel() {
  program_->kernelReleased();
}

std::shared_ptr<Kernel> Kernel::clone() const {
  auto copy = makeObject<Kernel>(program_, executable_, signature_);
  copy->args_ = args();
  return copy;
}

cl_int Kernel::setArg(cl_uint index, size_t size, const void *value) {
  if (index >= signature_.params.size()) return CL_INVALID_ARG_INDEX;
  const KernelParam &param = signature_.params[index];
  KernelArg arg;
  switch (param.kind) {
  case ParamKind::GlobalBuffer:
  case ParamKind::ConstantBuffer: {
    // OpenCL API §5.9.2: a cl_mem, or NULL (or a pointer to NULL) for a NULL pointer.
    if (size != sizeof(cl_mem)) return CL_INVALID_ARG_SIZE;
    cl_mem handle = nullptr;
    if (value) std::memcpy(&handle, value, sizeof handle);
    if (!handle) {
      arg.kind = KernelArg::Kind::Null;
      break;
    }
    std::shared_ptr<Mem> mem = lookup<Mem>(handle);
    // An image is no buffer for a pointer parameter.
    if (!mem || mem->isImage() || mem->sharedContext().get() != &context())
      return CL_INVALID_MEM_OBJECT;
    if (mem->usesSvmPointer()) {
      // A buffer over SVM memory: the kernel's pointer is the host address, as with
      // clSetKernelArgSVMPointer, so that pointers stored in that memory by the host or
      // the kernel are one address space (OpenCL API §5.6.1). Its accesses are checked
      // against the SVM allocation.
      arg.kind = KernelArg::Kind::Svm;
      arg.address = reinterpret_cast<uintptr_t>(mem->data());
      const SvmPlace place = context().svm().find(mem->data());
      arg.bufferName = place ? place.block->name() : mem->name();
      break;
    }
    arg.kind = KernelArg::Kind::Buffer;
    arg.mem = mem;
    arg.buffer = mem->id();
    arg.bufferName = mem->name();
    break;
  }
  case ParamKind::LocalBuffer:
    if (value) return CL_INVALID_ARG_VALUE;
    if (size == 0) return CL_INVALID_ARG_SIZE;
    arg.kind = KernelArg::Kind::Local;
    arg.localSize = size;
    break;
  case ParamKind::Value:
  case ParamKind::ByValStruct:
    if (!value) return CL_INVALID_ARG_VALUE;
    if (size != param.size) return CL_INVALID_ARG_SIZE;
    arg.kind = KernelArg::Kind::Bytes;
    arg.bytes.resize(size);
    std::memcpy(arg.bytes.data(), value, size);
    break;
  case ParamKind::Sampler: {
    // OpenCL API §5.9.2: a cl_sampler of the kernel's context.
    if (size != sizeof(cl_sampler)) return CL_INVALID_ARG_SIZE;
    cl_sampler handle = nullptr;
    if (value) std::memcpy(&handle, value, sizeof handle);
    std::shared_ptr<Sampler> sampler = lookup<Sampler>(handle);
    if (!sampler || sampler->sharedContext().get() != &context()) return CL_INVALID_SAMPLER;
    arg.kind = KernelArg::Kind::Sampler;
    arg.samplerBits = sampler->bits();
    break;
  }
  case ParamKind::Image: {
    // OpenCL API §5.9.2: an image of the parameter's type (a depth image for a depth
    // parameter and only there), whose flags allow the parameter's access.
    if (size != sizeof(cl_mem)) return CL_INVALID_ARG_SIZE;
    cl_mem handle = nullptr;
    if (value) std::memcpy(&handle, value, sizeof handle);
    std::shared_ptr<Mem> mem = lookup<Mem>(handle);
    if (!mem || !mem->isImage() || mem->sharedContext().get() != &context())
      return CL_INVALID_MEM_OBJECT;
    const ImageDescription &image = mem->image();
    const bool depth = image.format.order == channel_order::Depth;
    if (image.type != param.imageType || depth != param.imageDepth) return CL_INVALID_MEM_OBJECT;
    if ((param.imageAccess == ImageAccess::ReadOnly && (mem->flags() & CL_MEM_WRITE_ONLY)) ||
        (param.imageAccess == ImageAccess::WriteOnly && (mem->flags() & CL_MEM_READ_ONLY)))
      return CL_INVALID_ARG_VALUE;
    arg.kind = KernelArg::Kind::Image;
    arg.mem = mem;
    arg.buffer = mem->id();
    arg.bufferName = mem->name();
    arg.image = image;
    break;
  }
  case ParamKind::Unsupported:
    // Pipes and queues.
    return CL_INVALID_ARG_VALUE;
  }
  std::lock_guard lock(mutex_);
  args_[index] = std::move(arg);
  return CL_SUCCESS;
}

cl_int Kernel::setSvmArg(cl_uint index, const void *pointer) {
  if (index >= signature_.params.size()) return CL_INVALID_ARG_INDEX;
  const ParamKind kind = signature_.params[index].kind;
  // OpenCL API §5.9.2: only for pointers to global or constant memory.
  if (kind != ParamKind::GlobalBuffer && kind != ParamKind::ConstantBuffer)
    return CL_INVALID_ARG_VALUE;
  KernelArg arg;
  if (!pointer) {
    arg.kind = KernelArg::Kind::Null;
  } else {
    // The pointer returned by clSVMAlloc or one into its allocation.
    SvmPlace place = context().svm().find(pointer);
    if (!place) return CL_INVALID_ARG_VALUE;
    arg.kind = KernelArg::Kind::Svm;
    arg.address = reinterpret_cast<uintptr_t>(pointer);
    arg.bufferName = place.block->name();
  }
  std::lock_guard lock(mutex_);
  args_[index] = std::move(arg);
  return CL_SUCCESS;
}

std::vector<KernelArg> Kernel::args() const {
  std::lock_guard lock(mutex_);
  return args_;
}

bool Kernel::argsComplete() const {
  std::lock_guard lock(mutex_);
  for (const KernelArg &a : args_)
    if (a.kind == KernelArg::Kind::Unset) return false;
  return true;
}

uint64_t Kernel::localMemory() const {
  uint64_t total = details().resources.localBytes;
  std::lock_guard lock(mutex_);
  for (const KernelArg &a : args_)
    if (a.kind == KernelArg::Kind::Local) total += a.localSize;
  return total;
}

} // namespace spvsim::runtime
