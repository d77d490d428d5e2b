// Legalization of LLVM IR for llvm-spirv 15 (see legalize.h).
#include "legalize.h"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/LowerMemIntrinsics.h>

#include <optional>
#include <vector>

#include "legalize_aggregate_widths.h"
#include "legalize_bitint_types.h"
#include "legalize_debug_expressions.h"
#include "legalize_integers.h"
#include "legalize_wide_integers.h"

namespace spvsim::frontend {

namespace {

/// True when every operation of `expression` has an OpenCL.DebugInfo.100 encoding
/// (DebugOperation, OpenCL.DebugInfo.100 §4.8: Deref, Plus, Minus, PlusUconst, BitPiece,
/// Swap, Xderef, StackValue, Constu, Fragment).
bool isEncodable(const llvm::DIExpression *expression) {
  if (!expression) return true;
  for (const llvm::DIExpression::ExprOperand &op : expression->expr_ops()) {
    switch (op.getOp()) {
    case llvm::dwarf::DW_OP_deref:
    case llvm::dwarf::DW_OP_plus:
    case llvm::dwarf::DW_OP_minus:
    case llvm::dwarf::DW_OP_plus_uconst:
    case llvm::dwarf::DW_OP_bit_piece:
    case llvm::dwarf::DW_OP_swap:
    case llvm::dwarf::DW_OP_xderef:
    case llvm::dwarf::DW_OP_stack_value:
    case llvm::dwarf::DW_OP_constu:
    case llvm::dwarf::DW_OP_LLVM_fragment:
      break;
    default:
      return false;
    }
  }
  return true;
}

void replaceFreezes(llvm::Module &module, LegalizeReport &report) {
  std::vector<llvm::FreezeInst *> freezes;
  for (llvm::Function &function : module)
    for (llvm::Instruction &instruction : llvm::instructions(function))
      if (auto *freeze = llvm::dyn_cast<llvm::FreezeInst>(&instruction)) freezes.push_back(freeze);
  for (llvm::FreezeInst *freeze : freezes) {
    freeze->replaceAllUsesWith(freeze->getOperand(0));
    freeze->eraseFromParent();
    ++report.freezes;
  }
}

/// OpenCL C's generic address space in clang's SPIR target.
constexpr unsigned kGenericAddressSpace = 4;

void lowerMemmoves(llvm::Module &module, LegalizeReport &report) {
  std::vector<llvm::MemMoveInst *> memmoves;
  for (llvm::Function &function : module)
    for (llvm::Instruction &instruction : llvm::instructions(function))
      if (auto *memmove = llvm::dyn_cast<llvm::MemMoveInst>(&instruction))
        memmoves.push_back(memmove);
  for (llvm::MemMoveInst *memmove : memmoves) {
    const unsigned dst = memmove->getDestAddressSpace(), src = memmove->getSourceAddressSpace();
    llvm::IRBuilder<> builder(memmove);
    if (dst != src && dst != kGenericAddressSpace && src != kGenericAddressSpace) {
      // Named address spaces are disjoint (OpenCL C 3.0 §6.7): the ranges cannot overlap.
      builder.CreateMemCpy(memmove->getRawDest(), memmove->getDestAlign(), memmove->getRawSource(),
                           memmove->getSourceAlign(), memmove->getLength(), memmove->isVolatile());
    } else {
      // A copy loop choosing its direction by comparing the addresses, which needs both in
      // one address space: the generic one when they differ.
      llvm::MemMoveInst *same = memmove;
      if (dst != src) {
        auto *generic = llvm::Type::getInt8PtrTy(module.getContext(), kGenericAddressSpace);
        same = llvm::cast<llvm::MemMoveInst>(builder.CreateMemMove(
            builder.CreatePointerBitCastOrAddrSpaceCast(memmove->getRawDest(), generic),
            memmove->getDestAlign(),
            builder.CreatePointerBitCastOrAddrSpaceCast(memmove->getRawSource(), generic),
            memmove->getSourceAlign(), memmove->getLength(), memmove->isVolatile()));
      }
      llvm::expandMemMoveAsLoop(same);
      if (same != memmove) same->eraseFromParent();
    }
    memmove->eraseFromParent();
    ++report.memmoves;
  }
}

/// An llvm.dbg.declare whose address is undefined (clang -O2 leaves them when the
/// variable's memory is optimised away): it says nothing of the variable, and
/// OpenCL.DebugInfo.100 §4.7 gives DebugDeclare an OpVariable or OpFunctionParameter as
/// its Variable, not an OpUndef.
bool declaresNothing(const llvm::DbgVariableIntrinsic &location) {
  if (!llvm::isa<llvm::DbgDeclareInst>(location)) return false;
  const llvm::Value *address = location.getVariableLocationOp(0);
  return !address || llvm::isa<llvm::UndefValue>(address);
}

void dropUnencodableLocations(llvm::Module &module, LegalizeReport &report) {
  std::vector<llvm::DbgVariableIntrinsic *> dropped;
  for (llvm::Function &function : module)
    for (llvm::Instruction &instruction : llvm::instructions(function))
      if (auto *location = llvm::dyn_cast<llvm::DbgVariableIntrinsic>(&instruction))
        if (location->hasArgList() || !isEncodable(location->getExpression()) ||
            declaresNothing(*location))
          dropped.push_back(location);
  for (llvm::DbgVariableIntrinsic *location : dropped) location->eraseFromParent();
  report.droppedLocations += static_cast<unsigned>(dropped.size());
}

/// A variable location naming an instruction that does not dominate it: clang -O2 -g
/// leaves such llvm.dbg.value calls when the optimiser moves an increment to a block
/// another path bypasses (a loop's `++a` after an inner `break` that leaves both loops),
/// since LLVM does not hold metadata uses to dominance (its code generators give such a
/// location no value). A DebugValue is an instruction like any other in SPIR-V, whose
/// operands' definitions must dominate it (SPIR-V §2.16.1): the location becomes
/// undefined there (the variable has no known value from that point, as LLVM's code
/// generators read it), not dropped, so that the variable's earlier location does not
/// seem to hold on.
void undefineNonDominatingLocations(llvm::Module &module, LegalizeReport &report) {
  for (llvm::Function &function : module) {
    if (function.isDeclaration()) continue;
    std::vector<llvm::DbgVariableIntrinsic *> undefined;
    std::optional<llvm::DominatorTree> dominators;
    for (llvm::Instruction &instruction : llvm::instructions(function)) {
      auto *location = llvm::dyn_cast<llvm::DbgVariableIntrinsic>(&instruction);
      if (!location) continue;
      for (llvm::Value *value : location->location_ops()) {
        auto *definition = llvm::dyn_cast_or_null<llvm::Instruction>(value);
        if (!definition) continue;
        if (!dominators) dominators.emplace(function);
        if (!dominators->dominates(definition, location)) {
          undefined.push_back(location);
          break;
        }
      }
    }
    for (llvm::DbgVariableIntrinsic *location : undefined) location->setUndef();
    report.undefinedLocations += static_cast<unsigned>(undefined.size());
  }
}

void dropUnencodableGlobals(llvm::Module &module, LegalizeReport &report) {
  for (llvm::GlobalVariable &global : module.globals()) {
    llvm::SmallVector<llvm::DIGlobalVariableExpression *, 1> expressions;
    global.getDebugInfo(expressions);
    bool bad = false;
    for (llvm::DIGlobalVariableExpression *e : expressions) bad |= !isEncodable(e->getExpression());
    if (!bad) continue;
    global.eraseMetadata(llvm::LLVMContext::MD_dbg);
    for (llvm::DIGlobalVariableExpression *e : expressions)
      if (isEncodable(e->getExpression())) global.addDebugInfo(e);
  }
  for (llvm::DICompileUnit *unit : module.debug_compile_units()) {
    llvm::DIGlobalVariableExpressionArray globals = unit->getGlobalVariables();
    std::vector<llvm::Metadata *> kept;
    bool changed = false;
    for (llvm::DIGlobalVariableExpression *e : globals) {
      if (e && !isEncodable(e->getExpression())) {
        changed = true;
        ++report.droppedGlobalDebug;
        continue;
      }
      kept.push_back(e);
    }
    if (changed) unit->replaceGlobalVariables(llvm::MDTuple::get(module.getContext(), kept));
  }
}

/// The first integer width SPIR-V for OpenCL has not in `type`, its vectors', arrays' and
/// structures' elements included (not what pointers in them point to); 0 if none.
unsigned illegalWidthWithin(llvm::Type *type) {
  if (auto *vector = llvm::dyn_cast<llvm::VectorType>(type)) type = vector->getElementType();
  if (auto *array = llvm::dyn_cast<llvm::ArrayType>(type))
    return illegalWidthWithin(array->getElementType());
  if (auto *structure = llvm::dyn_cast<llvm::StructType>(type)) {
    for (llvm::Type *element : structure->elements())
      if (const unsigned width = illegalWidthWithin(element)) return width;
    return 0;
  }
  if (auto *integer = llvm::dyn_cast<llvm::IntegerType>(type)) {
    const unsigned w = integer->getBitWidth();
    if (w != 1 && w != 8 && w != 16 && w != 32 && w != 64) return w;
  }
  return 0;
}

} // namespace

std::string untranslatable(const llvm::Module &module, bool optimized) {
  auto badWidth = [](llvm::Type *type) -> unsigned {
    // A pointer to such an integer needs its type as well (typed pointers).
    while (type->isPointerTy() && !type->isOpaquePointerTy())
      type = type->getNonOpaquePointerElementType();
    return illegalWidthWithin(type);
  };
  auto where = [](const llvm::Instruction &instruction) {
    // A variable (-O0) has no location of its own: a user of it with one says where.
    const llvm::DebugLoc *location = &instruction.getDebugLoc();
    if (!*location && llvm::isa<llvm::AllocaInst>(instruction))
      for (const llvm::User *user : instruction.users())
        if (const auto *use = llvm::dyn_cast<llvm::Instruction>(user); use && use->getDebugLoc()) {
          location = &use->getDebugLoc();
          break;
        }
    if (!*location) return std::string("input.cl");
    return (*location)->getFilename().str() + ":" + std::to_string(location->getLine());
  };
  auto badWidthOf = [&](const llvm::Instruction &instruction) {
    unsigned width = badWidth(instruction.getType());
    for (const llvm::Use &operand : instruction.operands())
      if (!width) width = badWidth(operand->getType());
    if (const auto *local = llvm::dyn_cast<llvm::AllocaInst>(&instruction); local && !width)
      width = badWidth(local->getAllocatedType());
    return width;
  };
  // Only an optimised build may owe the width to the optimiser (a loop's closed form).
  auto error = [&](const llvm::Instruction &instruction, unsigned width) {
    return where(instruction) + ": error: the " + (optimized ? "optimised " : "") +
           "kernel needs a " + std::to_string(width) +
           "-bit integer, which SPIR-V for OpenCL does not have (8, 16, 32 and 64 bits)" +
           (optimized ? "; -cl-opt-disable may avoid it\n" : "\n");
  };
  for (const llvm::Function &function : module)
    for (const llvm::Instruction &instruction : llvm::instructions(function))
      if (const auto *call = llvm::dyn_cast<llvm::CallBase>(&instruction);
          call && call->isInlineAsm())
        return where(instruction) +
               ": error: inline assembly has no SPIR-V for OpenCL form (it needs "
               "SPV_INTEL_inline_assembly, which spvsim does not support)\n";
  // The instruction above 64 bits that has no lowering (a division, say) is the one to
  // name: the others of its function are left as they are with it.
  for (const llvm::Function &function : module)
    for (const llvm::Instruction &instruction : llvm::instructions(function))
      if (const unsigned width = badWidthOf(instruction);
          width > 64 && !hasWideLowering(instruction))
        return error(instruction, width);
  for (const llvm::Function &function : module)
    for (const llvm::Instruction &instruction : llvm::instructions(function))
      if (const unsigned width = badWidthOf(instruction)) return error(instruction, width);
  return {};
}

LegalizeReport legalizeForTranslator(llvm::Module &module) {
  LegalizeReport report;
  replaceFreezes(module, report);
  // Before the widths change: a `_BitInt(N)` variable's N is its integer's width.
  for (llvm::Function &function : module) report.namedBitIntWidths += nameBitIntWidths(function);
  report.retypedAggregates += legalizeAggregateWidths(module);
  for (llvm::Function &function : module) {
    // Computed variable locations first: their instructions are legalized with the rest.
    report.computedLocations += materializeComputedLocations(function).materialized;
    // Above 64 bits first: truncating a wide value may leave an illegal narrow one.
    const WideLowering wide = lowerWideIntegers(function);
    report.loweredWideIntegers += wide.instructions;
    report.droppedLocations += wide.droppedLocations;
    const IntegerPromotion promotion = promoteIllegalIntegers(function);
    report.promotedIntegers += promotion.instructions;
    report.droppedLocations += promotion.droppedLocations;
  }
  lowerMemmoves(module, report);
  undefineNonDominatingLocations(module, report);
  dropUnencodableLocations(module, report);
  dropUnencodableGlobals(module, report);
  return report;
}

} // namespace spvsim::frontend
