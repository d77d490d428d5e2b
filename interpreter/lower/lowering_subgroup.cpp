// Lowering of the non-uniform sub-group instructions (OpGroupNonUniform*,
// SPIR-V 1.3; what clang emits for the cl_khr_subgroup_* extensions). A
// sub-group is a warp, and the lanes that execute the instruction together
// are the "active" invocations the instructions are defined over, so each is
// one SubgroupNonUniform op (per component for broadcasts and shuffles).
#include "lower/kernel_lowering.h"
#include "spvsim/common/error.h"

namespace spvsim {

namespace {

struct NonUniformOpcode {
  spv::Op op;
  Collective::Kind kind;
  Collective::Arith arith;
};

using K = Collective::Kind;
using A = Collective::Arith;
constexpr NonUniformOpcode kNonUniform[] = {
    {spv::Op::OpGroupNonUniformElect, K::Elect, A::None},
    {spv::Op::OpGroupNonUniformAll, K::All, A::None},
    {spv::Op::OpGroupNonUniformAny, K::Any, A::None},
    {spv::Op::OpGroupNonUniformAllEqual, K::AllEqual, A::None},
    {spv::Op::OpGroupNonUniformBroadcast, K::Broadcast, A::None},
    {spv::Op::OpGroupNonUniformBroadcastFirst, K::BroadcastFirst, A::None},
    {spv::Op::OpGroupNonUniformBallot, K::Ballot, A::None},
    {spv::Op::OpGroupNonUniformInverseBallot, K::InverseBallot, A::None},
    {spv::Op::OpGroupNonUniformBallotBitExtract, K::BallotBitExtract, A::None},
    {spv::Op::OpGroupNonUniformBallotBitCount, K::BallotBitCount, A::None},
    {spv::Op::OpGroupNonUniformBallotFindLSB, K::BallotFindLSB, A::None},
    {spv::Op::OpGroupNonUniformBallotFindMSB, K::BallotFindMSB, A::None},
    {spv::Op::OpGroupNonUniformShuffle, K::Shuffle, A::None},
    {spv::Op::OpGroupNonUniformShuffleXor, K::ShuffleXor, A::None},
    {spv::Op::OpGroupNonUniformShuffleUp, K::ShuffleUp, A::None},
    {spv::Op::OpGroupNonUniformShuffleDown, K::ShuffleDown, A::None},
    {spv::Op::OpGroupNonUniformIAdd, K::Reduce, A::IAdd},
    {spv::Op::OpGroupNonUniformFAdd, K::Reduce, A::FAdd},
    {spv::Op::OpGroupNonUniformIMul, K::Reduce, A::IMul},
    {spv::Op::OpGroupNonUniformFMul, K::Reduce, A::FMul},
    {spv::Op::OpGroupNonUniformSMin, K::Reduce, A::SMin},
    {spv::Op::OpGroupNonUniformUMin, K::Reduce, A::UMin},
    {spv::Op::OpGroupNonUniformFMin, K::Reduce, A::FMin},
    {spv::Op::OpGroupNonUniformSMax, K::Reduce, A::SMax},
    {spv::Op::OpGroupNonUniformUMax, K::Reduce, A::UMax},
    {spv::Op::OpGroupNonUniformFMax, K::Reduce, A::FMax},
    {spv::Op::OpGroupNonUniformBitwiseAnd, K::Reduce, A::And},
    {spv::Op::OpGroupNonUniformBitwiseOr, K::Reduce, A::Or},
    {spv::Op::OpGroupNonUniformBitwiseXor, K::Reduce, A::Xor},
    {spv::Op::OpGroupNonUniformLogicalAnd, K::Reduce, A::And},
    {spv::Op::OpGroupNonUniformLogicalOr, K::Reduce, A::Or},
    {spv::Op::OpGroupNonUniformLogicalXor, K::Reduce, A::Xor},
};

Collective::Kind scanKind(uint32_t operation) {
  switch (static_cast<spv::GroupOperation>(operation)) {
  case spv::GroupOperation::Reduce:
  case spv::GroupOperation::ClusteredReduce:
    return K::Reduce;
  case spv::GroupOperation::InclusiveScan:
    return K::InclusiveScan;
  case spv::GroupOperation::ExclusiveScan:
    return K::ExclusiveScan;
  default:
    throw Unsupported("group operation " + std::to_string(operation));
  }
}

} // namespace

bool KernelLowering::lowerNonUniform(Instance &in, const Instruction &inst) {
  const NonUniformOpcode *entry = nullptr;
  for (const auto &e : kNonUniform)
    if (e.op == inst.opcode) entry = &e;
  if (!entry) return false;
  auto ops = module_.operands(inst);
  if (static_cast<spv::Scope>(scalarConstant(ops[0])) != spv::Scope::Subgroup)
    unsupported("non-uniform group instructions with a scope other than Subgroup");
  Collective c;
  c.kind = entry->kind;
  c.arith = entry->arith;
  c.nonUniform = true;
  c.instruction = currentInstruction_;
  // Operands after the execution scope: [GroupOperation] value [extra].
  size_t next = 1;
  if (c.arith != A::None || c.kind == K::BallotBitCount) {
    c.scanKind = scanKind(ops[next]);
    if (c.arith != A::None) c.kind = c.scanKind;
    if (static_cast<spv::GroupOperation>(ops[next]) == spv::GroupOperation::ClusteredReduce) {
      if (ops.size() < 4) throw Error("ClusteredReduce without a cluster size");
      if (module_.constant(ops[3])) {
        c.clusterSize = static_cast<uint32_t>(scalarConstant(ops[3]));
        if (c.clusterSize == 0 || (c.clusterSize & (c.clusterSize - 1)))
          throw Error("ClusteredReduce with a cluster size that is not a power of two");
      } else {
        // SPIR-V §3.52.21 wants a constant, but clang -O2 sinks the calls of a switch over
        // constant sizes into one with the switch's value: a producer quirk, run as the
        // value each time (the executor rounds one that is no power of two).
        c.clusterSizeOperand = true;
      }
    }
    ++next;
  }
  SlotValue value, extra;
  const bool hasExtra = c.kind == K::Broadcast || c.kind == K::BallotBitExtract ||
                        c.kind == K::Shuffle || c.kind == K::ShuffleXor || c.kind == K::ShuffleUp ||
                        c.kind == K::ShuffleDown;
  const size_t needed = next + (c.kind == K::Elect ? 0 : 1) + (hasExtra ? 1 : 0);
  if (ops.size() < needed) throw Error("non-uniform group instruction with too few operands");
  if (c.kind != K::Elect) value = valueOf(in, ops[next]);
  if (hasExtra || c.clusterSizeOperand) {
    extra = valueOf(in, ops[next + 1]);
    c.extraBytes = layout_.leaves(extra.type)[0].bytes;
  }
  SlotValue r = resultValue(in, inst.resultId);
  const auto &resultLeaves = layout_.leaves(r.type);
  // Ballot values are uint4 vectors read whole; the other operands are per component.
  const bool ballotInput = c.kind == K::InverseBallot || c.kind == K::BallotBitExtract ||
                           c.kind == K::BallotBitCount || c.kind == K::BallotFindLSB ||
                           c.kind == K::BallotFindMSB;
  const uint32_t components =
      c.kind == K::Ballot || ballotInput ? 1 : static_cast<uint32_t>(resultLeaves.size());
  if (value.type) {
    const auto &leaves = layout_.leaves(value.type);
    c.bytes = leaves[0].bytes;
    c.isFloat = leaves[0].kind == LeafKind::Float;
  }
  out_.collectives.push_back(c);
  const uint32_t index = static_cast<uint32_t>(out_.collectives.size() - 1);
  for (uint32_t k = 0; k < components; ++k)
    emit(OpCode::SubgroupNonUniform, slotBytes(r.slot + k),
         value.type ? slotBytes(value.slot + k) : 0, extra.type ? slotBytes(extra.slot) : 0,
         resultLeaves[k].bytes)
        .aux = index;
  return true;
}

} // namespace spvsim
