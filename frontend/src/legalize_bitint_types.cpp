// The width of `_BitInt(N)` variables in their debug types (see legalize_bitint_types.h).
#include "legalize_bitint_types.h"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <map>
#include <string>

namespace spvsim::frontend {

namespace {

/// The variable's type when it is clang 15's `_BitInt` without its width.
const llvm::DIBasicType *unsizedBitIntType(const llvm::DILocalVariable &variable) {
  const auto *basic = llvm::dyn_cast_or_null<llvm::DIBasicType>(variable.getType());
  if (!basic || (basic->getName() != "_BitInt" && basic->getName() != "unsigned _BitInt"))
    return nullptr;
  return basic;
}

/// The width of the integer a location names: the allocated one of a declared variable,
/// the value's of a value described as it is (no operation, no fragment); 0 otherwise.
unsigned locationWidth(const llvm::DbgVariableIntrinsic &location) {
  if (location.hasArgList() || location.getNumVariableLocationOps() != 1) return 0;
  const llvm::Value *value = location.getVariableLocationOp(0);
  if (!value) return 0;
  const llvm::Type *type = nullptr;
  if (llvm::isa<llvm::DbgDeclareInst>(location)) {
    const auto *local = llvm::dyn_cast<llvm::AllocaInst>(value->stripPointerCasts());
    if (local) type = local->getAllocatedType();
  } else if (llvm::isa<llvm::DbgValueInst>(location) &&
             location.getExpression()->getNumElements() == 0) {
    type = value->getType();
  }
  const auto *integer = llvm::dyn_cast_or_null<llvm::IntegerType>(type);
  return integer ? integer->getBitWidth() : 0;
}

} // namespace

unsigned nameBitIntWidths(llvm::Function &function) {
  // variable -> the width its locations agree on (0: they do not, or one gives none)
  std::map<llvm::DILocalVariable *, unsigned> widths;
  for (llvm::Instruction &instruction : llvm::instructions(function)) {
    const auto *location = llvm::dyn_cast<llvm::DbgVariableIntrinsic>(&instruction);
    if (!location || !unsizedBitIntType(*location->getVariable())) continue;
    const unsigned width = locationWidth(*location);
    auto [entry, added] = widths.try_emplace(location->getVariable(), width);
    if (!added && entry->second != width) entry->second = 0;
  }
  unsigned renamed = 0;
  for (auto [variable, width] : widths) {
    const llvm::DIBasicType *type = unsizedBitIntType(*variable);
    if (width == 0 || width >= type->getSizeInBits()) continue;
    auto *named = llvm::DIBasicType::get(variable->getContext(), llvm::dwarf::DW_TAG_base_type,
                                         type->getName().str() + "(" + std::to_string(width) + ")",
                                         type->getSizeInBits(), type->getAlignInBits(),
                                         type->getEncoding(), type->getFlags());
    // In place: the subprogram's retained variables and every location keep naming it.
    variable->replaceOperandWith(3, named); // DIVariable's operands: scope, name, file, type
    ++renamed;
  }
  return renamed;
}

} // namespace spvsim::frontend
