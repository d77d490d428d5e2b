// Checked execution: the checks that run before each op in the checked
// instantiation of the warp loop (exec/warp_executor.cpp) — misaligned
// accesses. A launch runs that loop only when such a check is on; the plain
// loop has no trace of them.
#pragma once

#include "exec/misaligned_access.h"

namespace spvsim {

/// Sets up the checks of the checked loop for a launch with `L.checks`: whether it
/// runs at all (L.checkedLoop), and the ops' alignment (cleared when the misaligned
/// check is off).
void prepareCheckedExecution(LaunchContext &L, LoweredKernel &k);

/// The checks of op `op` (index `index` in the kernel's ops), before it runs.
inline void checkOp(const ExecState &x, const LoweredOp &op, [[maybe_unused]] uint32_t index) {
  if (op.alignLog2) ops::checkAlignment(x, op);
}

} // namespace spvsim
