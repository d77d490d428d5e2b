// Error: the exception for bad user input (module, run file, arguments).
// Its message is complete and names the problem; callers print it as is.
#pragma once

#include <stdexcept>
#include <string>

namespace spvsim {

class Error : public std::runtime_error {
public:
  explicit Error(const std::string &message) : std::runtime_error(message) {}
};

/// A request beyond one of spvsim's resource limits (docs/robustness.md has the table).
/// It is bad input like any Error (exit status 2 in the CLI); `limit()` says which limit,
/// so that the runtime maps it to the OpenCL error code the API specifies:
///   GlobalSize     CL_INVALID_GLOBAL_WORK_SIZE  (OpenCL API §5.10: work-items beyond size_t)
///   WorkGroupSize  CL_INVALID_WORK_GROUP_SIZE   (§5.10: above CL_DEVICE_MAX_WORK_GROUP_SIZE)
///   LocalMemory    CL_OUT_OF_RESOURCES          (§5.10: "insufficient resources such as
///   PrivateMemory  CL_OUT_OF_RESOURCES           registers or local memory")
///   CallDepth      CL_OUT_OF_RESOURCES
///   KernelSize     CL_OUT_OF_RESOURCES
///   BufferMemory   CL_MEM_OBJECT_ALLOCATION_FAILURE (§5.2.1 clCreateBuffer)
class LimitError : public Error {
public:
  enum class Limit {
    GlobalSize,    ///< the NDRange has more work-items than 64 bits count
    WorkGroupSize, ///< work-items per work-group above CL_DEVICE_MAX_WORK_GROUP_SIZE
    LocalMemory,   ///< __local bytes of a kernel above CL_DEVICE_LOCAL_MEM_SIZE
    PrivateMemory, ///< private bytes per work-item above spvsim's limit
    CallDepth,     ///< function calls nested deeper than spvsim's limit
    KernelSize,    ///< a kernel with its calls inlined has too many instructions
    BufferMemory   ///< buffers of a run or context above --max-memory
  };
  LimitError(Limit limit, const std::string &message) : Error(message), limit_(limit) {}
  Limit limit() const { return limit_; }

private:
  Limit limit_;
};

/// Work stopped from outside before it finished (Ctrl-C, a bound on a whole run), at a
/// point where nothing half-done is left behind. The message says what was stopped.
class Interrupted : public std::runtime_error {
public:
  explicit Interrupted(const std::string &message) : std::runtime_error(message) {}
};

/// The interpreter met something it does not implement (exit status 3 in the CLI).
class Unsupported : public std::runtime_error {
public:
  explicit Unsupported(const std::string &message) : std::runtime_error(message) {}
};

} // namespace spvsim
