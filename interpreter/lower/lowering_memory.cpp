// Lowering of memory instructions: Function-scope variables (per-lane
// private allocations), loads and stores split into checked scalar accesses
// at their layout offsets, access chains as tagged-pointer arithmetic, memory
// copies, and reads of BuiltIn input variables.
#include <algorithm>

#include "lower/kernel_lowering.h"
#include "lower/op_lookup.h"
#include "lower/op_operands.h"
#include "memory/tagged_pointer.h"
#include "spvsim/common/error.h"

namespace spvsim {

void KernelLowering::lowerLoad(Instance &in, const Instruction &inst) {
  auto ops = module_.operands(inst);
  uint32_t pointer = ops[0];
  if (const BuiltinRef *b = builtinOf(in, pointer)) {
    if (b->component < 0 && usedOnlyAs(in, inst.resultId, {spv::Op::OpCompositeExtract}, 0)) {
      in.builtinValues.emplace(inst.resultId, *b);
      return;
    }
    SlotValue r = resultValue(in, inst.resultId);
    const auto &leaves = layout_.leaves(r.type);
    for (uint32_t i = 0; i < leaves.size(); ++i) {
      uint32_t component = b->component >= 0 ? static_cast<uint32_t>(b->component) : i;
      emit(OpCode::Builtin, slotBytes(r.slot + i), 0, 0, leaves[i].bytes, component).aux =
          static_cast<uint32_t>(b->kind);
    }
    return;
  }
  // A load only selects keep: the race check reads the condition (selected_load.cpp).
  const auto kept = selectedLoad(in, inst);
  const auto indexed = in.indexedPointers.find(pointer);
  if (indexed != in.indexedPointers.end() && !kept) {
    const IndexedPointer &ip = indexed->second;
    SlotValue r = resultValue(in, inst.resultId);
    const auto &leaves = layout_.leaves(r.type);
    const uint8_t align = accessAlignment(r.type, ops.subspan(1));
    const uint8_t flags = accessFlags(r.type) | (writtenBackOnly(in, inst) ? kAccessWriteBack : 0);
    for (uint32_t i = 0; i < leaves.size(); ++i) {
      if (leaves[i].kind == LeafKind::Bool) unsupported("loads of bool values from memory");
      LoweredOp &op = emit(sizedOp(OpCode::LoadIndexed8, leaves[i].bytes), slotBytes(r.slot + i),
                           slotBytes(ip.base.slot), static_cast<uint32_t>(leaves[i].offset),
                           ip.indexSlot, ip.offset);
      op.aux = ip.stride | (ip.index64 ? kIndex64 : 0) | (ip.uniformBase ? kUniformBase : 0);
      op.alignLog2 = i == 0 ? align : 0, op.access = flags;
    }
    return;
  }
  // An indexed pointer's address made here when selects keep the load: the plain load
  // has room for the condition, LoadIndexed has not.
  SlotValue p =
      indexed != in.indexedPointers.end() ? materialize(indexed->second) : valueOf(in, pointer);
  SlotValue r = resultValue(in, inst.resultId);
  const auto &leaves = layout_.leaves(r.type);
  const uint8_t align = accessAlignment(r.type, ops.subspan(1));
  const uint8_t flags = accessFlags(r.type) | (writtenBackOnly(in, inst) ? kAccessWriteBack : 0);
  uint8_t selected = 0;
  uint32_t condition = 0;
  if (kept) {
    selected = kAccessSelected | (kept->whenTrue ? 0 : kAccessSelectedWhenFalse);
    condition = slotBytes(valueOf(in, kept->condition).slot);
  }
  for (uint32_t i = 0; i < leaves.size(); ++i) {
    if (leaves[i].kind == LeafKind::Bool) unsupported("loads of bool values from memory");
    LoweredOp &op = emit(sizedOp(OpCode::Load8, leaves[i].bytes), slotBytes(r.slot + i),
                         slotBytes(p.slot), condition, 0, leaves[i].offset);
    op.alignLog2 = i == 0 ? align : 0, op.access = flags | selected;
  }
}

// The alignment an access needs (the misaligned check): its Aligned memory operand when it
// has one (SPIR-V §3.26: the producer states the pointer's alignment; 1 for packed structs),
// else its type's (OpenCL C §6.1.5: a scalar's or vector's size, vec3 as vec4). Only the
// first leaf is checked: the others sit at offsets their own alignment divides.
uint8_t KernelLowering::accessAlignment(uint32_t type, std::span<const uint32_t> memoryOperands) {
  uint64_t align = layout_.alignment(type);
  if (memoryOperands.size() >= 2 &&
      (memoryOperands[0] & uint32_t(spv::MemoryAccessMask::Aligned)) != 0)
    align = memoryOperands[1];
  return alignLog2Of(align);
}

uint8_t KernelLowering::accessFlags(uint32_t type) const {
  const TypeKind kind = module_.type(type).kind;
  return kind == TypeKind::Struct || kind == TypeKind::Array ? kAccessCopy : 0;
}

// kAccessWriteBack: a vector load whose value reaches, through OpCompositeInsert (as the
// composite) and OpVectorShuffle (each of its components kept at its own position), only
// OpStores to the pointer it was loaded from — one, or several along the way when a
// producer stores each step of a chain (clang -O2 turns `v.x = a; v.y = b; v.w = c;`
// into one load and inserts whose intermediate results are stored too: the conformance
// suite's subgroups XY macro) — and nothing else.
bool KernelLowering::writtenBackOnly(const Instance &in, const Instruction &load) const {
  const Type &type = module_.type(load.typeId);
  if (type.kind != TypeKind::Vector) return false;
  const uint32_t pointer = module_.operands(load)[0];
  const Function &f = *in.function;
  // The load and the values made from it; bounded, as each step scans the function.
  constexpr size_t kMaxValues = 16;
  std::vector<uint32_t> values{load.resultId};
  // Operands that must not come from the load (an inserted object, a shuffle's other
  // vector): checked once every value is known.
  std::vector<uint32_t> others;
  bool stored = false;
  for (size_t v = 0; v < values.size(); ++v) {
    const uint32_t value = values[v];
    for (uint32_t k = f.first; k < f.end; ++k) {
      const Instruction &use = module_.instruction(k);
      if (use.nonSemantic) continue;
      auto ops = module_.operands(use);
      if (std::find(ops.begin(), ops.end(), value) == ops.end()) continue;
      switch (use.opcode) {
      case spv::Op::OpStore:
        if (ops.size() < 2 || ops[0] != pointer || ops[1] != value) return false;
        stored = true;
        continue;
      case spv::Op::OpCompositeInsert: // Object, Composite, indices
        if (ops.size() < 3 || ops[0] == value || ops[1] != value) return false;
        for (size_t w = 2; w < ops.size(); ++w)
          if (ops[w] == value) return false;
        others.push_back(ops[0]);
        break;
      case spv::Op::OpVectorShuffle: { // Vector 1, Vector 2, components
        if (ops.size() < 2 || (ops[0] == value) == (ops[1] == value)) return false;
        const uint32_t count = type.count;
        const uint32_t from = ops[0] == value ? 0 : count; // where its components are numbered
        for (size_t w = 2; w < ops.size(); ++w) {
          const uint32_t c = ops[w];
          if (c >= from && c < from + count && c - from != w - 2) return false;
        }
        if (module_.type(use.typeId).count != count) return false;
        others.push_back(ops[0] == value ? ops[1] : ops[0]);
        break;
      }
      default:
        return false;
      }
      if (values.size() == kMaxValues) return false;
      values.push_back(use.resultId);
    }
  }
  for (uint32_t other : others)
    if (std::find(values.begin(), values.end(), other) != values.end()) return false;
  return stored;
}

bool KernelLowering::usedOnlyAs(const Instance &in, uint32_t id,
                                std::initializer_list<spv::Op> opcodes, size_t operand) const {
  const Function &f = *in.function;
  for (uint32_t k = f.first; k < f.end; ++k) {
    const Instruction &inst = module_.instruction(k);
    if (inst.nonSemantic) continue;
    const bool listed = std::find(opcodes.begin(), opcodes.end(), inst.opcode) != opcodes.end();
    auto ops = module_.operands(inst);
    // A literal operand may equal the id by chance: that only makes the answer "no".
    for (size_t w = 0; w < ops.size(); ++w)
      if (ops[w] == id && !(listed && w == operand)) return false;
  }
  return true;
}

SlotValue KernelLowering::materialize(const IndexedPointer &p) {
  SlotValue r{allocSlots(1), p.type};
  emit(p.index64 ? OpCode::PtrAddIndex64 : OpCode::PtrAddIndex32, slotBytes(r.slot),
       slotBytes(p.base.slot), p.indexSlot, 0, p.stride);
  if (p.offset) emit(OpCode::PtrAdd, slotBytes(r.slot), slotBytes(r.slot), 0, 0, p.offset);
  return r;
}

void KernelLowering::lowerAccessChain(Instance &in, const Instruction &inst) {
  auto ops = module_.operands(inst);
  bool ptrChain =
      inst.opcode == spv::Op::OpPtrAccessChain || inst.opcode == spv::Op::OpInBoundsPtrAccessChain;
  uint32_t baseId = ops[0];
  auto indices = ops.subspan(1);
  // Component pointers into BuiltIn variables are resolved statically.
  if (const BuiltinRef *b = builtinOf(in, baseId)) {
    if (ptrChain || indices.size() != 1 || !module_.constant(indices[0]))
      unsupported("dynamic indexing into a BuiltIn variable");
    BuiltinRef ref = *b;
    ref.component = static_cast<int32_t>(scalarConstant(indices[0]));
    in.builtinPointers.emplace(inst.resultId, ref);
    return;
  }
  SlotValue base = valueOf(in, baseId);
  uint32_t type = module_.type(base.type).element;
  uint64_t constOffset = 0;
  uint32_t current = base.slot;
  bool emitted = false;
  auto addIndex = [&](uint32_t indexId, uint64_t stride) {
    if (const Constant *c = module_.constant(indexId); c && !c->isSpec) {
      const Type &it = module_.type(c->typeId);
      int64_t v = it.width >= 64 ? int64_t(c->bits)
                                 : int64_t(c->bits << (64 - it.width)) >> (64 - it.width);
      constOffset += uint64_t(v) * stride;
      return;
    }
    SlotValue idx = valueOf(in, indexId);
    uint32_t bytes = layout_.leaves(idx.type)[0].bytes;
    if (bytes != 4 && bytes != 8) unsupported("access chain index narrower than 32 bits");
    uint32_t t = allocSlots(1);
    emit(bytes == 8 ? OpCode::PtrAddIndex64 : OpCode::PtrAddIndex32, slotBytes(t),
         slotBytes(current), slotBytes(idx.slot), 0, stride);
    current = t;
    emitted = true;
  };
  size_t i = 0;
  // A chain with one index that is not a constant, whose pointer only loads and
  // stores use, becomes their address operands instead of a slot.
  uint32_t dynamicIndices = 0;
  {
    uint32_t t = type;
    for (size_t k = 0; k < indices.size(); ++k) {
      const Constant *c = module_.constant(indices[k]);
      if (!c || c->isSpec) ++dynamicIndices;
      if (k == 0 && ptrChain) continue;
      const Type &tt = module_.type(t);
      t = tt.kind == TypeKind::Struct ? tt.members.at(scalarConstant(indices[k])) : tt.element;
    }
  }
  const bool indexed =
      dynamicIndices == 1 && usedOnlyAs(in, inst.resultId, {spv::Op::OpLoad, spv::Op::OpStore}, 0);
  IndexedPointer lazy;
  auto addIndexLazily = [&](uint32_t indexId, uint64_t stride) {
    if (const Constant *c = module_.constant(indexId); c && !c->isSpec)
      return addIndex(indexId, stride);
    SlotValue idx = valueOf(in, indexId);
    uint32_t bytes = layout_.leaves(idx.type)[0].bytes;
    if (bytes != 4 && bytes != 8) unsupported("access chain index narrower than 32 bits");
    lazy.indexSlot = slotBytes(idx.slot);
    lazy.index64 = bytes == 8;
    lazy.stride = static_cast<uint32_t>(stride);
  };
  auto step = [&](uint32_t indexId, uint64_t stride) {
    if (indexed && stride <= kMaxIndexedStride)
      addIndexLazily(indexId, stride);
    else
      addIndex(indexId, stride);
  };
  if (ptrChain) step(indices[i++], layout_.size(type));
  for (; i < indices.size(); ++i) {
    const Type &t = module_.type(type);
    if (t.kind == TypeKind::Struct) {
      uint32_t member = static_cast<uint32_t>(scalarConstant(indices[i]));
      constOffset += layout_.memberOffset(type, member);
      type = t.members.at(member);
    } else if (t.kind == TypeKind::Array || t.kind == TypeKind::RuntimeArray ||
               t.kind == TypeKind::Vector) {
      step(indices[i], layout_.elementStride(type));
      type = t.element;
    } else {
      throw Error("access chain indexes into a non-composite type");
    }
  }
  if (indexed && !emitted) {
    lazy.base = SlotValue{current, base.type};
    lazy.uniformBase = uniformSlots_.count(current) != 0;
    lazy.offset = constOffset;
    lazy.type = inst.typeId;
    in.indexedPointers.emplace(inst.resultId, lazy);
    return;
  }
  if (constOffset != 0 || !emitted) {
    if (constOffset == 0) return defineAlias(in, inst.resultId, SlotValue{current, base.type});
    SlotValue r = resultValue(in, inst.resultId);
    emit(OpCode::PtrAdd, slotBytes(r.slot), slotBytes(current), 0, 0, constOffset);
    return;
  }
  // The last op computed the pointer into a temporary: retarget it to the result.
  SlotValue r = resultValue(in, inst.resultId);
  blocks_[current_].ops.back().d = slotBytes(r.slot);
}

void KernelLowering::emitCopyMemory(SlotValue dst, SlotValue src, uint64_t bytes) {
  uint32_t t = allocSlots(1);
  uint64_t offset = 0;
  for (uint32_t chunk : {8u, 4u, 2u, 1u}) {
    for (; offset + chunk <= bytes; offset += chunk) {
      emit(sizedOp(OpCode::Load8, chunk), slotBytes(t), slotBytes(src.slot), 0, 0, offset).access =
          kAccessCopy;
      emit(sizedOp(OpCode::Store8, chunk), 0, slotBytes(dst.slot), slotBytes(t), 0, offset).access =
          kAccessCopy;
    }
  }
}

namespace {
#define SPVSIM_ATOMIC_INT_ENTRY(name, spvop, expr) {spv::Op::spvop, OpCode::name##32},
#define SPVSIM_ATOMIC_FLOAT_ENTRY(name, spvop, expr) {spv::Op::spvop, OpCode::name##F32},
constexpr FamilyEntry kAtomicInt[] = {SPVSIM_ATOMIC_INT_OPS(SPVSIM_ATOMIC_INT_ENTRY)};
constexpr FamilyEntry kAtomicFloat[] = {SPVSIM_ATOMIC_FLOAT_OPS(SPVSIM_ATOMIC_FLOAT_ENTRY)};
#undef SPVSIM_ATOMIC_INT_ENTRY
#undef SPVSIM_ATOMIC_FLOAT_ENTRY
} // namespace

// Atomics (SPIR-V §3.52.18) on 32- and 64-bit scalars; scope and semantics
// operands are not needed by the executor (every atomic is sequentially
// consistent and device-wide).
bool KernelLowering::lowerAtomic(Instance &in, const Instruction &inst) {
  auto ops = module_.operands(inst);
  spv::Op op = inst.opcode;
  auto widthOf = [&](uint32_t type) {
    const auto &leaves = layout_.leaves(type);
    if (leaves.size() != 1 || (leaves[0].bytes != 4 && leaves[0].bytes != 8))
      unsupported("atomics on values other than 32- and 64-bit scalars");
    return leaves[0];
  };
  auto wide = [](OpCode op32, const Leaf &leaf) { return offsetOp(op32, leaf.bytes == 8); };
  switch (op) {
  case spv::Op::OpAtomicLoad: {
    SlotValue r = resultValue(in, inst.resultId), p = valueOf(in, ops[0]);
    emit(wide(OpCode::AtomicLoad32, widthOf(r.type)), slotBytes(r.slot), slotBytes(p.slot));
    return true;
  }
  case spv::Op::OpAtomicStore: {
    SlotValue p = valueOf(in, ops[0]), v = valueOf(in, ops[3]);
    emit(wide(OpCode::AtomicStore32, widthOf(v.type)), 0, slotBytes(p.slot), slotBytes(v.slot));
    return true;
  }
  case spv::Op::OpAtomicCompareExchange:
  case spv::Op::OpAtomicCompareExchangeWeak: {
    SlotValue r = resultValue(in, inst.resultId), p = valueOf(in, ops[0]);
    SlotValue value = valueOf(in, ops[4]), comparator = valueOf(in, ops[5]);
    emit(wide(OpCode::AtomicCompareExchange32, widthOf(r.type)), slotBytes(r.slot),
         slotBytes(p.slot), slotBytes(value.slot), slotBytes(comparator.slot));
    return true;
  }
  case spv::Op::OpAtomicIIncrement:
  case spv::Op::OpAtomicIDecrement: {
    SlotValue r = resultValue(in, inst.resultId), p = valueOf(in, ops[0]);
    Leaf leaf = widthOf(r.type);
    SlotValue one = uniformValue(1, leaf.bytes);
    OpCode base = op == spv::Op::OpAtomicIIncrement ? OpCode::AtomicIAdd32 : OpCode::AtomicISub32;
    emit(wide(base, leaf), slotBytes(r.slot), slotBytes(p.slot), slotBytes(one.slot));
    return true;
  }
  case spv::Op::OpAtomicFlagTestAndSet: {
    // OpenCL 2.0 atomic_flag: a 32-bit word, set means nonzero.
    SlotValue r = resultValue(in, inst.resultId), p = valueOf(in, ops[0]);
    SlotValue one = uniformValue(1, 4), zero = uniformValue(0, 4);
    uint32_t old = allocSlots(1);
    emit(OpCode::AtomicExchange32, slotBytes(old), slotBytes(p.slot), slotBytes(one.slot));
    emit(OpCode::INotEqual32, slotBytes(r.slot), slotBytes(old), slotBytes(zero.slot));
    return true;
  }
  case spv::Op::OpAtomicFlagClear: {
    SlotValue p = valueOf(in, ops[0]), zero = uniformValue(0, 4);
    emit(OpCode::AtomicStore32, 0, slotBytes(p.slot), slotBytes(zero.slot));
    return true;
  }
  default:
    break;
  }
  bool isFloatOp = false;
  auto base = findOp(kAtomicInt, op);
  if (!base) base = findOp(kAtomicFloat, op), isFloatOp = true;
  if (!base) return false;
  SlotValue r = resultValue(in, inst.resultId), p = valueOf(in, ops[0]), v = valueOf(in, ops[3]);
  Leaf leaf = widthOf(r.type);
  if (!isFloatOp && op != spv::Op::OpAtomicExchange && leaf.kind == LeafKind::Float)
    throw Error("integer atomic on a floating-point value");
  emit(wide(*base, leaf), slotBytes(r.slot), slotBytes(p.slot), slotBytes(v.slot));
  return true;
}

bool KernelLowering::lowerMemory(Instance &in, const Instruction &inst) {
  auto ops = module_.operands(inst);
  const size_t opsBefore = blocks_[current_].ops.size();
  if (lowerAtomic(in, inst)) {
    // An atomic needs the alignment of its size (OpenCL C §6.1.5, and §6.15.12: atomic
    // types have the size and alignment of their non-atomic counterparts).
    auto &emitted = blocks_[current_].ops;
    for (size_t i = opsBefore; i < emitted.size(); ++i)
      if (uint32_t bytes = atomicAccessBytes(emitted[i].code))
        emitted[i].alignLog2 = alignLog2Of(bytes);
    return true;
  }
  switch (inst.opcode) {
  case spv::Op::OpVariable: {
    auto storage = static_cast<spv::StorageClass>(ops[0]);
    if (storage != spv::StorageClass::Function)
      throw Error("OpVariable inside a function must use the Function storage class");
    uint32_t pointee = module_.type(inst.typeId).element;
    std::string_view name = module_.name(inst.resultId);
    SlotValue p = privateAllocation(
        name.empty() ? "%" + std::to_string(inst.resultId) : std::string(name), pointee);
    defineAlias(in, inst.resultId, SlotValue{p.slot, inst.typeId});
    if (ops.size() > 1) { // initializer: stored each time the function is entered
      SlotValue init = valueOf(in, ops[1]);
      const auto &leaves = layout_.leaves(pointee);
      for (uint32_t i = 0; i < leaves.size(); ++i)
        emit(sizedOp(OpCode::Store8, leaves[i].bytes), 0, slotBytes(p.slot),
             slotBytes(init.slot + i), 0, leaves[i].offset);
    }
    return true;
  }
  case spv::Op::OpLoad:
    lowerLoad(in, inst);
    return true;
  case spv::Op::OpStore: {
    if (auto it = in.indexedPointers.find(ops[0]); it != in.indexedPointers.end()) {
      const IndexedPointer ip = it->second;
      SlotValue v = valueOf(in, ops[1]);
      const auto &leaves = layout_.leaves(v.type);
      const uint8_t align = accessAlignment(v.type, ops.subspan(2)), flags = accessFlags(v.type);
      for (uint32_t i = 0; i < leaves.size(); ++i) {
        if (leaves[i].kind == LeafKind::Bool) unsupported("stores of bool values to memory");
        LoweredOp &op = emit(sizedOp(OpCode::StoreIndexed8, leaves[i].bytes), slotBytes(v.slot + i),
                             slotBytes(ip.base.slot), static_cast<uint32_t>(leaves[i].offset),
                             ip.indexSlot, ip.offset);
        op.aux = ip.stride | (ip.index64 ? kIndex64 : 0) | (ip.uniformBase ? kUniformBase : 0);
        op.alignLog2 = i == 0 ? align : 0, op.access = flags;
      }
      return true;
    }
    SlotValue p = valueOf(in, ops[0]), v = valueOf(in, ops[1]);
    const auto &leaves = layout_.leaves(v.type);
    const uint8_t align = accessAlignment(v.type, ops.subspan(2)), flags = accessFlags(v.type);
    for (uint32_t i = 0; i < leaves.size(); ++i) {
      if (leaves[i].kind == LeafKind::Bool) unsupported("stores of bool values to memory");
      LoweredOp &op = emit(sizedOp(OpCode::Store8, leaves[i].bytes), 0, slotBytes(p.slot),
                           slotBytes(v.slot + i), 0, leaves[i].offset);
      op.alignLog2 = i == 0 ? align : 0, op.access = flags;
    }
    return true;
  }
  case spv::Op::OpAccessChain:
  case spv::Op::OpInBoundsAccessChain:
  case spv::Op::OpPtrAccessChain:
  case spv::Op::OpInBoundsPtrAccessChain:
    lowerAccessChain(in, inst);
    return true;
  case spv::Op::OpPtrEqual:
  case spv::Op::OpPtrNotEqual: {
    SlotValue r = resultValue(in, inst.resultId);
    SlotValue a = valueOf(in, ops[0]), b = valueOf(in, ops[1]);
    emit(inst.opcode == spv::Op::OpPtrEqual ? OpCode::IEqual64 : OpCode::INotEqual64,
         slotBytes(r.slot), slotBytes(a.slot), slotBytes(b.slot));
    return true;
  }
  case spv::Op::OpPtrDiff: {
    SlotValue r = resultValue(in, inst.resultId);
    SlotValue a = valueOf(in, ops[0]), b = valueOf(in, ops[1]);
    uint64_t element = std::max<uint64_t>(layout_.size(module_.type(a.type).element), 1);
    emit(OpCode::PtrDiff, slotBytes(r.slot), slotBytes(a.slot), slotBytes(b.slot), 0, element).aux =
        layout_.leaves(r.type)[0].bytes;
    return true;
  }
  case spv::Op::OpGenericCastToPtrExplicit: {
    SlotValue r = resultValue(in, inst.resultId), p = valueOf(in, ops[0]);
    AddressSpace space = AddressSpace::Private;
    switch (static_cast<spv::StorageClass>(ops[1])) {
    case spv::StorageClass::CrossWorkgroup:
      space = AddressSpace::Global;
      break;
    case spv::StorageClass::Workgroup:
      space = AddressSpace::Local;
      break;
    case spv::StorageClass::Function:
      space = AddressSpace::Private;
      break;
    default:
      throw Error("OpGenericCastToPtrExplicit to a storage class other than "
                  "CrossWorkgroup, Workgroup or Function");
    }
    emit(OpCode::GenericCastExplicit, slotBytes(r.slot), slotBytes(p.slot), 0, 0,
         static_cast<uint64_t>(space));
    return true;
  }
  case spv::Op::OpGenericPtrMemSemantics: {
    SlotValue r = resultValue(in, inst.resultId), p = valueOf(in, ops[0]);
    emit(OpCode::GenericMemSemantics, slotBytes(r.slot), slotBytes(p.slot));
    return true;
  }
  case spv::Op::OpCopyMemory: {
    SlotValue dst = valueOf(in, ops[0]), src = valueOf(in, ops[1]);
    emitCopyMemory(dst, src, layout_.size(module_.type(dst.type).element));
    return true;
  }
  case spv::Op::OpCopyMemorySized: {
    SlotValue dst = valueOf(in, ops[0]), src = valueOf(in, ops[1]);
    if (const Constant *size = module_.constant(ops[2]); size && !size->isSpec) {
      emitCopyMemory(dst, src, size->bits);
      return true;
    }
    // A size computed at run time (or a spec constant's): one checked copy per lane.
    SlotValue size = valueOf(in, ops[2]);
    const auto &leaves = layout_.leaves(size.type);
    if (leaves.size() != 1 || (leaves[0].bytes != 4 && leaves[0].bytes != 8))
      unsupported("OpCopyMemorySized with a size that is not a 32- or 64-bit integer");
    emit(OpCode::CopyMemoryDynamic, 0, slotBytes(dst.slot), slotBytes(src.slot),
         slotBytes(size.slot))
        .aux = leaves[0].bytes;
    return true;
  }
  default:
    return false;
  }
}

} // namespace spvsim
