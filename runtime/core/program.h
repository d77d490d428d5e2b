// Program: OpenCL C source, SPIR-V (IL) or a binary, and what building,
// compiling or linking it produced (OpenCL API §5.8). Building loads the
// SPIR-V, validates it against the device with the specialization constants
// set so far, and keeps the result as an immutable Executable that kernels
// and launches share.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/binary.h"
#include "core/check_cache.h"
#include "core/cl.h"
#include "core/compiler.h"
#include "core/context.h"
#include "core/object.h"
#include "spvsim/common/error.h"
#include "spvsim/interpreter/kernel_resources.h"
#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/interpreter/lowered_kernel_cache.h"
#include "spvsim/runfile/bind.h"
#include "spvsim/validator/validator.h"

namespace spvsim::runtime {

/// What spvsim knows about one kernel of an executable beyond its signature.
struct KernelDetails {
  KernelResources resources;
  std::string unsupported;                 ///< why it cannot run, when it cannot
  std::optional<LimitError::Limit> limit;  ///< the limit it is beyond, if that is why
  std::vector<std::string> argTypeNames;   ///< from the module's kernel_arg_type string
  std::vector<std::string> argQualifiers;  ///< from kernel_arg_type_qual ("const", ...)
  std::string attributes;                  ///< CL_KERNEL_ATTRIBUTES
  std::array<size_t, 3> sizeHint{0, 0, 0}; ///< work_group_size_hint
};

/// A built program: immutable, shared by its program, kernels and launches.
class Executable {
public:
  /// Lowers each kernel to check it, except those `known` already describes (the checks
  /// of an earlier build of the same module, check_cache.h).
  Executable(std::shared_ptr<Context> context, ValidatedModule module, std::vector<uint32_t> words,
             SpecConstants specConstants, bool uniformWorkGroups,
             const std::vector<KernelCheck> *known = nullptr);
  ~Executable();
  Executable(const Executable &) = delete;
  Executable &operator=(const Executable &) = delete;

  const ValidatedModule &module() const { return module_; }
  const std::vector<uint32_t> &words() const { return words_; }
  const SpecConstants &specConstants() const { return specConstants_; }
  /// The program must be launched with uniform work-groups (OpenCL API §5.10).
  bool uniformWorkGroups() const { return uniformWorkGroups_; }
  /// Identifies the module in findings and captures.
  uint64_t number() const { return number_; }
  const std::vector<KernelSignature> &kernels() const { return kernels_; }
  const KernelSignature *kernel(const std::string &name) const;
  const KernelDetails &details(const std::string &name) const { return details_.at(name); }
  /// CL_PROGRAM_GLOBAL_VARIABLE_TOTAL_SIZE.
  uint64_t globalVariableBytes() const { return globalVariableBytes_; }
  /// Warnings for the build log (kernels beyond a limit every launch meets: their
  /// enqueues fail with the limit's error code).
  const std::string &notes() const { return notes_; }
  /// Errors for the build log: kernels that use what spvsim does not implement. The
  /// build fails with them (OpenCL API §5.8.4: CL_BUILD_PROGRAM_FAILURE "if there is a
  /// failure to build the program executable"), so that no launch silently does nothing.
  const std::string &errors() const { return errors_; }
  /// What the build found about each kernel (for the check cache).
  const std::vector<KernelCheck> &checks() const { return checks_; }
  /// Its kernels as launches lowered them, reused by the next launches (launchKernel's
  /// ExecOptions::loweredKernels); thread-safe.
  LoweredKernelCache &loweredKernels() const { return loweredKernels_; }

private:
  KernelCheck checkKernel(const std::string &name) const;
  std::shared_ptr<Context> context_;
  ValidatedModule module_;
  std::vector<uint32_t> words_;
  SpecConstants specConstants_;
  bool uniformWorkGroups_;
  uint64_t number_;
  std::vector<KernelSignature> kernels_;
  std::map<std::string, KernelDetails> details_;
  std::vector<KernelCheck> checks_;
  uint64_t globalVariableBytes_ = 0;
  std::string notes_;
  std::string errors_;
  mutable LoweredKernelCache loweredKernels_;
};

class Program : public _cl_program {
public:
  static constexpr ObjectKind kKind = ObjectKind::Program;
  enum class Origin { Source, IL, Binary, Linked };

  Program(std::shared_ptr<Context> context, Origin origin);
  static std::shared_ptr<Program> withSource(std::shared_ptr<Context> context, std::string source);
  /// Throws spvsim::Error when the words are not a SPIR-V module.
  static std::shared_ptr<Program> withIL(std::shared_ptr<Context> context,
                                         std::vector<uint32_t> words);
  static std::shared_ptr<Program> withBinary(std::shared_ptr<Context> context,
                                             ProgramBinary binary);

  /// clBuildProgram: CL_SUCCESS, CL_BUILD_PROGRAM_FAILURE, CL_INVALID_BUILD_OPTIONS,
  /// CL_COMPILER_NOT_AVAILABLE or CL_INVALID_OPERATION.
  cl_int build(const std::string &options);
  /// clCompileProgram: CL_SUCCESS, CL_COMPILE_PROGRAM_FAILURE, CL_INVALID_COMPILER_OPTIONS,
  /// CL_COMPILER_NOT_AVAILABLE or CL_INVALID_OPERATION.
  cl_int compile(const std::string &options, const std::vector<Header> &headers);
  /// clLinkProgram: a new program (also when the link failed: `status` says
  /// CL_LINK_PROGRAM_FAILURE), or null with CL_INVALID_LINKER_OPTIONS,
  /// CL_LINKER_NOT_AVAILABLE or CL_INVALID_OPERATION in `status`.
  static std::shared_ptr<Program> link(std::shared_ptr<Context> context, const std::string &options,
                                       const std::vector<std::shared_ptr<Program>> &inputs,
                                       cl_int &status);
  /// clSetProgramSpecializationConstant: CL_SUCCESS, CL_INVALID_SPEC_ID or CL_INVALID_VALUE.
  cl_int setSpecializationConstant(cl_uint specId, size_t size, const void *value);

  Context &context() const { return *context_; }
  const std::shared_ptr<Context> &sharedContext() const { return context_; }
  Origin origin() const { return origin_; }
  const std::string &source() const { return source_; }
  const std::vector<uint32_t> &il() const { return il_; }

  cl_build_status buildStatus() const;
  std::string buildLog() const;
  std::string buildOptions() const;
  cl_program_binary_type binaryType() const;
  /// CL_PROGRAM_BINARIES: the encoded binary, empty when there is none.
  std::vector<unsigned char> binary() const;
  /// The built executable, or null.
  std::shared_ptr<const Executable> executable() const;
  /// A build, compile or link is running.
  bool busy() const;
  /// Whether clGetKernelArgInfo may answer for this program's kernels (OpenCL API §5.9.4):
  /// built or compiled from source with -cl-kernel-arg-info, linked from objects that all
  /// were, a binary of such a program, or IL (the module decides by what it carries).
  bool kernelArgInfo() const;

  void kernelCreated() { ++kernels_; }
  void kernelReleased() { --kernels_; }
  uint32_t kernelCount() const { return kernels_; }

private:
  /// Loads, validates and describes `words` as this program's executable; false with the
  /// log written when it is not one.
  bool makeExecutable(std::vector<uint32_t> words, bool uniformWorkGroups, std::string &log);
  /// Starts a build or compile: CL_SUCCESS, or CL_INVALID_OPERATION when one runs or
  /// kernels are attached.
  cl_int begin();

  std::shared_ptr<Context> context_;
  Origin origin_;
  std::string source_;
  std::vector<uint32_t> il_;
  std::map<uint32_t, runfile::SpecConstantType> specTypes_;

  mutable std::mutex mutex_;
  bool busy_ = false;
  cl_build_status status_ = CL_BUILD_NONE;
  std::string log_;
  std::string options_;
  cl_program_binary_type binaryType_ = CL_PROGRAM_BINARY_TYPE_NONE;
  std::vector<uint32_t> binaryWords_;
  bool uniformWorkGroups_ = true;
  bool kernelArgInfo_ = false;
  std::shared_ptr<const Executable> executable_;
  std::map<uint32_t, uint64_t> specValues_;
  std::atomic<uint32_t> kernels_{0};
};

} // namespace spvsim::runtime
