// KernelResources: the memory one kernel needs besides its arguments — its
// own __local variables, one work-item's private memory and the program-scope
// variables it uses — as the lowering lays them out. The cl* runtime answers
// CL_KERNEL_LOCAL_MEM_SIZE, CL_KERNEL_PRIVATE_MEM_SIZE and
// CL_PROGRAM_GLOBAL_VARIABLE_TOTAL_SIZE from it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "spvsim/interpreter/launch.h"
#include "spvsim/validator/validator.h"

namespace spvsim {

/// A program-scope variable a kernel uses.
struct ProgramVariable {
  std::string name;
  uint64_t size = 0;
  bool constant = false; ///< UniformConstant (__constant)
};

struct KernelResources {
  uint64_t localBytes = 0;   ///< Workgroup variables of the kernel (not __local arguments)
  uint64_t privateBytes = 0; ///< one work-item's private arena
  std::vector<ProgramVariable> programVariables;
};

/// Lowers the kernel to measure it. Throws spvsim::Error for a kernel that does not exist,
/// spvsim::LimitError for one beyond the call depth, kernel size or private memory every
/// launch is held to (limits.h), and spvsim::Unsupported for one the executor cannot run.
KernelResources kernelResources(const ValidatedModule &module, const std::string &kernel,
                                const SpecConstants &specConstants);

} // namespace spvsim
