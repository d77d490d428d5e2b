// OpOperands: which register slots an op reads and writes, field by field, and
// whether it has effects beyond them — derived from the families of the op
// table (lower/op_table.h), so that it cannot disagree with the handlers. The
// optimisation passes over lowered code (lower/optimize.cpp) rely on it.
#pragma once

#include <array>
#include <cstdint>

#include "lower/program.h"

namespace spvsim {

/// A field of a LoweredOp that names a register slot.
enum class OpField : uint8_t { D, A, B, C };

/// One slot operand: `count` consecutive slots from the field's offset (a vector).
struct SlotOperand {
  OpField field = OpField::D;
  bool write = false;
  uint32_t count = 1;
};

struct OpOperands {
  std::array<SlotOperand, 6> list{};
  uint8_t size = 0;
  /// Reads or writes slots that its fields do not describe (work-group functions,
  /// printf arguments): a pass must treat it as reading and writing every slot.
  bool opaque = false;
  /// Computes its writes from its reads and nothing else: no memory, no finding,
  /// no control flow. Such an op may be removed when nothing reads what it writes.
  bool pure = false;

  void add(OpField field, bool write, uint32_t count = 1) {
    list[size++] = SlotOperand{field, write, count};
  }
};

/// The slot operands of `op`.
OpOperands opOperands(const LoweredOp &op);

/// The bytes an atomic op accesses (4 or 8); 0 for ops that are not atomics.
uint32_t atomicAccessBytes(OpCode code);

/// The value of a slot field of `op`.
inline uint32_t &fieldOf(LoweredOp &op, OpField f) {
  switch (f) {
  case OpField::D:
    return op.d;
  case OpField::A:
    return op.a;
  case OpField::B:
    return op.b;
  case OpField::C:
    break;
  }
  return op.c;
}
inline uint32_t fieldOf(const LoweredOp &op, OpField f) {
  return fieldOf(const_cast<LoweredOp &>(op), f);
}

} // namespace spvsim
