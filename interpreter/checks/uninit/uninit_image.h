// How the uninit check follows definedness through image reads and writes
// (checks/uninit/uninit_image.cpp): an image's texels have a shadow like a buffer's
// bytes, and the conversions of OpenCL SPIR-V Env §7.4 carry it channel by channel.
#pragma once

#include "exec/execution_events.h"

namespace spvsim::ops {

/// Image op `op` (op `index` of the kernel) with the uninit check, after it ran with the
/// record `texels` (before a write is committed). A read's result component is undefined
/// in a lane whose texels hold undefined bytes of that component; a write marks the
/// texel bytes of its undefined components undefined, and a texel none of whose stored
/// components was written is uninit.read (the host may read it), then defined.
void uninitImage(const ExecState &x, const LoweredOp &op, uint32_t index,
                 const ImageTexels &texels);

} // namespace spvsim::ops
