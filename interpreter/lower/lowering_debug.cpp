// Lowering for the debugger: a DebugDeclare or DebugValue of OpenCL.DebugInfo.100
// (§4.7 "Local Variables") becomes a DebugBind op naming the variable and the slots
// that hold it (or the pointer to its memory) from there on. A Fragment operation in
// its DebugExpression (§4.8: a struct or vector split into its parts, a narrow value
// kept in a wider one; LLVM's DW_OP_LLVM_fragment) makes the binding about those bits
// of the variable only: the op's imm is their offset << 32 | their size in bits
// (debugBindFragment), 0 for the whole variable. Only a launch under the
// debugger lowers them; otherwise debug information lowers to nothing (DESIGN.md).
// The debugger's launches also keep each result id's registers (`print %N`, which
// needs no debug information).
#include <algorithm>
#include <unordered_set>

#include "lower/kernel_lowering.h"
#include "lower/op_operands.h"

namespace spvsim {

void KernelLowering::lowerDebugBinding(Instance &in, const Instruction &inst, uint32_t number) {
  auto ops = module_.operands(inst);
  // Set, number, Local Variable, Variable or Value, Expression[, Indexes...].
  if (ops.size() < 5) return;
  DebugBinding binding;
  uint64_t fragment = 0; // the op's imm: bit offset << 32 | size in bits (0: whole)
  binding.variable = ops[2];
  binding.address = number == 28;
  const uint32_t id = ops[3];
  // A DebugExpression that computes the variable from the value is not followed; llvm-spirv's
  // address-space prefix (Constu N, Swap, Xderef: the memory of address space N) and
  // StackValue (the value itself) leave it as it is, and Fragment (offset and size in
  // bits) says which part of the variable the value is (OpenCL.DebugInfo.100 §3.8, §4.8).
  const IdInfo &exprInfo = module_.id(ops[4]);
  if (exprInfo.instruction != kNone) {
    auto expression = module_.operands(module_.instruction(exprInfo.instruction)).subspan(2);
    for (uint32_t operation : expression) {
      const IdInfo &o = module_.id(operation);
      if (o.instruction == kNone) continue;
      auto words = module_.operands(module_.instruction(o.instruction));
      const uint32_t code = words.size() > 2 ? words[2] : 0;
      if (code == 9 && words.size() > 4 && words[4] != 0) {
        fragment = (uint64_t(words[3]) << 32) | words[4];
        // A part of a variable in memory is not followed.
        if (binding.address) binding.optimizedOut = true;
      } else if (code != 5 && code != 6 && code != 7 && code != 8) {
        binding.optimizedOut = true;
      }
    }
  }
  if (number == 29 && ops.size() > 5) binding.optimizedOut = true; // a part of the variable
  const IdInfo &info = module_.id(id);
  const Constant *constant = module_.constant(id);
  const bool known = in.values.count(id) || in.indexedPointers.count(id) ||
                     (info.kind == IdKind::Constant && constant &&
                      constant->kind != ConstantKind::Undef && !constant->isSpec);
  if (!known || module_.typeOf(id) == 0) binding.optimizedOut = true;
  SlotValue value;
  if (!binding.optimizedOut) {
    value = valueOf(in, id);
    binding.type = module_.typeOf(id);
  }
  const auto index = static_cast<uint32_t>(out_.debugBindings.size());
  out_.debugBindings.push_back(binding);
  LoweredOp &op = emit(OpCode::DebugBind);
  op.aux = index;
  op.imm = fragment;
  if (!binding.optimizedOut) {
    op.a = slotBytes(value.slot);
    op.c = leafCount(value.type);
  }
}

void KernelLowering::recordDebugValues(const Instance &in) {
  for (const auto &[id, value] : in.values)
    out_.debugValues.push_back({id, slotBytes(value.slot), value.type, currentFrame_});
}

void keepWrittenDebugValues(LoweredKernel &k) {
  // Registers some op writes, the arguments' and the constants'. An op whose
  // registers are not listed (opaque) stops optimizeLowered from folding results
  // across it, so then every result keeps its registers.
  std::unordered_set<uint32_t> written;
  bool opaque = false;
  for (const LoweredOp &op : k.ops) {
    const OpOperands o = opOperands(op);
    opaque |= o.opaque;
    for (uint32_t i = 0; i < o.size; ++i)
      if (o.list[i].write)
        for (uint32_t n = 0; n < o.list[i].count; ++n)
          written.insert(fieldOf(op, o.list[i].field) + n * k.slotStride);
  }
  if (!opaque) {
    for (const UniformInit &u : k.constants) written.insert(u.slot);
    for (const ParamBinding &p : k.params) {
      written.insert(p.pointerSlot);
      for (const ParamBinding::Leaf &l : p.leaves) written.insert(l.slot);
    }
    std::erase_if(k.debugValues, [&](const DebugValueSlot &v) { return !written.count(v.slot); });
  }
  std::sort(k.debugValues.begin(), k.debugValues.end(),
            [](const DebugValueSlot &a, const DebugValueSlot &b) {
              return a.id != b.id ? a.id < b.id : a.frame < b.frame;
            });
}

} // namespace spvsim
