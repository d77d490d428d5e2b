// Evaluator: SPIR-V result ids by number (`print %N`, `info registers`), which need no
// debug information: a launch under the debugger keeps, per inlined copy of a function
// body, the registers each result id was lowered into (LoweredKernel::debugValues);
// ids whose registers the lowering folded away are not there, never a wrong value.
#include <algorithm>

#include "evaluator.h"
#include "spvsim/common/error.h"

namespace spvsim::debugger {

using Kind = ValueType::Kind;

std::vector<uint16_t> Evaluator::frameChain() const {
  const LoweredKernel &k = *session_.launch()->kernel;
  uint16_t frame = 0;
  const StopPoint &s = session_.stopPoint();
  if (s.op && s.x.warp == x_.warp && ((s.x.maskOf(*s.op) >> lane_) & 1)) {
    frame = s.op->frame;
  } else if (const uint32_t at = session_.instructionOf(*x_.warp, lane_); at != kNone) {
    for (const LoweredOp &op : k.ops)
      if (op.source == at) {
        frame = op.frame;
        break;
      }
  }
  std::vector<uint16_t> chain{frame};
  for (uint32_t n = 0; frame && frame < k.debugFrames.size() && n < 0x10000; ++n)
    chain.push_back(frame = k.debugFrames[frame].parent);
  if (chain.back() != 0) chain.push_back(0);
  return chain;
}

Value Evaluator::registerValue(const DebugValueSlot &r) const {
  const Module &m = session_.info().module();
  const LoweredKernel &k = *session_.launch()->kernel;
  Value v;
  v.type = typeOfSpirv(r.type);
  const Type &t = m.type(r.type);
  auto leafBytes = [&](const Type &s) -> uint32_t {
    if (s.kind == TypeKind::Bool) return 1;
    if (s.kind == TypeKind::Int || s.kind == TypeKind::Float) return s.width / 8;
    return 8; // pointers
  };
  if (v.type->isScalar()) {
    v.leaves.push_back(registerBits(r.slot, leafBytes(t)));
  } else if (t.kind == TypeKind::Vector) {
    for (uint32_t i = 0; i < t.count; ++i)
      v.leaves.push_back(registerBits(r.slot + i * k.slotStride, leafBytes(m.type(t.element))));
  } else {
    v.optimizedOut = true;
    v.note = "<in registers, not shown>";
  }
  return v;
}

Value Evaluator::registerValue(uint32_t id) const {
  if (!x_.warp)
    throw Error("No value of %" + std::to_string(id) + " here: " + noWorkItem_ +
                " (registers are a work-item's).");
  const LoweredKernel &k = *session_.launch()->kernel;
  const Module &m = session_.info().module();
  auto [first, last] = std::equal_range(
      k.debugValues.begin(), k.debugValues.end(), DebugValueSlot{id, 0, 0, 0},
      [](const DebugValueSlot &a, const DebugValueSlot &b) { return a.id < b.id; });
  if (first == last) {
    const Constant *c = m.constant(id);
    if (c && c->kind == ConstantKind::Scalar && !c->isSpec && c->typeId)
      return Value::ofScalar(typeOfSpirv(c->typeId), c->bits);
    throw Error("%" + std::to_string(id) +
                " has no register: no such result id in this kernel, or the lowering folded it "
                "into another value.");
  }
  // The copy of the innermost function on the work-item's call stack that has it.
  for (uint16_t frame : frameChain())
    for (auto it = first; it != last; ++it)
      if (it->frame == frame) return registerValue(*it);
  throw Error("%" + std::to_string(id) +
              " belongs to a function that is not on the work-item's call stack.");
}

std::vector<std::pair<uint32_t, Value>> Evaluator::registers() const {
  if (!x_.warp) throw Error("No registers here: " + noWorkItem_ + ".");
  const LoweredKernel &k = *session_.launch()->kernel;
  const uint16_t frame = frameChain().front();
  std::vector<std::pair<uint32_t, Value>> out;
  for (const DebugValueSlot &r : k.debugValues)
    if (r.frame == frame && (out.empty() || out.back().first != r.id))
      out.emplace_back(r.id, registerValue(r));
  return out;
}

} // namespace spvsim::debugger
