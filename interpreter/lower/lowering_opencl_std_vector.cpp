// Lowering of the OpenCL.std instructions that work on whole vectors or on
// memory rather than lane-wise on components: upsample, bitselect and select,
// shuffle and shuffle2, the geometric functions, vloadn/vstoren and the half
// loads and stores (every access a checked Load/Store op like any other), and
// prefetch. The per-component instructions are in lowering_opencl_std.cpp.
#include <bit>

#include "lower/kernel_lowering.h"
#include "lower/op_lookup.h"
#include "spvsim/common/error.h"

namespace spvsim {

namespace {

// OpenCL.std instruction numbers (extinst.opencl.std.100.grammar.json).
enum StdNumber : uint32_t {
  kCross = 104,
  kDistance = 105,
  kLength = 106,
  kNormalize = 107,
  kFastDistance = 108,
  kFastLength = 109,
  kFastNormalize = 110,
  kUUpsample = 164,
  kSUpsample = 165,
  kVloadn = 171,
  kVstoren = 172,
  kVloadHalf = 173,
  kVloadHalfn = 174,
  kVstoreHalf = 175,
  kVstoreHalfR = 176,
  kVstoreHalfn = 177,
  kVstoreHalfnR = 178,
  kVloadaHalfn = 179,
  kVstoreaHalfn = 180,
  kVstoreaHalfnR = 181,
  kShuffle = 182,
  kShuffle2 = 183,
  kPrefetch = 185,
  kBitselect = 186,
  kSelect = 187,
};

/// Bits of a shuffle mask element that select among `n` components (OpenCL C
/// §6.15.12: ilogb(2n - 1) bits).
uint32_t selectorBits(uint32_t n) {
  return n <= 1 ? 0 : static_cast<uint32_t>(std::bit_width(n - 1));
}

} // namespace

bool KernelLowering::lowerExtVector(Instance &in, const Instruction &inst, uint32_t number) {
  auto ops = module_.operands(inst).subspan(2);
  auto operand = [&](size_t k) {
    if (k >= ops.size()) throw Error("OpenCL.std instruction with too few operands");
    return valueOf(in, ops[k]);
  };
  switch (number) {
  case kUUpsample:
  case kSUpsample: {
    // (hi << width) | lo in the doubled width; hi's sign bits are shifted out.
    SlotValue r = resultValue(in, inst.resultId), hi = operand(0), lo = operand(1);
    const auto &leaves = layout_.leaves(r.type);
    const uint32_t half = leaves[0].bytes / 2;
    const SlotValue shift = uniformValue(half * 8, static_cast<uint8_t>(leaves[0].bytes));
    const uint32_t t = allocSlots(1);
    const OpCode widen = convertOp(intKind(half, false), intKind(leaves[0].bytes, false));
    for (uint32_t i = 0; i < leaves.size(); ++i) {
      const uint32_t bytes = leaves[i].bytes;
      emit(widen, slotBytes(r.slot + i), slotBytes(hi.slot + i));
      emit(sizedOp(OpCode::Shl8, bytes), slotBytes(r.slot + i), slotBytes(r.slot + i),
           slotBytes(shift.slot));
      emit(widen, slotBytes(t), slotBytes(lo.slot + i));
      emit(sizedOp(OpCode::BitOr8, bytes), slotBytes(r.slot + i), slotBytes(r.slot + i),
           slotBytes(t));
    }
    return true;
  }
  case kBitselect: {
    // OpenCL C §6.15.6: each bit of the result is b's where c's is 1, else a's
    // (on the bits of floats as well).
    SlotValue r = resultValue(in, inst.resultId), a = operand(0), b = operand(1), c = operand(2);
    const auto &leaves = layout_.leaves(r.type);
    const uint32_t t = allocSlots(1), u = allocSlots(1);
    for (uint32_t i = 0; i < leaves.size(); ++i) {
      const uint32_t bytes = leaves[i].bytes;
      emit(sizedOp(OpCode::BitNot8, bytes), slotBytes(t), slotBytes(c.slot + i));
      emit(sizedOp(OpCode::BitAnd8, bytes), slotBytes(t), slotBytes(t), slotBytes(a.slot + i));
      emit(sizedOp(OpCode::BitAnd8, bytes), slotBytes(u), slotBytes(b.slot + i),
           slotBytes(c.slot + i));
      emit(sizedOp(OpCode::BitOr8, bytes), slotBytes(r.slot + i), slotBytes(t), slotBytes(u));
    }
    return true;
  }
  case kSelect: {
    // OpenCL C §6.15.6: scalars pick b when c != 0, vectors when c's most
    // significant bit is set.
    SlotValue r = resultValue(in, inst.resultId), a = operand(0), b = operand(1), c = operand(2);
    const auto &leaves = layout_.leaves(r.type);
    const uint32_t cBytes = layout_.leaves(c.type)[0].bytes;
    const SlotValue zero = uniformValue(0, static_cast<uint8_t>(cBytes));
    const OpCode test = sizedOp(leaves.size() == 1 ? OpCode::INotEqual8 : OpCode::SLess8, cBytes);
    const uint32_t cond = allocSlots(1);
    for (uint32_t i = 0; i < leaves.size(); ++i) {
      emit(test, slotBytes(cond), slotBytes(c.slot + i), slotBytes(zero.slot));
      emit(sizedOp(OpCode::Select8, leaves[i].bytes), slotBytes(r.slot + i), slotBytes(cond),
           slotBytes(b.slot + i), slotBytes(a.slot + i));
    }
    return true;
  }
  case kShuffle:
  case kShuffle2: {
    // OpenCL C §6.15.12: component k of the result is component mask[k] of x
    // (shuffle2: of x then y), counting only the low ilogb(2n - 1) bits.
    const bool two = number == kShuffle2;
    SlotValue r = resultValue(in, inst.resultId), x = operand(0);
    SlotValue mask = operand(two ? 2 : 1);
    const uint32_t n = leafCount(x.type);
    const uint32_t total = two ? 2 * n : n;
    SlotValue source = x;
    if (two) {
      // x and y side by side, so that one index reaches either.
      SlotValue y = operand(1);
      source.slot = allocSlots(total);
      emitCopy(source.slot, x.slot, x.type);
      emitCopy(source.slot + n, y.slot, y.type);
    }
    const auto &leaves = layout_.leaves(r.type);
    const uint32_t maskBytes = layout_.leaves(mask.type)[0].bytes;
    const uint64_t low = (uint64_t(1) << selectorBits(total)) - 1;
    if (const Constant *c = module_.constant(ops[two ? 2 : 1]); c && !c->isSpec) {
      const std::vector<uint64_t> indices = constantLeafBits(ops[two ? 2 : 1]);
      for (uint32_t k = 0; k < leaves.size(); ++k) {
        const uint64_t i = indices[k] & low;
        if (i < total)
          emit(sizedOp(OpCode::Mov8, leaves[k].bytes), slotBytes(r.slot + k),
               slotBytes(source.slot + static_cast<uint32_t>(i)));
      }
      return true;
    }
    const SlotValue lowBits = uniformValue(low, static_cast<uint8_t>(maskBytes));
    const uint32_t index = allocSlots(1);
    for (uint32_t k = 0; k < leaves.size(); ++k) {
      emit(sizedOp(OpCode::BitAnd8, maskBytes), slotBytes(index), slotBytes(mask.slot + k),
           slotBytes(lowBits.slot));
      emit(sizedOp(OpCode::ExtractDynamic8, leaves[k].bytes), slotBytes(r.slot + k),
           slotBytes(source.slot), slotBytes(index), total)
          .aux = maskBytes;
    }
    return true;
  }
  case kCross: {
    // OpenCL C §6.15.5: the cross product of the first three components; a
    // fourth component is 0.
    SlotValue r = resultValue(in, inst.resultId), a = operand(0), b = operand(1);
    const auto &leaves = layout_.leaves(r.type);
    const uint32_t bytes = leaves[0].bytes;
    const uint32_t t = allocSlots(1), u = allocSlots(1);
    const OpCode mul = floatOp(OpCode::FMulF32, bytes), sub = floatOp(OpCode::FSubF32, bytes);
    const uint32_t first[3] = {1, 2, 0}, second[3] = {2, 0, 1};
    for (uint32_t k = 0; k < 3; ++k) {
      emit(mul, slotBytes(t), slotBytes(a.slot + first[k]), slotBytes(b.slot + second[k]));
      emit(mul, slotBytes(u), slotBytes(a.slot + second[k]), slotBytes(b.slot + first[k]));
      emit(sub, slotBytes(r.slot + k), slotBytes(t), slotBytes(u));
    }
    if (leaves.size() == 4)
      emit(sizedOp(OpCode::Mov8, bytes), slotBytes(r.slot + 3),
           slotBytes(uniformValue(0, static_cast<uint8_t>(bytes)).slot));
    return true;
  }
  case kLength:
  case kFastLength:
  case kDistance:
  case kFastDistance: {
    const bool distance = number == kDistance || number == kFastDistance;
    SlotValue r = resultValue(in, inst.resultId), a = operand(0);
    SlotValue b = distance ? operand(1) : a;
    const uint32_t bytes = layout_.leaves(r.type)[0].bytes;
    emit(floatOp(OpCode::GeomLengthF32, bytes), slotBytes(r.slot), slotBytes(a.slot),
         slotBytes(b.slot), leafCount(a.type))
        .aux = distance ? 1 : 0;
    return true;
  }
  case kNormalize:
  case kFastNormalize: {
    SlotValue r = resultValue(in, inst.resultId), a = operand(0);
    const uint32_t bytes = layout_.leaves(r.type)[0].bytes;
    emit(floatOp(OpCode::GeomNormalizeF32, bytes), slotBytes(r.slot), slotBytes(a.slot), 0,
         leafCount(a.type));
    return true;
  }
  case kVloadn:
  case kVloadHalf:
  case kVloadHalfn:
  case kVloadaHalfn: {
    // OpenCL C §6.15.10: n elements at p + offset × n (vloada_half3: × 4); the
    // half forms widen each element to float (exactly).
    SlotValue r = resultValue(in, inst.resultId), offset = operand(0), p = operand(1);
    const auto &leaves = layout_.leaves(r.type);
    const uint32_t n = static_cast<uint32_t>(leaves.size());
    const bool isHalf = number != kVloadn;
    const uint32_t element = isHalf ? 2 : leaves[0].bytes;
    const uint32_t step = number == kVloadaHalfn && n == 3 ? 4 : n;
    const uint32_t address = allocSlots(1);
    emitElementAddress(address, p, offset, uint64_t(step) * element);
    for (uint32_t k = 0; k < n; ++k) {
      // vloadn and vload_half(n) need their element's alignment, vloada_halfn the
      // vector's (OpenCL C §6.15.10); checked on the first element.
      const uint8_t align = k != 0                   ? 0
                            : number == kVloadaHalfn ? alignLog2Of(uint64_t(step) * element)
                                                     : alignLog2Of(element);
      if (!isHalf) {
        emit(sizedOp(OpCode::Load8, element), slotBytes(r.slot + k), slotBytes(address), 0, 0,
             uint64_t(k) * element)
            .alignLog2 = align;
        continue;
      }
      const uint32_t t = allocSlots(1);
      emit(OpCode::Load16, slotBytes(t), slotBytes(address), 0, 0, uint64_t(k) * 2).alignLog2 =
          align;
      emit(convertOp(ConvertKind::F16, floatKind(leaves[k].bytes)), slotBytes(r.slot + k),
           slotBytes(t));
    }
    return true;
  }
  case kVstoren:
  case kVstoreHalf:
  case kVstoreHalfR:
  case kVstoreHalfn:
  case kVstoreHalfnR:
  case kVstoreaHalfn:
  case kVstoreaHalfnR: {
    // OpenCL C §6.15.10: the half forms round each element to half, to nearest
    // even or by the rounding-mode operand (an FPRoundingMode, OpenCL SPIR-V Env §6.2).
    SlotValue data = operand(0), offset = operand(1), p = operand(2);
    const auto &leaves = layout_.leaves(data.type);
    const uint32_t n = static_cast<uint32_t>(leaves.size());
    const bool isHalf = number != kVstoren;
    const bool hasMode =
        number == kVstoreHalfR || number == kVstoreHalfnR || number == kVstoreaHalfnR;
    uint32_t rounding = kRoundRte;
    if (hasMode) {
      if (ops.size() < 4) throw Error("vstore_half_r without a rounding mode");
      rounding = std::min<uint32_t>(ops[3], 3) + 1;
    }
    const uint32_t element = isHalf ? 2 : leaves[0].bytes;
    const bool aligned = number == kVstoreaHalfn || number == kVstoreaHalfnR;
    const uint32_t step = aligned && n == 3 ? 4 : n;
    const uint32_t address = allocSlots(1);
    emitElementAddress(address, p, offset, uint64_t(step) * element);
    const uint32_t t = allocSlots(1);
    for (uint32_t k = 0; k < n; ++k) {
      uint32_t value = data.slot + k;
      if (isHalf) {
        emit(convertOp(floatKind(leaves[k].bytes), ConvertKind::F16), slotBytes(t),
             slotBytes(value))
            .aux = rounding;
        value = t;
      }
      emit(sizedOp(OpCode::Store8, element), 0, slotBytes(address), slotBytes(value), 0,
           uint64_t(k) * element)
          .alignLog2 = k != 0    ? 0
                       : aligned ? alignLog2Of(uint64_t(step) * element)
                                 : alignLog2Of(element);
    }
    return true;
  }
  case kPrefetch:
    // A hint without effect on results; it touches no memory.
    return true;
  default:
    return false;
  }
}

void KernelLowering::emitElementAddress(uint32_t dstSlot, SlotValue pointer, SlotValue index,
                                        uint64_t elementBytes) {
  const uint32_t indexBytes = layout_.leaves(index.type)[0].bytes;
  if (indexBytes != 4 && indexBytes != 8) unsupported("an offset narrower than 32 bits");
  emit(indexBytes == 8 ? OpCode::PtrAddIndex64 : OpCode::PtrAddIndex32, slotBytes(dstSlot),
       slotBytes(pointer.slot), slotBytes(index.slot), 0, elementBytes);
}

} // namespace spvsim
