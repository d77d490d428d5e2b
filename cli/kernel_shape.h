// What `spvsim init` can see of a kernel's work shape in its module: how many NDRange
// dimensions its work-item functions use (get_global_id(1) makes it two-dimensional) and
// the work-group size its fixed-size __local arrays are written for (a 16×16 tile).
#pragma once

#include <cstdint>
#include <vector>

#include "spvsim/validator/module.h"

namespace spvsim::cli {

struct KernelShape {
  uint32_t dims = 1; ///< 1 to 3: one past the highest dimension a work-item query names
  /// The work-group size the first __local array of as many dimensions as the kernel
  /// suggests, its smallest side in each (float As[16][16] or As[16][17] in a 2-D
  /// kernel: {16, 16}), empty when there is none.
  std::vector<uint64_t> tile;
};

/// The shape of `kernel`, from the instructions of the functions it calls (directly or
/// not): loads of the work-item built-in variables (OpenCL SPIR-V Env §2.9) and the
/// Workgroup variables those functions use.
KernelShape kernelShape(const Module &module, const EntryPoint &kernel);

} // namespace spvsim::cli
