// The dispatch of the OpenCL.std ops (lower/opencl_std_ops.h), compiled apart
// from the main dispatch loop: the math functions are many and heavy to
// instantiate, and one call per executed op is cheap beside a warp's lanes.
#pragma once

#include "exec/exec_state.h"

namespace spvsim::ops {

/// Runs an OpenCL.std op; ops of other families are ignored.
void runOpenclStdOp(const ExecState &x, const LoweredOp &op);

} // namespace spvsim::ops
