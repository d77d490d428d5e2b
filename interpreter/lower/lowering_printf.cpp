// Lowering of OpenCL.std printf (184): one Printf op whose side table entry
// (LoweredKernel::printfCalls) lists the format pointer's slot and, per
// argument, its kind, component width and component slots. The format is
// read and checked when the call runs (exec/printf_call.cpp), like any access.
#include "lower/kernel_lowering.h"
#include "spvsim/common/error.h"

namespace spvsim {

void KernelLowering::lowerPrintf(Instance &in, const Instruction &inst) {
  auto ops = module_.operands(inst);
  if (ops.size() < 3) throw Error("OpenCL.std printf without a format operand");
  PrintfCall call;
  const SlotValue format = valueOf(in, ops[2]);
  if (layout_.leaves(format.type).size() != 1 ||
      layout_.leaves(format.type)[0].kind != LeafKind::Pointer)
    throw Error("OpenCL.std printf: the format operand is not a pointer");
  call.format = slotBytes(format.slot);
  for (uint32_t id : ops.subspan(3)) {
    const SlotValue v = valueOf(in, id);
    const std::vector<Leaf> &leaves = layout_.leaves(v.type);
    const Type &type = module_.type(v.type);
    const bool vector = type.kind == TypeKind::Vector;
    if (leaves.empty() || (!vector && leaves.size() != 1) || leaves.size() > 16)
      unsupported("printf argument that is not a scalar or vector");
    PrintfArgument a;
    switch (leaves[0].kind) {
    case LeafKind::Int:
      a.kind = PrintfArgument::Kind::Int;
      break;
    case LeafKind::Float:
      a.kind = PrintfArgument::Kind::Float;
      break;
    case LeafKind::Pointer:
      a.kind = PrintfArgument::Kind::Pointer;
      break;
    case LeafKind::Bool:
      unsupported("printf argument of type bool");
    }
    a.bytes = leaves[0].bytes;
    a.components = static_cast<uint8_t>(vector ? type.count : 1);
    a.firstSlot = static_cast<uint32_t>(call.slots.size());
    for (uint32_t c = 0; c < a.components; ++c) call.slots.push_back(slotBytes(v.slot + c));
    call.arguments.push_back(a);
  }
  const SlotValue r = resultValue(in, inst.resultId);
  if (layout_.leaves(r.type).size() != 1 || layout_.leaves(r.type)[0].bytes != 4)
    throw Error("OpenCL.std printf must return a 32-bit int");
  LoweredOp &op = emit(OpCode::Printf, slotBytes(r.slot));
  op.aux = static_cast<uint32_t>(out_.printfCalls.size());
  out_.printfCalls.push_back(std::move(call));
}

} // namespace spvsim
