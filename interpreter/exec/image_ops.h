// The Image op's handler (exec/image_ops.cpp), out of line: image reads, writes,
// samples and queries (lower/lowering_image.cpp) address and convert texels per
// lane, far more than a dispatch loop's inline handler should hold.
#pragma once

#include "exec/exec_state.h"

namespace spvsim::ops {

/// Runs image instruction op.aux (LoweredKernel::imageInstructions) for the op's lanes.
void imageOp(const ExecState &x, const LoweredOp &op);

} // namespace spvsim::ops
