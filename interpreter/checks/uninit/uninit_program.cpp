// buildUninitProgram (checks/uninit/uninit_program.h): a rule per op, from its family in
// the op table and its operand list (lower/op_operands.h).
#include "checks/uninit/uninit_program.h"

#include <algorithm>

#include "lower/op_operands.h"
#include "spvsim/common/error.h"

namespace spvsim {

namespace {

/// Whether `code` is a member of the family sized 8/16/32/64 whose 8-bit op is `first8`;
/// its size in bytes goes to `bytes`.
bool sizedMember(OpCode code, OpCode first8, uint8_t &bytes) {
  const uint32_t k = uint32_t(code) - uint32_t(first8);
  if (code < first8 || k > 3) return false;
  bytes = uint8_t(1u << k);
  return true;
}

class Builder {
public:
  Builder(const LoweredKernel &k, UninitProgram &out) : k_(k), out_(out) {}

  void add(const LoweredOp &op) {
    UninitOp u;
    u.runs = static_cast<uint32_t>(out_.runs.size());
    // Fields that are no slot give indices nobody uses (kept inside the register file).
    u.d = index(op.d), u.a = index(op.a), u.b = index(op.b), u.c = index(op.c);
    rule(op, u);
    out_.ops.push_back(u);
  }

private:
  uint32_t index(uint32_t slotBytes) const {
    return std::min(slotBytes / k_.slotStride, k_.slotCount ? k_.slotCount - 1 : 0);
  }
  void read(UninitOp &u, uint32_t slotBytes, uint32_t count = 1) {
    out_.runs.push_back({index(slotBytes), count});
    ++u.reads;
  }
  void write(UninitOp &u, uint32_t slotBytes, uint32_t count = 1) {
    out_.runs.push_back({index(slotBytes), count});
    ++u.writes;
  }
  /// Reads then writes from the op's operand list.
  void operands(const LoweredOp &op, UninitOp &u) {
    const OpOperands o = opOperands(op);
    if (o.opaque) throw Error("internal: no uninit rule for op " + std::string(opName(op.code)));
    for (uint32_t i = 0; i < o.size; ++i)
      if (!o.list[i].write) read(u, fieldOf(op, o.list[i].field), o.list[i].count);
    for (uint32_t i = 0; i < o.size; ++i)
      if (o.list[i].write) write(u, fieldOf(op, o.list[i].field), o.list[i].count);
  }

  void rule(const LoweredOp &op, UninitOp &u) {
    const OpCode code = op.code;
    uint8_t bytes = 0;
    auto as = [&](ShadowRule r, uint8_t flags = 0) {
      u.rule = r, u.bytes = bytes, u.flags = flags;
    };
    if (code >= OpCode::ConvertFirst && code < OpCode::Count) {
      const uint32_t index = uint32_t(code) - uint32_t(OpCode::ConvertFirst);
      const uint32_t from = index / kConvertKinds, to = index % kConvertKinds;
      const uint32_t firstFloat = uint32_t(ConvertKind::F32);
      operands(op, u);
      if (from >= firstFloat || to >= firstFloat) return as(ShadowRule::Generic);
      bytes = uint8_t(1u << (from % 4));
      u.toBytes = uint8_t(1u << (to % 4));
      return as(ShadowRule::ConvertInt, from >= uint32_t(ConvertKind::S8) ? kUninitSigned : 0);
    }
    if (sizedMember(code, OpCode::Mov8, bytes) || code == OpCode::PtrAdd) {
      if (code == OpCode::PtrAdd) bytes = 8;
      operands(op, u);
      return as(ShadowRule::Move);
    }
    if (sizedMember(code, OpCode::Select8, bytes)) return operands(op, u), as(ShadowRule::Select);
    if (sizedMember(code, OpCode::BitAnd8, bytes)) return operands(op, u), as(ShadowRule::BitAnd);
    if (sizedMember(code, OpCode::BitOr8, bytes)) return operands(op, u), as(ShadowRule::BitOr);
    if (sizedMember(code, OpCode::Shl8, bytes))
      return operands(op, u), as(ShadowRule::Shift, kUninitShl);
    if (sizedMember(code, OpCode::ShrL8, bytes)) return operands(op, u), as(ShadowRule::Shift);
    if (sizedMember(code, OpCode::ShrA8, bytes))
      return operands(op, u), as(ShadowRule::Shift, kUninitShrA);
    if (sizedMember(code, OpCode::Load8, bytes)) return as(ShadowRule::Load);
    if (sizedMember(code, OpCode::LoadIndexed8, bytes)) return as(ShadowRule::Load, kUninitIndexed);
    if (sizedMember(code, OpCode::Store8, bytes)) return as(ShadowRule::Store);
    if (sizedMember(code, OpCode::StoreIndexed8, bytes))
      return as(ShadowRule::Store, kUninitIndexed);
    if (sizedMember(code, OpCode::ExtractDynamic8, bytes)) return as(ShadowRule::ExtractDynamic);
    if (sizedMember(code, OpCode::InsertDynamic8, bytes)) return as(ShadowRule::InsertDynamic);
    if (sizedMember(code, OpCode::WrapCheck8, bytes)) return;
    if ((bytes = uint8_t(atomicAccessBytes(code)))) {
      switch (code) {
      case OpCode::AtomicLoad32:
      case OpCode::AtomicLoad64:
        return as(ShadowRule::AtomicLoad);
      case OpCode::AtomicStore32:
      case OpCode::AtomicStore64:
        return as(ShadowRule::AtomicStore);
      case OpCode::AtomicExchange32:
      case OpCode::AtomicExchange64:
        return as(ShadowRule::AtomicExchange);
      default:
        return as(ShadowRule::AtomicUpdate);
      }
    }
    switch (code) {
    case OpCode::CondEdges:
    case OpCode::SwitchEdges:
      read(u, op.a);
      return as(ShadowRule::Use);
    case OpCode::Builtin:
    case OpCode::GroupResult:
      write(u, op.d);
      return as(ShadowRule::Define);
    case OpCode::GroupCollect:
      collectiveReads(op, u, k_.collectives[op.aux]);
      return as(ShadowRule::Use);
    case OpCode::SubgroupCollective:
    case OpCode::SubgroupNonUniform:
      collectiveReads(op, u, k_.collectives[op.aux]);
      write(u, op.d);
      return as(ShadowRule::Use);
    case OpCode::Image: { // lower/lowering_image.cpp
      // The coordinates of a read or write are uses, as a load's address is; texels are
      // followed with the access (checks/uninit/uninit_image.h). Queries are arithmetic.
      using K = ImageInstruction::Kind;
      const ImageInstruction &ii = k_.imageInstructions[op.aux];
      if (ii.kind != K::Read && ii.kind != K::Write && ii.kind != K::Sample) break;
      read(u, op.b, ii.coordinateCount);
      if (ii.kind != K::Write) write(u, op.d, ii.texelCount);
      return as(ShadowRule::Use);
    }
    case OpCode::Printf: {
      const PrintfCall &call = k_.printfCalls[op.aux];
      read(u, call.format);
      for (uint32_t slot : call.slots) read(u, slot);
      write(u, op.d);
      return as(ShadowRule::Use);
    }
    default:
      break;
    }
    // Control flow has no slot operands: no rule.
    operands(op, u);
    if (u.reads + u.writes == 0) return;
    return as(ShadowRule::Generic);
  }

  /// The operands of a work-group or sub-group function (lower/lowering_collective.cpp,
  /// lower/lowering_subgroup.cpp).
  void collectiveReads(const LoweredOp &op, UninitOp &u, const Collective &c) {
    using K = Collective::Kind;
    switch (c.kind) {
    case K::AsyncCopy: // destination, source, count, stride
      for (uint32_t slot : {op.a, op.b, op.c, uint32_t(op.imm)}) read(u, slot);
      return;
    case K::Elect:
      return;
    case K::InverseBallot:
    case K::BallotBitCount:
    case K::BallotFindLSB:
    case K::BallotFindMSB:
      return read(u, op.a, 2); // the ballot's first two words: 64 lanes
    case K::BallotBitExtract:
      read(u, op.a, 2);
      return read(u, op.b);
    case K::Broadcast:
      read(u, op.a);
      return read(u, op.b, op.code == OpCode::GroupCollect ? std::max(c.idComponents, 1u) : 1);
    case K::Shuffle:
    case K::ShuffleXor:
    case K::ShuffleUp:
    case K::ShuffleDown:
      read(u, op.a);
      return read(u, op.b);
    default:
      return read(u, op.a);
    }
  }

  const LoweredKernel &k_;
  UninitProgram &out_;
};

} // namespace

UninitProgram buildUninitProgram(const LoweredKernel &k) {
  UninitProgram p;
  p.ops.reserve(k.ops.size());
  Builder b(k, p);
  for (const LoweredOp &op : k.ops) b.add(op);
  for (const UninitOp &u : p.ops)
    p.touchesMemory.push_back(
        u.rule == ShadowRule::AtomicLoad || u.rule == ShadowRule::AtomicStore ||
        u.rule == ShadowRule::AtomicExchange || u.rule == ShadowRule::AtomicUpdate);
  return p;
}

} // namespace spvsim
