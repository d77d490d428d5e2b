// Lowering of work-group and sub-group functions (SPIR-V OpGroup*, the
// Groups capability) and of OpGroupAsyncCopy / OpGroupWaitEvents.
//
// A work-group function is a rendezvous like a barrier: the block ends with a
// GroupCollect op where each work-item deposits its operands and waits; the
// work-group runner combines them once every work-item has arrived, and the
// next block starts with a GroupResult op that reads this work-item's result.
// A sub-group is a warp, so a sub-group function is one SubgroupCollective op.
#include "lower/kernel_lowering.h"
#include "spvsim/common/error.h"

namespace spvsim {

namespace {

struct GroupOpcode {
  spv::Op op;
  Collective::Arith arith;
};
constexpr GroupOpcode kArithmetic[] = {
    {spv::Op::OpGroupIAdd, Collective::Arith::IAdd},
    {spv::Op::OpGroupFAdd, Collective::Arith::FAdd},
    {spv::Op::OpGroupUMin, Collective::Arith::UMin},
    {spv::Op::OpGroupSMin, Collective::Arith::SMin},
    {spv::Op::OpGroupFMin, Collective::Arith::FMin},
    {spv::Op::OpGroupUMax, Collective::Arith::UMax},
    {spv::Op::OpGroupSMax, Collective::Arith::SMax},
    {spv::Op::OpGroupFMax, Collective::Arith::FMax},
};

} // namespace

bool KernelLowering::lowerCollective(Instance &in, const Instruction &inst) {
  auto ops = module_.operands(inst);
  Collective c;
  c.instruction = currentInstruction_;
  SlotValue value, extra;
  switch (inst.opcode) {
  case spv::Op::OpGroupAll:
  case spv::Op::OpGroupAny:
    c.kind = inst.opcode == spv::Op::OpGroupAll ? Collective::Kind::All : Collective::Kind::Any;
    value = valueOf(in, ops[1]);
    break;
  case spv::Op::OpGroupBroadcast: {
    c.kind = Collective::Kind::Broadcast;
    value = valueOf(in, ops[1]);
    extra = valueOf(in, ops[2]);
    const auto &idLeaves = layout_.leaves(extra.type);
    c.idComponents = static_cast<uint32_t>(idLeaves.size());
    c.idBytes = idLeaves[0].bytes;
    break;
  }
  case spv::Op::OpGroupAsyncCopy: {
    // Execution, Destination, Source, NumElements, Stride, Event.
    c.kind = Collective::Kind::AsyncCopy;
    SlotValue dst = valueOf(in, ops[1]), src = valueOf(in, ops[2]);
    SlotValue count = valueOf(in, ops[3]), stride = valueOf(in, ops[4]);
    c.elementBytes = layout_.size(module_.type(dst.type).element);
    if (layout_.leaves(count.type)[0].bytes != 8 || layout_.leaves(stride.type)[0].bytes != 8)
      unsupported("OpGroupAsyncCopy with 32-bit sizes (Physical32 addressing)");
    out_.collectives.push_back(c);
    uint32_t next = newBlock();
    emit(OpCode::GroupCollect, next, slotBytes(dst.slot), slotBytes(src.slot),
         slotBytes(count.slot), slotBytes(stride.slot))
        .aux = static_cast<uint32_t>(out_.collectives.size() - 1);
    addSuccessor(current_, next);
    current_ = next;
    SlotValue r = resultValue(in, inst.resultId);
    emit(OpCode::GroupResult, slotBytes(r.slot), 0, 0, 8).aux =
        static_cast<uint32_t>(out_.collectives.size() - 1);
    return true;
  }
  case spv::Op::OpGroupWaitEvents: {
    // The copies complete at their rendezvous; waiting is a work-group barrier.
    uint32_t next = newBlock();
    emit(OpCode::Barrier, next, 0, 0, 0, kWaitEventsBarrier).aux = currentInstruction_;
    addSuccessor(current_, next);
    current_ = next;
    return true;
  }
  default: {
    const GroupOpcode *g = nullptr;
    for (const auto &e : kArithmetic)
      if (e.op == inst.opcode) g = &e;
    if (!g) return false;
    c.arith = g->arith;
    switch (static_cast<spv::GroupOperation>(ops[1])) {
    case spv::GroupOperation::Reduce:
      c.kind = Collective::Kind::Reduce;
      break;
    case spv::GroupOperation::InclusiveScan:
      c.kind = Collective::Kind::InclusiveScan;
      break;
    case spv::GroupOperation::ExclusiveScan:
      c.kind = Collective::Kind::ExclusiveScan;
      break;
    default:
      unsupported("group operation " + std::to_string(ops[1]));
    }
    value = valueOf(in, ops[2]);
    break;
  }
  }
  // Any scalar type, 8- and 16-bit integers and half included (cl_khr_subgroup_extended_types
  // for sub-groups; computeCollective combines every width).
  const auto &leaves = layout_.leaves(value.type);
  c.bytes = leaves[0].bytes;
  c.isFloat = leaves[0].kind == LeafKind::Float;
  out_.collectives.push_back(c);
  const uint32_t index = static_cast<uint32_t>(out_.collectives.size() - 1);
  SlotValue r = resultValue(in, inst.resultId);
  const uint32_t resultBytes = layout_.leaves(r.type)[0].bytes;
  const auto scope = static_cast<spv::Scope>(scalarConstant(ops[0]));
  if (scope == spv::Scope::Subgroup) {
    // A vector (sub_group_broadcast of cl_khr_subgroup_extended_types): component by component.
    for (uint32_t k = 0; k < leaves.size(); ++k)
      emit(OpCode::SubgroupCollective, slotBytes(r.slot + k), slotBytes(value.slot + k),
           extra.type ? slotBytes(extra.slot) : 0, resultBytes)
          .aux = index;
    return true;
  }
  if (leaves.size() != 1) unsupported("work-group functions on vectors");
  if (scope != spv::Scope::Workgroup)
    throw Error("work-group function with a scope other than Workgroup or Subgroup");
  uint32_t next = newBlock();
  emit(OpCode::GroupCollect, next, slotBytes(value.slot), extra.type ? slotBytes(extra.slot) : 0)
      .aux = index;
  addSuccessor(current_, next);
  current_ = next;
  emit(OpCode::GroupResult, slotBytes(r.slot), 0, 0, resultBytes).aux = index;
  return true;
}

} // namespace spvsim
