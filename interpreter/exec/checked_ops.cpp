// Checked execution (exec/checked_ops.h): what a launch prepares for it.
#include "exec/checked_ops.h"

#include "exec/uninit_setup.h"

namespace spvsim {

void prepareCheckedExecution(LaunchContext &L, LoweredKernel &k) {
  const bool misaligned = L.checks.has(Check::Misaligned);
  L.checkedLoop = misaligned || L.checks.has(Check::Uninit) || L.checks.has(Check::Races);
  if (!misaligned)
    for (LoweredOp &op : k.ops) op.alignLog2 = 0;
  if (L.checks.has(Check::Uninit)) prepareUninit(L);
}

} // namespace spvsim
