// The resource limits a launch is checked against before it runs (limits.h):
// NDRange sizes, nesting and size of the kernel's calls, private and __local
// memory. Each failure is a spvsim::LimitError naming what was asked and the
// limit, so the runtime can map it to the CL error code the API specifies.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "lower/program.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/validator/module.h"

namespace spvsim {

/// OpenCL API §5.10 clEnqueueNDRangeKernel: 1 to 3 dimensions, no size 0 (Error), no more
/// work-items than 64 bits count (GlobalSize), no work-group above
/// CL_DEVICE_MAX_WORK_GROUP_SIZE (WorkGroupSize).
void checkRange(const NDRange &range);

/// The static call graph of entry point `kernel`: calls nested deeper than
/// limits.callDepth (CallDepth), or more than limits.kernelInstructions instructions once
/// every call is inlined (KernelSize). Checked before lowering, which inlines on the host
/// stack; iterative, so any module is safe. Cycles are left to the lowering's own error.
void checkCallGraph(const Module &module, const std::string &kernel, const LaunchLimits &limits);

/// Private bytes per work-item — address-taken variables and registers — above
/// limits.privateMemory (PrivateMemory).
void checkPrivateMemory(const LoweredKernel &kernel, const LaunchLimits &limits);

/// The __local bytes one work-group needs for `sizes` (per LoweredKernel::locals entry,
/// __local arguments' sizes filled in) laid out with their alignment: above
/// limits.localMemory it is a LocalMemory error. Returns each entry's offset in the
/// group's arena and the arena's size.
uint64_t layOutLocalMemory(const LoweredKernel &kernel, std::span<const uint64_t> sizes,
                           const LaunchLimits &limits, std::vector<uint64_t> &offsets);

} // namespace spvsim
