// The misaligned check (docs/findings.md misaligned): a load, store or atomic whose
// offset in its allocation is not a multiple of the alignment it needs
// (LoweredOp::alignLog2, set by the lowering). Such an access is reported and
// performed all the same (exec/misaligned_access.h). Runs in the checked loop's
// beforeOp (launch/checked_execution.h); with the check off a launch clears
// alignLog2, so nothing of it runs.
#pragma once

#include <cstdint>

#include "exec/execution_events.h"

namespace spvsim::ops {

/// Reports the lanes of `misaligned` (a non-empty lane mask) of a load, store or
/// atomic whose access is not aligned.
void reportMisaligned(const ExecState &x, const LoweredOp &op, uint64_t misaligned);

/// Checks the active lanes of a load, store or atomic with op.alignLog2 > 0. The low
/// bits of a tagged pointer are its offset's, so when no lane's pointer has any of them
/// set (an OR over the lanes, which vectorises) only the access's constant offset counts.
inline void checkAlignment(const ExecState &x, const LoweredOp &op) {
  const uint64_t low = (uint64_t(1) << op.alignLog2) - 1;
  const uint64_t *p = x.reg<uint64_t>(op.a);
  const bool indexed = op.code >= OpCode::LoadIndexed8 && op.code <= OpCode::StoreIndexed64;
  const uint64_t stride = indexed ? op.aux & kMaxIndexedStride : 0;
  const uint64_t constant = op.imm + (indexed ? op.b : 0);
  if ((stride & low) == 0 && (constant & low) == 0) {
    uint64_t bits = 0;
    for (uint32_t l = 0; l < x.width; ++l) bits |= p[l];
    if ((bits & low) == 0) [[likely]]
      return;
  }
  uint64_t misaligned = 0;
  for (uint32_t l = 0; l < x.width; ++l) {
    const uint64_t index = indexed ? uint64_t(laneIndex(x, op, l)) : 0;
    const uint64_t at = tagged::offset(p[l]) + index * stride + constant;
    misaligned |= uint64_t((at & low) != 0) << l;
  }
  misaligned &= x.maskOf(op);
  if (misaligned) [[unlikely]]
    reportMisaligned(x, op, misaligned);
}

} // namespace spvsim::ops
