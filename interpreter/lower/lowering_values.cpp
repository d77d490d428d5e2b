// Lowering of values: register slots for SSA ids, constants and spec
// constants (preloaded uniform slots), module-scope variables (local and
// program-scope allocations, BuiltIn inputs) and kernel parameters.
#include "lower/kernel_lowering.h"
#include "memory/tagged_pointer.h"
#include "spvsim/common/error.h"
#include "spvsim/interpreter/image.h"
#include "spvsim/interpreter/kernel_signature.h"

namespace spvsim {

uint32_t KernelLowering::allocSlots(uint32_t count) {
  uint32_t first = out_.slotCount;
  out_.slotCount += count;
  if (uint64_t(out_.slotCount) * slotStride_ > 0xffffffffu)
    unsupported("kernel needs more registers than the executor addresses");
  return first;
}

SlotValue KernelLowering::resultValue(Instance &in, uint32_t id) {
  auto it = in.values.find(id);
  if (it != in.values.end()) return it->second;
  uint32_t type = module_.typeOf(id);
  SlotValue v{allocSlots(leafCount(type)), type};
  in.values.emplace(id, v);
  return v;
}

void KernelLowering::defineAlias(Instance &in, uint32_t id, SlotValue v) {
  auto it = in.values.find(id);
  if (it == in.values.end()) {
    in.values.emplace(id, SlotValue{v.slot, module_.typeOf(id)});
    return;
  }
  // A use was lowered before the definition (blocks out of dominance order): copy.
  emitCopy(it->second.slot, v.slot, it->second.type);
}

SlotValue KernelLowering::valueOf(Instance &in, uint32_t id) {
  if (auto it = in.indexedPointers.find(id); it != in.indexedPointers.end())
    return materialize(it->second);
  if (auto it = in.builtinValues.find(id); it != in.builtinValues.end()) {
    // A whole BuiltIn vector after all: computed where it is used (it is the same everywhere).
    const uint32_t type = module_.typeOf(id);
    SlotValue v{allocSlots(leafCount(type)), type};
    const auto &leaves = layout_.leaves(type);
    for (uint32_t i = 0; i < leaves.size(); ++i)
      emit(OpCode::Builtin, slotBytes(v.slot + i), 0, 0, leaves[i].bytes, i).aux =
          static_cast<uint32_t>(it->second.kind);
    return v;
  }
  const IdInfo &info = module_.id(id);
  if (info.kind == IdKind::Constant) return constantValue(id);
  if (info.kind == IdKind::Variable && info.function == kNone) return globalVariable(id);
  if (info.kind == IdKind::Undefined || info.kind == IdKind::Type || info.kind == IdKind::Label)
    throw Error("id %" + std::to_string(id) + " is not a value");
  return resultValue(in, id);
}

uint64_t KernelLowering::scalarConstant(uint32_t id) {
  auto bits = constantLeafBits(id);
  if (bits.size() != 1) throw Error("constant %" + std::to_string(id) + " is not a scalar");
  return bits[0];
}

std::vector<uint64_t> KernelLowering::constantLeafBits(uint32_t id) {
  const Constant *c = module_.constant(id);
  if (!c) throw Error("id %" + std::to_string(id) + " is not a constant");
  const auto &leaves = layout_.leaves(c->typeId);
  std::vector<uint64_t> bits = [&]() -> std::vector<uint64_t> {
    switch (c->kind) {
    case ConstantKind::Scalar: {
      uint64_t value = c->bits;
      if (c->isSpec && c->specId) {
        auto it = specConstants_.find(*c->specId);
        if (it != specConstants_.end()) value = it->second;
      }
      return {value};
    }
    case ConstantKind::True:
    case ConstantKind::False: {
      bool value = c->kind == ConstantKind::True;
      if (c->isSpec && c->specId) {
        auto it = specConstants_.find(*c->specId);
        if (it != specConstants_.end()) value = it->second != 0;
      }
      return {value ? 1u : 0u};
    }
    case ConstantKind::Null:
    case ConstantKind::Undef:
      return std::vector<uint64_t>(leaves.size(), 0);
    case ConstantKind::Composite: {
      std::vector<uint64_t> out;
      for (uint32_t part : c->parts) {
        auto sub = constantLeafBits(part);
        out.insert(out.end(), sub.begin(), sub.end());
      }
      return out;
    }
    case ConstantKind::SpecOp:
      return evaluateSpecOp(*c);
    case ConstantKind::Sampler: {
      // OpConstantSampler: addressing mode, normalized, filter mode as the sampler_bits
      // of OpenCL C (SPIR-V SamplerAddressingMode k is CLK_ADDRESS 2k; filter k is 0x10 << k).
      if (c->parts.size() != 3) break;
      uint64_t bits = uint64_t(c->parts[0]) * 2 | (c->parts[1] ? sampler_bits::kNormalized : 0) |
                      uint64_t(sampler_bits::kFilterNearest) << c->parts[2];
      return {bits};
    }
    }
    unsupported("constant %" + std::to_string(id) + " of this kind");
  }();
  // Every user indexes the bits by the type's leaves: a constant of another shape (an
  // invalid module the validator let through) must not be read past its end.
  if (bits.size() != leaves.size())
    throw Error("constant %" + std::to_string(id) + " has " + std::to_string(bits.size()) +
                " scalar values where its type %" + std::to_string(c->typeId) + " has " +
                std::to_string(leaves.size()));
  return bits;
}

SlotValue KernelLowering::constantValue(uint32_t id) {
  auto it = constants_.find(id);
  if (it != constants_.end()) return it->second;
  const Constant *c = module_.constant(id);
  if (!c) throw Error("id %" + std::to_string(id) + " is not a constant");
  const auto &leaves = layout_.leaves(c->typeId);
  auto bits = constantLeafBits(id);
  SlotValue v{allocSlots(static_cast<uint32_t>(leaves.size())), c->typeId};
  for (uint32_t i = 0; i < leaves.size(); ++i) {
    out_.constants.push_back({slotBytes(v.slot + i), leaves[i].bytes, bits[i]});
    uniformSlots_.insert(v.slot + i);
  }
  constants_.emplace(id, v);
  return v;
}

SlotValue KernelLowering::uniformPointer(uint64_t bits, UniformInit::Reloc reloc) {
  SlotValue v{allocSlots(1), 0};
  uniformSlots_.insert(v.slot);
  out_.constants.push_back({slotBytes(v.slot), 8, bits, reloc});
  return v;
}

SlotValue KernelLowering::uniformValue(uint64_t bits, uint8_t bytes) {
  SlotValue v{allocSlots(1), 0};
  uniformSlots_.insert(v.slot);
  out_.constants.push_back({slotBytes(v.slot), bytes, bits});
  return v;
}

namespace {
std::optional<BuiltinKind> builtinKind(spv::BuiltIn b) {
  using spv::BuiltIn;
  switch (b) {
  case BuiltIn::GlobalInvocationId:
    return BuiltinKind::GlobalId;
  case BuiltIn::LocalInvocationId:
    return BuiltinKind::LocalId;
  case BuiltIn::WorkgroupId:
    return BuiltinKind::GroupId;
  case BuiltIn::NumWorkgroups:
    return BuiltinKind::NumGroups;
  case BuiltIn::WorkgroupSize:
    return BuiltinKind::LocalSize;
  case BuiltIn::EnqueuedWorkgroupSize:
    return BuiltinKind::EnqueuedLocalSize;
  case BuiltIn::GlobalSize:
    return BuiltinKind::GlobalSize;
  case BuiltIn::GlobalOffset:
    return BuiltinKind::GlobalOffset;
  case BuiltIn::GlobalLinearId:
    return BuiltinKind::GlobalLinearId;
  case BuiltIn::LocalInvocationIndex:
    return BuiltinKind::LocalIndex;
  case BuiltIn::WorkDim:
    return BuiltinKind::WorkDim;
  case BuiltIn::SubgroupSize:
    return BuiltinKind::SubgroupSize;
  case BuiltIn::SubgroupMaxSize:
    return BuiltinKind::SubgroupMaxSize;
  case BuiltIn::NumSubgroups:
    return BuiltinKind::NumSubgroups;
  case BuiltIn::NumEnqueuedSubgroups:
    return BuiltinKind::NumEnqueuedSubgroups;
  case BuiltIn::SubgroupId:
    return BuiltinKind::SubgroupId;
  case BuiltIn::SubgroupLocalInvocationId:
    return BuiltinKind::SubgroupLocalId;
  case BuiltIn::SubgroupEqMask:
    return BuiltinKind::SubgroupEqMask;
  case BuiltIn::SubgroupGeMask:
    return BuiltinKind::SubgroupGeMask;
  case BuiltIn::SubgroupGtMask:
    return BuiltinKind::SubgroupGtMask;
  case BuiltIn::SubgroupLeMask:
    return BuiltinKind::SubgroupLeMask;
  case BuiltIn::SubgroupLtMask:
    return BuiltinKind::SubgroupLtMask;
  default:
    return std::nullopt;
  }
}
} // namespace

const BuiltinRef *KernelLowering::builtinOf(Instance &in, uint32_t pointerId) {
  if (auto it = in.builtinPointers.find(pointerId); it != in.builtinPointers.end())
    return &it->second;
  if (auto it = builtinVariables_.find(pointerId); it != builtinVariables_.end())
    return &it->second;
  const IdInfo &info = module_.id(pointerId);
  if (info.kind != IdKind::Variable || info.function != kNone) return nullptr;
  const auto *d = module_.findDecoration(pointerId, spv::Decoration::BuiltIn);
  if (!d || d->literals.empty()) return nullptr;
  auto kind = builtinKind(static_cast<spv::BuiltIn>(d->literals[0]));
  if (!kind) unsupported("BuiltIn " + std::to_string(d->literals[0]));
  const Type &ptr = module_.type(module_.typeOf(pointerId));
  return &builtinVariables_.emplace(pointerId, BuiltinRef{*kind, -1, ptr.element}).first->second;
}

SlotValue KernelLowering::globalVariable(uint32_t id) {
  if (auto it = globals_.find(id); it != globals_.end()) return it->second;
  const Instruction &inst = module_.instruction(module_.id(id).instruction);
  auto ops = module_.operands(inst);
  auto storage = static_cast<spv::StorageClass>(ops[0]);
  const Type &ptrType = module_.type(inst.typeId);
  std::string name(module_.name(id));
  SlotValue v;
  switch (storage) {
  case spv::StorageClass::Workgroup: {
    LocalVariable local;
    local.name = name.empty() ? "%" + std::to_string(id) : name;
    local.size = layout_.size(ptrType.element);
    local.alignment = std::max<uint32_t>(layout_.alignment(ptrType.element), 16);
    local.instruction = module_.id(id).instruction;
    out_.locals.push_back(local);
    uint32_t index = static_cast<uint32_t>(out_.locals.size() - 1);
    v = uniformPointer(tagged::make(AddressSpace::Local, index, 0));
    break;
  }
  case spv::StorageClass::CrossWorkgroup:
  case spv::StorageClass::UniformConstant: {
    ProgramGlobal g;
    g.name = name.empty() ? "%" + std::to_string(id) : name;
    g.constant = storage == spv::StorageClass::UniformConstant;
    g.size = layout_.size(ptrType.element);
    const uint32_t index = static_cast<uint32_t>(out_.programGlobals.size());
    out_.programGlobals.push_back(std::move(g));
    v = uniformPointer(index, UniformInit::Reloc::ProgramGlobal);
    v.type = inst.typeId;
    // Known before its initializer is lowered: that may point back at this variable.
    globals_.emplace(id, v);
    programGlobalIndex_.emplace(id, index);
    const Constant *init = ops.size() > 1 ? module_.constant(ops[1]) : nullptr;
    if (ops.size() > 1 &&
        !(init && (init->kind == ConstantKind::Null || init->kind == ConstantKind::Undef)))
      initializeProgramGlobal(index, ops[1]);
    return v;
  }
  case spv::StorageClass::Input:
    throw Error("BuiltIn variable %" + std::to_string(id) + " used as a value");
  default:
    unsupported("module-scope variable in storage class " + std::to_string(ops[0]));
  }
  v.type = inst.typeId;
  globals_.emplace(id, v);
  return v;
}

SlotValue KernelLowering::privateAllocation(const std::string &name, uint32_t pointee) {
  PrivateVariable var;
  var.name = name;
  var.size = layout_.size(pointee);
  uint64_t align = std::max<uint64_t>(layout_.alignment(pointee), 1);
  var.offset = (out_.privateSize + align - 1) / align * align;
  var.instruction = currentInstruction_;
  out_.privateSize = var.offset + var.size;
  out_.privates.push_back(var);
  uint32_t index = static_cast<uint32_t>(out_.privates.size() - 1);
  if (index > tagged::kMaxId) unsupported("more private variables than pointer tags hold");
  return uniformPointer(tagged::make(AddressSpace::Private, index, 0));
}

void KernelLowering::bindParameters(Instance &in) {
  const Function &fn = *in.function;
  for (uint32_t i = 0; i < fn.params.size(); ++i) {
    uint32_t id = fn.params[i];
    uint32_t type = module_.typeOf(id);
    const Type &t = module_.type(type);
    ParamBinding p;
    p.name = std::string(module_.parameterName(fn.id, i));
    if (t.kind == TypeKind::Pointer) {
      bool byVal = false;
      for (const auto &d : module_.decorations(id))
        if (d.decoration == spv::Decoration::FuncParamAttr && !d.literals.empty() &&
            d.literals[0] == uint32_t(spv::FunctionParameterAttribute::ByVal))
          byVal = true;
      if (t.storage == spv::StorageClass::Workgroup) {
        LocalVariable local;
        local.name = parameterName(p.name, i);
        local.argument = static_cast<int32_t>(i);
        out_.locals.push_back(local);
        p.kind = ParamBinding::Kind::Local;
        p.localVariable = static_cast<uint32_t>(out_.locals.size() - 1);
        SlotValue v = uniformPointer(tagged::make(AddressSpace::Local, p.localVariable, 0));
        p.pointerSlot = slotBytes(v.slot);
        in.values.emplace(id, SlotValue{v.slot, type});
      } else if (byVal || t.storage == spv::StorageClass::Function) {
        PrivateVariable var;
        var.name = parameterName(p.name, i);
        var.size = layout_.size(t.element);
        uint64_t align = std::max<uint64_t>(layout_.alignment(t.element), 8);
        var.offset = (out_.privateSize + align - 1) / align * align;
        out_.privateSize = var.offset + var.size;
        out_.privates.push_back(var);
        p.kind = ParamBinding::Kind::ByValStruct;
        p.privateVariable = static_cast<uint32_t>(out_.privates.size() - 1);
        SlotValue v = uniformPointer(tagged::make(AddressSpace::Private, p.privateVariable, 0));
        p.pointerSlot = slotBytes(v.slot);
        in.values.emplace(id, SlotValue{v.slot, type});
      } else {
        p.kind = ParamBinding::Kind::Pointer;
        p.constant = t.storage == spv::StorageClass::UniformConstant;
        SlotValue v{allocSlots(1), type};
        uniformSlots_.insert(v.slot); // bound once for the launch
        p.pointerSlot = slotBytes(v.slot);
        in.values.emplace(id, v);
      }
    } else if (t.kind == TypeKind::Image) {
      p.kind = ParamBinding::Kind::Image;
      SlotValue v{allocSlots(1), type};
      uniformSlots_.insert(v.slot); // bound once for the launch
      p.pointerSlot = slotBytes(v.slot);
      p.leaves.push_back({slotBytes(v.slot), layout_.leaves(type)[0].bytes, 0});
      in.values.emplace(id, v);
    } else {
      p.kind = ParamBinding::Kind::Value;
      SlotValue v{allocSlots(leafCount(type)), type};
      const auto &leaves = layout_.leaves(type);
      for (uint32_t k = 0; k < leaves.size(); ++k)
        p.leaves.push_back(
            {slotBytes(v.slot + k), leaves[k].bytes, static_cast<uint32_t>(leaves[k].offset)});
      in.values.emplace(id, v);
    }
    out_.params.push_back(std::move(p));
  }
}

} // namespace spvsim
