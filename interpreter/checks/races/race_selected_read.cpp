// recordSelectedRead: a hoisted load's read, recorded for the lanes that use it.
#include "checks/races/race_selected_read.h"

#include <bit>

#include "checks/races/race_shadow.h"

namespace spvsim::race {

void recordSelectedRead(const ExecState &x, const LoweredOp &op, uint32_t bytes) {
  const uint64_t *p = x.reg<uint64_t>(op.a);
  const uint64_t mask = x.maskOf(op);
  const uint8_t *condition = x.reg<uint8_t>(op.b);
  const bool keptWhen = !(op.access & kAccessSelectedWhenFalse);
  uint64_t kept = 0;
  for (uint64_t m = mask; m; m &= m - 1) {
    const uint32_t l = uint32_t(std::countr_zero(m));
    if ((condition[l] != 0) == keptWhen) kept |= laneBit(l);
  }
  // Every lane keeps it, or the op runs under an edge's mask (loads never do): as any load.
  if (kept == mask || op.mask != 0) return recordAccess(x, op, p, op.imm, bytes, AccessKind::Read);
  if (!kept) return;
  uint64_t narrowed[1] = {kept};
  ExecState lanes = x;
  lanes.masks = narrowed;
  recordAccess(lanes, op, p, op.imm, bytes, AccessKind::Read);
}

} // namespace spvsim::race
