// Lowering of value instructions by family: integer, float and boolean
// arithmetic and comparisons, conversions, composites and OpenCL.std
// extended instructions. Vectors are scalarised: one op per component.
#include <algorithm>
#include <optional>

#include "lower/kernel_lowering.h"
#include "lower/op_lookup.h"
#include "spvsim/common/error.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/validator/disassembly.h"

namespace spvsim {

namespace {

#define SPVSIM_INT_ENTRY(name, spvop, expr) {spv::Op::spvop, OpCode::name##8},
#define SPVSIM_FLOAT_ENTRY(name, spvop, expr) {spv::Op::spvop, OpCode::name##F32},
#define SPVSIM_PLAIN_ENTRY(name, spvop, expr) {spv::Op::spvop, OpCode::name},
constexpr FamilyEntry kIntBinary[] = {SPVSIM_INT_BINARY_OPS(SPVSIM_INT_ENTRY)};
constexpr FamilyEntry kIntUnary[] = {SPVSIM_INT_UNARY_OPS(SPVSIM_INT_ENTRY)};
constexpr FamilyEntry kIntCompare[] = {SPVSIM_INT_COMPARE_OPS(SPVSIM_INT_ENTRY)};
constexpr FamilyEntry kFloatBinary[] = {SPVSIM_FLOAT_BINARY_OPS(SPVSIM_FLOAT_ENTRY)};
constexpr FamilyEntry kFloatUnary[] = {SPVSIM_FLOAT_UNARY_OPS(SPVSIM_FLOAT_ENTRY)};
constexpr FamilyEntry kFloatCompare[] = {SPVSIM_FLOAT_COMPARE_OPS(SPVSIM_FLOAT_ENTRY)};
constexpr FamilyEntry kFloatTest[] = {SPVSIM_FLOAT_TEST_OPS(SPVSIM_FLOAT_ENTRY)};
constexpr FamilyEntry kBool[] = {SPVSIM_BOOL_OPS(SPVSIM_PLAIN_ENTRY)};
#undef SPVSIM_INT_ENTRY
#undef SPVSIM_FLOAT_ENTRY
#undef SPVSIM_PLAIN_ENTRY

} // namespace

/// The WrapCheck aux for an integer instruction decorated NoSignedWrap or
/// NoUnsignedWrap (docs/findings.md ub.int-overflow), 0 when it needs no check.
uint32_t KernelLowering::wrapCheckOf(const Instruction &inst) const {
  if (!inst.resultId) return 0;
  uint32_t flags = 0;
  if (module_.findDecoration(inst.resultId, spv::Decoration::NoSignedWrap)) flags |= kNoSignedWrap;
  if (module_.findDecoration(inst.resultId, spv::Decoration::NoUnsignedWrap))
    flags |= kNoUnsignedWrap;
  if (!flags) return 0;
  switch (inst.opcode) {
  case spv::Op::OpIAdd:
    return flags | uint32_t(WrapOp::Add);
  case spv::Op::OpISub:
    return flags | uint32_t(WrapOp::Sub);
  case spv::Op::OpIMul:
    return flags | uint32_t(WrapOp::Mul);
  case spv::Op::OpShiftLeftLogical:
    return flags | uint32_t(WrapOp::ShiftLeft);
  case spv::Op::OpSNegate:
    return flags | uint32_t(WrapOp::Negate);
  default:
    return 0;
  }
}

bool KernelLowering::lowerArithmetic(Instance &in, const Instruction &inst) {
  auto ops = module_.operands(inst);
  spv::Op op = inst.opcode;
  auto perLeaf = [&](OpCode base, bool byOperandWidth, bool isFloat, uint32_t arity) {
    SlotValue r = resultValue(in, inst.resultId);
    SlotValue a = valueOf(in, ops[0]);
    SlotValue b = arity > 1 ? valueOf(in, ops[1]) : a;
    const auto &leaves = layout_.leaves(byOperandWidth ? a.type : r.type);
    const auto &bLeaves = layout_.leaves(b.type);
    for (uint32_t i = 0; i < leaves.size(); ++i) {
      uint32_t bytes = leaves[i].bytes;
      OpCode code = isFloat ? floatOp(base, bytes) : sizedOp(base, bytes);
      uint32_t bSlot = slotBytes(b.slot + i);
      // Shift amounts may have another width than the shifted value: widen/narrow first.
      if (arity > 1 && !isFloat && bLeaves[i].bytes != bytes) {
        uint32_t t = allocSlots(1);
        emit(convertOp(intKind(bLeaves[i].bytes, false), intKind(bytes, false)), slotBytes(t),
             bSlot);
        bSlot = slotBytes(t);
      }
      emit(code, slotBytes(r.slot + i), slotBytes(a.slot + i), bSlot);
      if (const uint32_t wrap = wrapCheckOf(inst))
        emit(sizedOp(OpCode::WrapCheck8, bytes), slotBytes(r.slot + i), slotBytes(a.slot + i),
             bSlot)
            .aux = wrap;
    }
  };
  if (auto base = findOp(kIntBinary, op)) return perLeaf(*base, false, false, 2), true;
  if (auto base = findOp(kIntUnary, op)) return perLeaf(*base, false, false, 1), true;
  if (auto base = findOp(kIntCompare, op)) return perLeaf(*base, true, false, 2), true;
  if (auto base = findOp(kFloatBinary, op)) return perLeaf(*base, false, true, 2), true;
  if (auto base = findOp(kFloatUnary, op)) return perLeaf(*base, false, true, 1), true;
  if (auto base = findOp(kFloatCompare, op)) return perLeaf(*base, true, true, 2), true;
  if (auto base = findOp(kFloatTest, op)) return perLeaf(*base, true, true, 1), true;
  if (auto base = findOp(kBool, op)) {
    SlotValue r = resultValue(in, inst.resultId);
    SlotValue a = valueOf(in, ops[0]), b = valueOf(in, ops[1]);
    for (uint32_t i = 0; i < leafCount(r.type); ++i)
      emit(*base, slotBytes(r.slot + i), slotBytes(a.slot + i), slotBytes(b.slot + i));
    return true;
  }
  if (op == spv::Op::OpLogicalNot) {
    SlotValue r = resultValue(in, inst.resultId), a = valueOf(in, ops[0]);
    for (uint32_t i = 0; i < leafCount(r.type); ++i)
      emit(OpCode::LogicalNot, slotBytes(r.slot + i), slotBytes(a.slot + i));
    return true;
  }
  if (op == spv::Op::OpSelect) {
    SlotValue r = resultValue(in, inst.resultId);
    SlotValue cond = valueOf(in, ops[0]), x = valueOf(in, ops[1]), y = valueOf(in, ops[2]);
    bool scalarCond = leafCount(cond.type) == 1;
    const auto &leaves = layout_.leaves(r.type);
    for (uint32_t i = 0; i < leaves.size(); ++i)
      emit(sizedOp(OpCode::Select8, leaves[i].bytes), slotBytes(r.slot + i),
           slotBytes(cond.slot + (scalarCond ? 0 : i)), slotBytes(x.slot + i),
           slotBytes(y.slot + i));
    return true;
  }
  if (op == spv::Op::OpVectorTimesScalar) {
    SlotValue r = resultValue(in, inst.resultId);
    SlotValue v = valueOf(in, ops[0]), s = valueOf(in, ops[1]);
    const auto &leaves = layout_.leaves(r.type);
    for (uint32_t i = 0; i < leaves.size(); ++i)
      emit(floatOp(OpCode::FMulF32, leaves[i].bytes), slotBytes(r.slot + i), slotBytes(v.slot + i),
           slotBytes(s.slot));
    return true;
  }
  if (op == spv::Op::OpIAddCarry || op == spv::Op::OpISubBorrow || op == spv::Op::OpUMulExtended ||
      op == spv::Op::OpSMulExtended) {
    // A struct of two members of the operand type: the low result, then the
    // carry / borrow (0 or 1) or the high half of the product.
    SlotValue r = resultValue(in, inst.resultId);
    SlotValue a = valueOf(in, ops[0]), b = valueOf(in, ops[1]);
    const auto &leaves = layout_.leaves(a.type);
    const uint32_t n = static_cast<uint32_t>(leaves.size());
    const uint32_t flag = allocSlots(1);
    for (uint32_t i = 0; i < n; ++i) {
      const uint32_t bytes = leaves[i].bytes;
      const uint32_t low = slotBytes(r.slot + i), high = slotBytes(r.slot + n + i);
      const uint32_t x = slotBytes(a.slot + i), y = slotBytes(b.slot + i);
      switch (op) {
      case spv::Op::OpUMulExtended:
      case spv::Op::OpSMulExtended:
        emit(sizedOp(op == spv::Op::OpUMulExtended ? OpCode::UMulHi8 : OpCode::SMulHi8, bytes),
             high, x, y);
        emit(sizedOp(OpCode::IMul8, bytes), low, x, y);
        break;
      default: {
        const bool add = op == spv::Op::OpIAddCarry;
        // Carry: the sum is below an operand; borrow: the subtrahend is above the minuend.
        const SlotValue one = uniformValue(1, static_cast<uint8_t>(bytes));
        const SlotValue zero = uniformValue(0, static_cast<uint8_t>(bytes));
        emit(sizedOp(add ? OpCode::IAdd8 : OpCode::ISub8, bytes), low, x, y);
        if (add)
          emit(sizedOp(OpCode::ULess8, bytes), slotBytes(flag), low, x);
        else
          emit(sizedOp(OpCode::ULess8, bytes), slotBytes(flag), x, y);
        emit(sizedOp(OpCode::Select8, bytes), high, slotBytes(flag), slotBytes(one.slot),
             slotBytes(zero.slot));
        break;
      }
      }
    }
    return true;
  }
  if (op == spv::Op::OpGetKernelMaxNumSubgroups ||
      op == spv::Op::OpGetKernelLocalSizeForSubgroupCount) {
    // SubgroupDispatch: a sub-group is a warp, and work-groups hold up to
    // kMaxWorkGroupSize work-items, whatever the invoked kernel.
    SlotValue r = resultValue(in, inst.resultId);
    if (op == spv::Op::OpGetKernelMaxNumSubgroups) {
      emit(OpCode::Mov32, slotBytes(r.slot),
           slotBytes(uniformValue(kMaxWorkGroupSize / width_, 4).slot));
      return true;
    }
    // count × width, or 0 when no work-group holds that many sub-groups.
    const SlotValue count = valueOf(in, ops[0]);
    const uint32_t flag = allocSlots(1);
    emit(OpCode::IMul32, slotBytes(r.slot), slotBytes(count.slot),
         slotBytes(uniformValue(width_, 4).slot));
    emit(OpCode::ULessEq32, slotBytes(flag), slotBytes(r.slot),
         slotBytes(uniformValue(kMaxWorkGroupSize, 4).slot));
    emit(OpCode::Select32, slotBytes(r.slot), slotBytes(flag), slotBytes(r.slot),
         slotBytes(uniformValue(0, 4).slot));
    return true;
  }
  if (op == spv::Op::OpSizeOf) {
    // SPIR-V 1.1: the size in bytes of the pointee of a pointer type.
    SlotValue r = resultValue(in, inst.resultId);
    const uint64_t size = layout_.size(module_.type(module_.typeOf(ops[0])).element);
    const auto &leaves = layout_.leaves(r.type);
    emit(sizedOp(OpCode::Mov8, leaves[0].bytes), slotBytes(r.slot),
         slotBytes(uniformValue(size, static_cast<uint8_t>(leaves[0].bytes)).slot));
    return true;
  }
  if (op == spv::Op::OpAny || op == spv::Op::OpAll) {
    SlotValue r = resultValue(in, inst.resultId), v = valueOf(in, ops[0]);
    uint32_t n = leafCount(v.type);
    OpCode combine = op == spv::Op::OpAny ? OpCode::LogicalOr : OpCode::LogicalAnd;
    emit(OpCode::Mov8, slotBytes(r.slot), slotBytes(v.slot));
    for (uint32_t i = 1; i < n; ++i)
      emit(combine, slotBytes(r.slot), slotBytes(r.slot), slotBytes(v.slot + i));
    return true;
  }
  if (op == spv::Op::OpDot) {
    SlotValue r = resultValue(in, inst.resultId);
    SlotValue a = valueOf(in, ops[0]), b = valueOf(in, ops[1]);
    uint32_t n = leafCount(a.type);
    uint32_t bytes = layout_.leaves(r.type)[0].bytes;
    uint32_t t = allocSlots(1);
    emit(floatOp(OpCode::FMulF32, bytes), slotBytes(r.slot), slotBytes(a.slot), slotBytes(b.slot));
    for (uint32_t i = 1; i < n; ++i) {
      emit(floatOp(OpCode::FMulF32, bytes), slotBytes(t), slotBytes(a.slot + i),
           slotBytes(b.slot + i));
      emit(floatOp(OpCode::FAddF32, bytes), slotBytes(r.slot), slotBytes(r.slot), slotBytes(t));
    }
    return true;
  }
  return false;
}

bool KernelLowering::lowerConversion(Instance &in, const Instruction &inst) {
  auto ops = module_.operands(inst);
  spv::Op op = inst.opcode;
  bool fromSigned = false, toSigned = false;
  switch (op) {
  case spv::Op::OpUConvert:
    break;
  case spv::Op::OpSConvert:
    fromSigned = true;
    break;
  case spv::Op::OpConvertFToU:
    break;
  case spv::Op::OpConvertFToS:
    toSigned = true;
    break;
  case spv::Op::OpConvertSToF:
    fromSigned = true;
    break;
  case spv::Op::OpConvertUToF:
    break;
  case spv::Op::OpFConvert:
    break;
  case spv::Op::OpSatConvertSToU:
    fromSigned = true;
    break;
  case spv::Op::OpSatConvertUToS:
    toSigned = true;
    break;
  case spv::Op::OpBitcast:
  case spv::Op::OpConvertPtrToU:
  case spv::Op::OpConvertUToPtr:
  case spv::Op::OpPtrCastToGeneric:
  case spv::Op::OpGenericCastToPtr:
  case spv::Op::OpCopyObject:
  case spv::Op::OpCopyLogical: {
    SlotValue a = valueOf(in, ops[0]);
    const auto &from = layout_.leaves(a.type);
    const auto &to = layout_.leaves(module_.typeOf(inst.resultId));
    bool sameShape = from.size() == to.size();
    for (uint32_t i = 0; sameShape && i < from.size(); ++i)
      sameShape = from[i].bytes == to[i].bytes;
    if (sameShape) {
      defineAlias(in, inst.resultId, a);
      return true;
    }
    if (op == spv::Op::OpConvertPtrToU && from.size() == 1 && to.size() == 1 &&
        to[0].bytes < from[0].bytes) {
      // (uint)p in a Physical64 module: SPIR-V OpConvertPtrToU is "bit pattern-preserving
      // ... of possibly different bit width", so the pointer's integer value, truncated
      // as OpUConvert truncates (its low bits: the offset, and so the alignment).
      SlotValue r = resultValue(in, inst.resultId);
      emit(convertOp(intKind(from[0].bytes, false), intKind(to[0].bytes, false)), slotBytes(r.slot),
           slotBytes(a.slot))
          .aux = kRoundDefault;
      return true;
    }
    // OpBitcast between layouts (uchar4 <-> uint, long <-> int2, a pointer <-> int2): the
    // operand's components as one little-endian string of bits (SPIR-V §3.52.12
    // OpBitcast), cut into the result's components.
    uint64_t fromBits = 0, toBits = 0;
    for (const Leaf &l : from) fromBits += l.bytes * 8;
    for (const Leaf &l : to) toBits += l.bytes * 8;
    auto uniform = [](const std::vector<Leaf> &leaves) {
      for (const Leaf &l : leaves)
        if (l.bytes != leaves[0].bytes) return false;
      return !leaves.empty();
    };
    if (op != spv::Op::OpBitcast || fromBits != toBits || !uniform(from) || !uniform(to) ||
        from.size() > 16 || to.size() > 16)
      unsupported("a conversion between types of different component layout");
    SlotValue r = resultValue(in, inst.resultId);
    emit(OpCode::Repack, slotBytes(r.slot), slotBytes(a.slot), uint32_t(to.size()),
         uint32_t(from.size()))
        .aux = from[0].bytes | to[0].bytes << 8;
    return true;
  }
  default:
    return false;
  }
  // OpenCL SPIR-V Env §6.2: FPRoundingMode and SaturatedConversion on conversions.
  uint32_t mode = kRoundDefault;
  if (auto *d = module_.findDecoration(inst.resultId, spv::Decoration::FPRoundingMode);
      d && !d->literals.empty())
    mode = std::min<uint32_t>(d->literals[0], 3) + 1;
  bool saturate = op == spv::Op::OpSatConvertSToU || op == spv::Op::OpSatConvertUToS ||
                  module_.findDecoration(inst.resultId, spv::Decoration::SaturatedConversion);
  if (saturate) mode |= kSaturate;
  // SConvert/UConvert keep the signedness their name says for the saturation bounds.
  if (op == spv::Op::OpSConvert) toSigned = true;
  SlotValue r = resultValue(in, inst.resultId), a = valueOf(in, ops[0]);
  const auto &from = layout_.leaves(a.type);
  const auto &to = layout_.leaves(r.type);
  for (uint32_t i = 0; i < to.size(); ++i) {
    ConvertKind fk = from[i].kind == LeafKind::Float ? floatKind(from[i].bytes)
                                                     : intKind(from[i].bytes, fromSigned);
    ConvertKind tk =
        to[i].kind == LeafKind::Float ? floatKind(to[i].bytes) : intKind(to[i].bytes, toSigned);
    emit(convertOp(fk, tk), slotBytes(r.slot + i), slotBytes(a.slot + i)).aux = mode;
  }
  return true;
}

bool KernelLowering::lowerComposite(Instance &in, const Instruction &inst) {
  auto ops = module_.operands(inst);
  // Leaf index and type of a chain of literal indices into `type`.
  auto walk = [&](uint32_t type, std::span<const uint32_t> indices) {
    uint32_t leaf = 0;
    for (uint32_t index : indices) {
      leaf += layout_.leafIndexOf(type, index);
      const Type &t = module_.type(type);
      type = t.kind == TypeKind::Struct ? t.members.at(index) : t.element;
    }
    return std::pair{leaf, type};
  };
  switch (inst.opcode) {
  case spv::Op::OpCompositeExtract: {
    if (auto it = in.builtinValues.find(ops[0]); it != in.builtinValues.end()) {
      // One component of a BuiltIn vector, computed here (it is the same wherever it is).
      SlotValue r = resultValue(in, inst.resultId);
      const auto &leaves = layout_.leaves(r.type);
      emit(OpCode::Builtin, slotBytes(r.slot), 0, 0, leaves[0].bytes, ops.size() > 1 ? ops[1] : 0)
          .aux = static_cast<uint32_t>(it->second.kind);
      return true;
    }
    SlotValue c = valueOf(in, ops[0]);
    auto [leaf, type] = walk(c.type, ops.subspan(1));
    defineAlias(in, inst.resultId, SlotValue{c.slot + leaf, type});
    return true;
  }
  case spv::Op::OpCompositeInsert: {
    SlotValue r = resultValue(in, inst.resultId);
    SlotValue obj = valueOf(in, ops[0]), c = valueOf(in, ops[1]);
    emitCopy(r.slot, c.slot, c.type);
    auto [leaf, type] = walk(c.type, ops.subspan(2));
    emitCopy(r.slot + leaf, obj.slot, type);
    return true;
  }
  case spv::Op::OpCompositeConstruct: {
    SlotValue r = resultValue(in, inst.resultId);
    uint32_t leaf = 0;
    for (uint32_t part : ops) {
      SlotValue p = valueOf(in, part);
      emitCopy(r.slot + leaf, p.slot, p.type);
      leaf += leafCount(p.type);
    }
    return true;
  }
  case spv::Op::OpVectorShuffle: {
    SlotValue r = resultValue(in, inst.resultId);
    SlotValue v1 = valueOf(in, ops[0]), v2 = valueOf(in, ops[1]);
    uint32_t n1 = leafCount(v1.type);
    uint32_t bytes = layout_.leaves(r.type)[0].bytes;
    for (uint32_t i = 2; i < ops.size(); ++i) {
      uint32_t k = ops[i];
      if (k == 0xffffffffu) continue; // undefined component: left as is
      uint32_t src = k < n1 ? v1.slot + k : v2.slot + (k - n1);
      emit(sizedOp(OpCode::Mov8, bytes), slotBytes(r.slot + i - 2), slotBytes(src));
    }
    return true;
  }
  case spv::Op::OpVectorExtractDynamic: {
    SlotValue r = resultValue(in, inst.resultId);
    SlotValue v = valueOf(in, ops[0]), index = valueOf(in, ops[1]);
    uint32_t bytes = layout_.leaves(r.type)[0].bytes;
    emit(sizedOp(OpCode::ExtractDynamic8, bytes), slotBytes(r.slot), slotBytes(v.slot),
         slotBytes(index.slot), leafCount(v.type))
        .aux = layout_.leaves(index.type)[0].bytes;
    return true;
  }
  case spv::Op::OpVectorInsertDynamic: {
    SlotValue r = resultValue(in, inst.resultId);
    SlotValue v = valueOf(in, ops[0]), component = valueOf(in, ops[1]), index = valueOf(in, ops[2]);
    emitCopy(r.slot, v.slot, v.type);
    uint32_t bytes = layout_.leaves(component.type)[0].bytes;
    emit(sizedOp(OpCode::InsertDynamic8, bytes), slotBytes(r.slot), slotBytes(component.slot),
         slotBytes(index.slot), leafCount(v.type))
        .aux = layout_.leaves(index.type)[0].bytes;
    return true;
  }
  case spv::Op::OpUndef:
    resultValue(in, inst.resultId);
    return true;
  default:
    return false;
  }
}

void KernelLowering::lowerInstruction(Instance &in, uint32_t index) {
  const Instruction &inst = module_.instruction(index);
  currentInstruction_ = index;
  switch (inst.opcode) {
  case spv::Op::OpLabel:
  case spv::Op::OpLine:
  case spv::Op::OpNoLine:
  case spv::Op::OpNop:
  case spv::Op::OpLoopMerge:
  case spv::Op::OpSelectionMerge:
  case spv::Op::OpPhi: // copied on the incoming edges (lowering_control.cpp)
  case spv::Op::OpLifetimeStart:
  case spv::Op::OpLifetimeStop:
  case spv::Op::OpAssumeTrueKHR: // SPV_KHR_expect_assume: a promise, nothing to compute
    return;
  case spv::Op::OpExpectKHR: // SPV_KHR_expect_assume: the result is Value
    defineAlias(in, inst.resultId, valueOf(in, module_.operands(inst)[0]));
    return;
  case spv::Op::OpExtInst:
    return lowerExtInst(in, inst);
  default:
    break;
  }
  if (lowerControl(in, inst) || lowerCollective(in, inst) || lowerNonUniform(in, inst) ||
      lowerMemory(in, inst) || lowerArithmetic(in, inst) || lowerConversion(in, inst) ||
      lowerComposite(in, inst) || lowerImage(in, inst))
    return;
  unsupported("instruction '" + std::string(Disassembly(module_).text(index)) + "'");
}

} // namespace spvsim
