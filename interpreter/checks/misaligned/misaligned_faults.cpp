// Findings of the misaligned check (docs/findings.md misaligned, exec/misaligned_access.h).
#include <bit>
#include <string>

#include "checks/misaligned/alignment_check.h"
#include "exec/execution_events.h"
#include "lower/op_operands.h"

namespace spvsim::ops {

namespace {

/// Bytes an op of a family sized 8/16/32/64 (Load8, Store8, ...) accesses.
uint32_t sizedBytes(OpCode code, OpCode first8) {
  return 1u << (uint32_t(code) - uint32_t(first8));
}

} // namespace

void reportMisaligned(const ExecState &x, const LoweredOp &op, uint64_t misaligned) {
  const uint32_t lane = static_cast<uint32_t>(std::countr_zero(misaligned));
  uint64_t pointer = x.reg<uint64_t>(op.a)[lane];
  const uint64_t key =
      repeatKey(6, op, tagged::id(pointer) | uint64_t(tagged::space(pointer)) << 21);
  if (x.launch->reporter->countRepeat(key)) return;
  const uint32_t atomicBytes = atomicAccessBytes(op.code);
  uint32_t bytes = atomicBytes;
  const char *what = "atomic access";
  uint64_t offset = tagged::offset(pointer) + op.imm;
  if (op.code >= OpCode::LoadIndexed8 && op.code <= OpCode::LoadIndexed64) {
    bytes = sizedBytes(op.code, OpCode::LoadIndexed8), what = "read";
  } else if (op.code >= OpCode::StoreIndexed8 && op.code <= OpCode::StoreIndexed64) {
    bytes = sizedBytes(op.code, OpCode::StoreIndexed8), what = "write";
  } else if (op.code >= OpCode::Load8 && op.code <= OpCode::Load64) {
    bytes = sizedBytes(op.code, OpCode::Load8), what = "read";
  } else if (op.code >= OpCode::Store8 && op.code <= OpCode::Store64) {
    bytes = sizedBytes(op.code, OpCode::Store8), what = "write";
  }
  if (op.code >= OpCode::LoadIndexed8 && op.code <= OpCode::StoreIndexed64)
    offset += uint64_t(laneIndex(x, op, lane)) * (op.aux & kMaxIndexedStride) + op.b;
  const std::string space = addressSpaceName(tagged::space(pointer));
  const std::string name = allocationName(x, pointer);
  const uint64_t alignment = uint64_t(1) << op.alignLog2;
  Finding f;
  f.kind = "misaligned";
  f.message = std::string(what) + " of " + std::to_string(bytes) + " bytes at offset " +
              std::to_string(offset) + " of " + space + " '" + name + "' is not aligned to " +
              std::to_string(alignment) + " bytes" +
              (atomicBytes ? " (its size)" : " (its type's or Aligned operand's alignment)") +
              "; performed byte-wise";
  f.workItem = workItemOf(x, lane);
  f.memory = MemoryRef{space, name, offset, bytes};
  if (const int lanes = std::popcount(misaligned); lanes > 1)
    f.notes.push_back(std::to_string(lanes) + " work-items of this warp did so here");
  x.launch->reporter->report(std::move(f), op.source, key);
}

} // namespace spvsim::ops
