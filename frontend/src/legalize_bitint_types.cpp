// The width of `_BitInt(N)` variables in their debug types (see legalize_bitint_types.h).
#include "legalize_bitint_types.h"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <map>
#include <string>

namespace spvsim::frontend {

namespace {

/// Elements of an array looked at for the width of its integers: they all have the same
/// one, and a location (-O2) may describe only some of them.
constexpr uint64_t kArrayElementsLooked = 64;

/// The integer widths a variable's locations name, by bit offset in the variable; 0
/// where they disagree or one names something else there.
using OffsetWidths = std::map<uint64_t, unsigned>;

void addWidth(OffsetWidths &widths, uint64_t offset, unsigned width) {
  auto [entry, added] = widths.try_emplace(offset, width);
  if (!added && entry->second != width) entry->second = 0;
}

/// The integers of `type` (in memory), by bit offset from `offset`.
void addIntegers(const llvm::DataLayout &layout, llvm::Type *type, uint64_t offset,
                 OffsetWidths &widths) {
  if (auto *integer = llvm::dyn_cast<llvm::IntegerType>(type)) {
    addWidth(widths, offset, integer->getBitWidth());
  } else if (auto *array = llvm::dyn_cast<llvm::ArrayType>(type)) {
    const uint64_t step = layout.getTypeAllocSizeInBits(array->getElementType());
    for (uint64_t i = 0; i < std::min(array->getNumElements(), kArrayElementsLooked); ++i)
      addIntegers(layout, array->getElementType(), offset + i * step, widths);
  } else if (auto *structure = llvm::dyn_cast<llvm::StructType>(type);
             structure && !structure->isOpaque()) {
    const llvm::StructLayout *members = layout.getStructLayout(structure);
    for (unsigned i = 0; i < structure->getNumElements(); ++i)
      addIntegers(layout, structure->getElementType(i), offset + members->getElementOffsetInBits(i),
                  widths);
  }
}

/// Whether `expression` describes its value as it is, but for the address space clang
/// gives every location (`DW_OP_constu N, DW_OP_swap, DW_OP_xderef`) and a fragment;
/// `offset` is then the fragment's offset (0 without one).
bool describesValueAsItIs(const llvm::DIExpression &expression, uint64_t &offset) {
  llvm::ArrayRef<uint64_t> ops = expression.getElements();
  if (ops.size() >= 4 && ops[0] == llvm::dwarf::DW_OP_constu && ops[2] == llvm::dwarf::DW_OP_swap &&
      ops[3] == llvm::dwarf::DW_OP_xderef)
    ops = ops.drop_front(4);
  offset = 0;
  if (ops.size() == 3 && ops[0] == llvm::dwarf::DW_OP_LLVM_fragment) {
    offset = ops[1];
    ops = ops.drop_front(3);
  }
  return ops.empty();
}

/// Adds what `location` says of its variable's integers: the allocated ones of a
/// declared variable, the value's of a value described as it is; 0 (disagreement) at its
/// offset otherwise. A declaration of an undefined address (what SROA leaves of a
/// variable's padding, dropped later: legalize.h) says nothing.
void addLocation(const llvm::DataLayout &layout, const llvm::DbgVariableIntrinsic &location,
                 OffsetWidths &widths) {
  uint64_t offset = 0;
  const llvm::Value *value = location.hasArgList() || location.getNumVariableLocationOps() != 1
                                 ? nullptr
                                 : location.getVariableLocationOp(0);
  if (value && llvm::isa<llvm::DbgDeclareInst>(location)) {
    if (llvm::isa<llvm::UndefValue>(value)) return;
    if (const auto *local = llvm::dyn_cast<llvm::AllocaInst>(value->stripPointerCasts()))
      return addIntegers(layout, local->getAllocatedType(), 0, widths);
  } else if (value && llvm::isa<llvm::DbgValueInst>(location) &&
             describesValueAsItIs(*location.getExpression(), offset)) {
    if (const auto *integer = llvm::dyn_cast<llvm::IntegerType>(value->getType()))
      return addWidth(widths, offset, integer->getBitWidth());
  }
  const auto fragment = location.getExpression()->getFragmentInfo();
  addWidth(widths, fragment ? fragment->OffsetInBits : 0, 0);
}

bool isUnsizedBitInt(const llvm::DIType *type) {
  const auto *basic = llvm::dyn_cast_or_null<llvm::DIBasicType>(type);
  return basic && (basic->getName() == "_BitInt" || basic->getName() == "unsigned _BitInt");
}

/// Whether `type` is, or holds (typedefs, qualifiers, arrays, members), clang's unsized
/// `_BitInt`.
bool holdsUnsizedBitInt(const llvm::DIType *type, unsigned depth = 0) {
  if (!type || depth > 16) return false;
  if (isUnsizedBitInt(type)) return true;
  if (const auto *derived = llvm::dyn_cast<llvm::DIDerivedType>(type))
    return derived->getTag() != llvm::dwarf::DW_TAG_pointer_type &&
           derived->getTag() != llvm::dwarf::DW_TAG_reference_type &&
           holdsUnsizedBitInt(derived->getBaseType(), depth + 1);
  if (const auto *composite = llvm::dyn_cast<llvm::DICompositeType>(type)) {
    if (composite->getTag() == llvm::dwarf::DW_TAG_array_type)
      return holdsUnsizedBitInt(composite->getBaseType(), depth + 1);
    for (const llvm::DINode *element : composite->getElements())
      if (const auto *member = llvm::dyn_cast_or_null<llvm::DIDerivedType>(element);
          member && member->getTag() == llvm::dwarf::DW_TAG_member &&
          holdsUnsizedBitInt(member->getBaseType(), depth + 1))
        return true;
  }
  return false;
}

/// The size in bits of `type`, through typedefs and qualifiers (which have none).
uint64_t sizeInBits(const llvm::DIType *type) {
  for (unsigned depth = 0; type && depth < 16; ++depth) {
    if (type->getSizeInBits()) return type->getSizeInBits();
    const auto *derived = llvm::dyn_cast<llvm::DIDerivedType>(type);
    type = derived ? derived->getBaseType() : nullptr;
  }
  return 0;
}

/// `node` (an array or typedef type) with another base type.
llvm::DIType *withBaseType(const llvm::DIType &node, llvm::DIType *base) {
  llvm::TempMDNode copy = node.clone();
  copy->replaceOperandWith(3, base); // DIDerivedType's and DICompositeType's base type
  return llvm::cast<llvm::DIType>(llvm::MDNode::replaceWithUniqued(std::move(copy)));
}

/// Names the `_BitInt` types within `type` at `offset` bits of a variable with their
/// widths: returns the type to use instead (nullptr: the same), members of structures
/// renamed in place (clang makes each structure's debug type its own); counts in
/// `renamed`.
llvm::DIType *named(llvm::DIType *type, uint64_t offset, const OffsetWidths &widths,
                    unsigned &renamed, unsigned depth = 0) {
  if (!type || depth > 16 || !holdsUnsizedBitInt(type)) return nullptr;
  if (isUnsizedBitInt(type)) {
    const auto *basic = llvm::cast<llvm::DIBasicType>(type);
    const auto found = widths.find(offset);
    const unsigned width = found == widths.end() ? 0 : found->second;
    if (width == 0 || width >= basic->getSizeInBits()) return nullptr;
    ++renamed;
    return llvm::DIBasicType::get(type->getContext(), llvm::dwarf::DW_TAG_base_type,
                                  basic->getName().str() + "(" + std::to_string(width) + ")",
                                  basic->getSizeInBits(), basic->getAlignInBits(),
                                  basic->getEncoding(), basic->getFlags());
  }
  if (auto *derived = llvm::dyn_cast<llvm::DIDerivedType>(type)) {
    llvm::DIType *base = named(derived->getBaseType(), offset, widths, renamed, depth + 1);
    return base ? withBaseType(*derived, base) : nullptr;
  }
  auto *composite = llvm::cast<llvm::DICompositeType>(type);
  if (composite->getTag() == llvm::dwarf::DW_TAG_array_type) {
    // The first element whose integers the locations name gives every element's.
    const uint64_t step = sizeInBits(composite->getBaseType());
    const uint64_t count = step ? composite->getSizeInBits() / step : 1;
    for (uint64_t i = 0; i < std::min(std::max<uint64_t>(count, 1), kArrayElementsLooked); ++i)
      if (llvm::DIType *base =
              named(composite->getBaseType(), offset + i * step, widths, renamed, depth + 1))
        return withBaseType(*composite, base);
    return nullptr;
  }
  for (llvm::DINode *element : composite->getElements())
    if (auto *member = llvm::dyn_cast_or_null<llvm::DIDerivedType>(element);
        member && member->getTag() == llvm::dwarf::DW_TAG_member && !member->isBitField())
      if (llvm::DIType *base = named(member->getBaseType(), offset + member->getOffsetInBits(),
                                     widths, renamed, depth + 1))
        member->replaceOperandWith(3, base);
  return nullptr;
}

/// Whether the part of `type` at `offset` bits is a `_BitInt(width)` (as named above).
bool isNamedBitIntAt(const llvm::DIType *type, uint64_t offset, unsigned width,
                     unsigned depth = 0) {
  if (!type || depth > 16) return false;
  if (const auto *basic = llvm::dyn_cast<llvm::DIBasicType>(type)) {
    const std::string suffix = "_BitInt(" + std::to_string(width) + ")";
    return offset == 0 && (basic->getName() == suffix || basic->getName() == "unsigned " + suffix);
  }
  if (const auto *derived = llvm::dyn_cast<llvm::DIDerivedType>(type))
    return derived->getTag() != llvm::dwarf::DW_TAG_pointer_type &&
           derived->getTag() != llvm::dwarf::DW_TAG_reference_type &&
           isNamedBitIntAt(derived->getBaseType(), offset, width, depth + 1);
  const auto *composite = llvm::dyn_cast<llvm::DICompositeType>(type);
  if (!composite) return false;
  if (composite->getTag() == llvm::dwarf::DW_TAG_array_type) {
    const uint64_t step = sizeInBits(composite->getBaseType());
    return step && isNamedBitIntAt(composite->getBaseType(), offset % step, width, depth + 1);
  }
  for (const llvm::DINode *element : composite->getElements())
    if (const auto *member = llvm::dyn_cast_or_null<llvm::DIDerivedType>(element);
        member && member->getTag() == llvm::dwarf::DW_TAG_member && !member->isBitField() &&
        offset >= member->getOffsetInBits() &&
        offset < member->getOffsetInBits() + sizeInBits(member->getBaseType()))
      return isNamedBitIntAt(member->getBaseType(), offset - member->getOffsetInBits(), width,
                             depth + 1);
  return false;
}

} // namespace

bool describesNamedBitInt(const llvm::DbgVariableIntrinsic &location, unsigned width) {
  const auto fragment = location.getExpression()->getFragmentInfo();
  return isNamedBitIntAt(location.getVariable()->getType(), fragment ? fragment->OffsetInBits : 0,
                         width);
}

unsigned nameBitIntWidths(llvm::Function &function) {
  const llvm::DataLayout &layout = function.getParent()->getDataLayout();
  std::map<llvm::DILocalVariable *, OffsetWidths> variables;
  for (llvm::Instruction &instruction : llvm::instructions(function)) {
    const auto *location = llvm::dyn_cast<llvm::DbgVariableIntrinsic>(&instruction);
    if (!location || !holdsUnsizedBitInt(location->getVariable()->getType())) continue;
    addLocation(layout, *location, variables[location->getVariable()]);
  }
  unsigned renamed = 0;
  for (auto &[variable, widths] : variables)
    // In place: the subprogram's retained variables and every location keep naming it.
    if (llvm::DIType *type = named(variable->getType(), 0, widths, renamed))
      variable->replaceOperandWith(3, type); // DIVariable's operands: scope, name, file, type
  return renamed;
}

} // namespace spvsim::frontend
