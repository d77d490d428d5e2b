// The source frames of a work-item of a stopped launch, innermost first: the functions
// the compiler inlined (DebugScope's inlined-at) and the calls spvsim's lowering
// inlined (LoweredKernel::debugFrames) — what `backtrace` prints, as data.
#pragma once

#include <cstdint>
#include <vector>

#include "debug_session.h"

namespace spvsim::debugger {

/// The frames of the work-item in lane `lane` of warp `warp` of the running group;
/// empty when it has finished. Frames without a source line other than the innermost
/// (llvm-spirv's kernel wrappers) are left out. Stopped at a finding of this work-item,
/// the innermost frame is at the finding's line.
std::vector<SourceFrame> framesOfWorkItem(const DebugSession &session, const Warp &warp,
                                          uint32_t lane);

} // namespace spvsim::debugger
