// Initial bytes of program-scope variables (OpenCL C §6.8 program-scope
// variables; SPIR-V OpVariable's Initializer): constants laid out in memory,
// and constant pointer expressions — the address of another program-scope
// variable, through OpSpecConstantOp access chains and casts, possibly inside
// an OpConstantComposite (`volatile global int *p = &a[1];`) — kept as
// pointers for the launch to resolve once the variables have their buffers.
#include <cstring>

#include "lower/kernel_lowering.h"
#include "lower/lowering.h"
#include "spvsim/common/error.h"

namespace spvsim {

namespace {

int64_t signExtend(uint64_t bits, uint32_t width) {
  return width >= 64 ? int64_t(bits) : int64_t(bits << (64 - width)) >> (64 - width);
}

} // namespace

void KernelLowering::initializeProgramGlobal(uint32_t index, uint32_t id) {
  // Built in locals: lowering a pointer's target appends to out_.programGlobals.
  std::vector<std::byte> bytes(out_.programGlobals[index].size);
  std::vector<ProgramGlobal::PointerInit> pointers;
  writeInitializer(id, 0, bytes, pointers);
  ProgramGlobal &g = out_.programGlobals[index];
  g.init = std::move(bytes);
  g.pointers = std::move(pointers);
}

bool KernelLowering::hasPointerLeaves(uint32_t type) {
  for (const Leaf &leaf : layout_.leaves(type))
    if (leaf.kind == LeafKind::Pointer) return true;
  return false;
}

void KernelLowering::writeInitializer(uint32_t id, uint64_t offset, std::vector<std::byte> &bytes,
                                      std::vector<ProgramGlobal::PointerInit> &pointers) {
  const uint32_t type = module_.typeOf(id);
  const Type &t = module_.type(type);
  if (offset > bytes.size() || layout_.size(type) > bytes.size() - offset)
    throw Error("initializer %" + std::to_string(id) + " does not fit its variable");
  if (t.kind == TypeKind::Pointer) {
    if (auto target = constantPointer(id))
      pointers.push_back(
          {offset, target->first, target->second, static_cast<uint8_t>(layout_.size(type))});
    return; // null: zero bytes
  }
  const Constant *c = module_.constant(id);
  if (!c) throw Error("initializer %" + std::to_string(id) + " is not a constant");
  if (c->kind == ConstantKind::Composite && hasPointerLeaves(type)) {
    for (uint32_t i = 0; i < c->parts.size(); ++i) {
      const uint64_t at = t.kind == TypeKind::Struct ? layout_.memberOffset(type, i)
                                                     : i * layout_.elementStride(type);
      writeInitializer(c->parts[i], offset + at, bytes, pointers);
    }
    return;
  }
  if (c->kind == ConstantKind::Null || c->kind == ConstantKind::Undef) return;
  const auto &leaves = layout_.leaves(type);
  const std::vector<uint64_t> bits = constantLeafBits(id);
  for (uint32_t i = 0; i < leaves.size(); ++i) {
    if (leaves[i].kind == LeafKind::Pointer && bits[i] != 0)
      unsupported("a pointer-valued initializer of this kind");
    std::memcpy(bytes.data() + offset + leaves[i].offset, &bits[i], leaves[i].bytes);
  }
}

std::optional<std::pair<uint32_t, uint64_t>> KernelLowering::constantPointer(uint32_t id) {
  const IdInfo &info = module_.id(id);
  if (info.kind == IdKind::Variable && info.function == kNone) {
    const Instruction &inst = module_.instruction(info.instruction);
    const auto storage = static_cast<spv::StorageClass>(module_.operands(inst)[0]);
    if (storage != spv::StorageClass::CrossWorkgroup &&
        storage != spv::StorageClass::UniformConstant)
      throw Error("a program-scope variable's initializer takes the address of %" +
                  std::to_string(id) + ", which is not a program-scope variable");
    globalVariable(id);
    return std::make_pair(programGlobalIndex_.at(id), uint64_t(0));
  }
  const Constant *c = module_.constant(id);
  if (!c) throw Error("initializer %" + std::to_string(id) + " is not a constant");
  if (c->kind == ConstantKind::Null || c->kind == ConstantKind::Undef) return std::nullopt;
  if (c->kind != ConstantKind::SpecOp || c->parts.size() < 2)
    unsupported("a pointer-valued initializer of this kind (constant %" + std::to_string(id) + ")");
  const auto op = static_cast<spv::Op>(c->parts[0]);
  const uint32_t base = c->parts[1];
  auto index = [&](uint32_t indexId) {
    return signExtend(scalarConstant(indexId), module_.type(module_.typeOf(indexId)).width);
  };
  switch (op) {
  case spv::Op::OpBitcast:
  case spv::Op::OpPtrCastToGeneric:
  case spv::Op::OpGenericCastToPtr:
    return constantPointer(base);
  case spv::Op::OpAccessChain:
  case spv::Op::OpInBoundsAccessChain:
  case spv::Op::OpPtrAccessChain:
  case spv::Op::OpInBoundsPtrAccessChain: {
    auto target = constantPointer(base);
    if (!target) unsupported("an access chain of a null pointer in an initializer");
    uint32_t type = module_.type(module_.typeOf(base)).element;
    size_t k = 2;
    uint64_t offset = target->second;
    if (op == spv::Op::OpPtrAccessChain || op == spv::Op::OpInBoundsPtrAccessChain) {
      // Element steps over whole objects of the pointee type (OpenCL: no ArrayStride).
      if (c->parts.size() < 3) throw Error("OpSpecConstantOp PtrAccessChain without Element");
      offset += uint64_t(index(c->parts[2])) * layout_.size(type);
      k = 3;
    }
    for (; k < c->parts.size(); ++k) {
      const Type &t = module_.type(type);
      const int64_t i = index(c->parts[k]);
      if (t.kind == TypeKind::Struct) {
        if (i < 0 || uint64_t(i) >= t.members.size())
          throw Error("initializer %" + std::to_string(id) +
                      " selects a member that does not exist");
        offset += layout_.memberOffset(type, uint32_t(i));
        type = t.members[size_t(i)];
      } else if (t.kind == TypeKind::Array || t.kind == TypeKind::Vector) {
        offset += uint64_t(i) * layout_.elementStride(type);
        type = t.element;
      } else {
        throw Error("initializer %" + std::to_string(id) + " indexes into a scalar");
      }
    }
    return std::make_pair(target->first, offset);
  }
  default:
    unsupported("OpSpecConstantOp " + std::to_string(c->parts[0]) +
                " in a pointer-valued initializer");
  }
}

std::vector<GlobalMemory::ProgramScopeVariable> programScopeVariables(const LoweredKernel &k) {
  std::vector<GlobalMemory::ProgramScopeVariable> variables;
  for (const ProgramGlobal &g : k.programGlobals) {
    GlobalMemory::ProgramScopeVariable v;
    v.name = g.name;
    v.size = g.size;
    v.init = g.init;
    v.access = g.constant ? BufferAccess::ReadOnly : BufferAccess::ReadWrite;
    for (const ProgramGlobal::PointerInit &p : g.pointers)
      v.pointers.push_back(
          {p.offset, p.bytes, p.target, p.addend, k.programGlobals.at(p.target).constant});
    variables.push_back(std::move(v));
  }
  return variables;
}

} // namespace spvsim
