// Kernel: one kernel of a program executable and the argument values the
// application set (OpenCL API §5.9). Buffer and image arguments are held
// weakly: a buffer the application releases while a kernel still names it is
// a released buffer to the next launch (access.released), as on a device.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/cl.h"
#include "core/mem.h"
#include "core/object.h"
#include "core/program.h"

namespace spvsim::runtime {

/// One argument value as clSetKernelArg set it.
struct KernelArg {
  enum class Kind { Unset, Buffer, Null, Local, Bytes, Image, Sampler, Svm };
  Kind kind = Kind::Unset;
  std::weak_ptr<Mem> mem;       ///< Buffer, Image
  BufferId buffer = 0;          ///< Buffer, Image: its allocation, even once released
  std::string bufferName;       ///< Buffer, Image, Svm: its name in findings
  ImageDescription image;       ///< Image: the image over `buffer`
  uint32_t samplerBits = 0;     ///< Sampler: the sampler_t value (sampler_bits)
  size_t localSize = 0;         ///< Local
  std::vector<std::byte> bytes; ///< Bytes
  uint64_t address = 0;         ///< Svm: the host address into an SVM allocation
};

class Kernel : public _cl_kernel {
public:
  static constexpr ObjectKind kKind = ObjectKind::Kernel;
  Kernel(std::shared_ptr<Program> program, std::shared_ptr<const Executable> executable,
         const KernelSignature &signature);
  ~Kernel();

  /// clCloneKernel: the same kernel with the same argument values.
  std::shared_ptr<Kernel> clone() const;

  Program &program() const { return *program_; }
  const std::shared_ptr<Program> &sharedProgram() const { return program_; }
  Context &context() const { return program_->context(); }
  const std::shared_ptr<const Executable> &executable() const { return executable_; }
  const KernelSignature &signature() const { return signature_; }
  const std::string &name() const { return signature_.name; }
  const KernelDetails &details() const { return executable_->details(signature_.name); }

  /// clSetKernelArg: CL_SUCCESS or the spec's error (CL_INVALID_ARG_INDEX, _VALUE, _SIZE,
  /// CL_INVALID_MEM_OBJECT, CL_INVALID_SAMPLER).
  cl_int setArg(cl_uint index, size_t size, const void *value);
  /// clSetKernelArgSVMPointer: CL_SUCCESS, CL_INVALID_ARG_INDEX, or CL_INVALID_ARG_VALUE for
  /// an argument that is no global or constant pointer or a pointer into no SVM allocation
  /// of the context (NULL is a NULL pointer).
  cl_int setSvmArg(cl_uint index, const void *pointer);
  /// The argument values, copied (a launch takes them at enqueue time).
  std::vector<KernelArg> args() const;
  /// Every argument has a value.
  bool argsComplete() const;
  /// Bytes of __local memory the kernel needs with its current arguments.
  uint64_t localMemory() const;

private:
  std::shared_ptr<Program> program_;
  std::shared_ptr<const Executable> executable_;
  KernelSignature signature_;
  mutable std::mutex mutex_;
  std::vector<KernelArg> args_;
};

} // namespace spvsim::runtime
