// Computed variable locations made instructions (see legalize_debug_expressions.h).
#include "legalize_debug_expressions.h"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace spvsim::frontend {

namespace {

/// One entry of the DWARF expression stack: a value, or a constant not yet given a type
/// (DW_OP_constu), which takes that of the value it is combined with.
struct StackEntry {
  llvm::Value *value = nullptr;
  uint64_t constant = 0;
  bool isSigned = false; ///< the last DW_OP_LLVM_convert's encoding (signed or not)
};

/// Widths an instruction may have: those of SPIR-V for OpenCL (OpenCL SPIR-V Env §2.4),
/// and those lowerWideIntegers makes pairs of.
bool isComputableWidth(unsigned width) {
  return width == 8 || width == 16 || width == 32 || width == 64 || (width > 64 && width <= 128);
}

bool isComputable(const llvm::Type *type) {
  if (type->isPointerTy()) return true;
  const auto *integer = llvm::dyn_cast<llvm::IntegerType>(type);
  return integer && isComputableWidth(integer->getBitWidth());
}

/// Whether `op` only says where the value is or which part of the variable it is:
/// llvm-spirv's address space (DW_OP_constu N, DW_OP_swap, DW_OP_xderef),
/// DW_OP_stack_value and DW_OP_LLVM_fragment, which the rewritten location keeps.
bool isLocationTail(llvm::DIExpression::expr_op_iterator op,
                    llvm::DIExpression::expr_op_iterator end) {
  switch (op->getOp()) {
  case llvm::dwarf::DW_OP_stack_value:
  case llvm::dwarf::DW_OP_LLVM_fragment:
    return true;
  case llvm::dwarf::DW_OP_constu: {
    auto swap = std::next(op);
    if (swap == end || swap->getOp() != llvm::dwarf::DW_OP_swap) return false;
    auto xderef = std::next(swap);
    return xderef != end && xderef->getOp() == llvm::dwarf::DW_OP_xderef;
  }
  default:
    return false;
  }
}

/// The computation of one location, built before it; abandoned (its instructions
/// erased) when an operation cannot be computed.
class LocationComputation {
public:
  explicit LocationComputation(llvm::DbgValueInst &location)
      : location_(location), builder_(&location) {
    builder_.SetCurrentDebugLocation(location.getDebugLoc());
  }

  ~LocationComputation() {
    if (!done_)
      for (auto it = made_.rbegin(); it != made_.rend(); ++it) (*it)->eraseFromParent();
  }
  LocationComputation(const LocationComputation &) = delete;
  LocationComputation &operator=(const LocationComputation &) = delete;

  /// Computes the expression's operations up to its location tail; true when the
  /// location now names the result.
  bool run(const llvm::DominatorTree &dominators) {
    for (llvm::Value *value : location_.location_ops())
      if (!value || llvm::isa<llvm::UndefValue>(value) || !isComputable(value->getType()) ||
          (llvm::isa<llvm::Instruction>(value) &&
           !dominators.dominates(llvm::cast<llvm::Instruction>(value), &location_)))
        return false;
    llvm::DIExpression *expression = location_.getExpression();
    if (!location_.hasArgList()) stack_.push_back({location_.getVariableLocationOp(0)});
    auto op = expression->expr_op_begin(), end = expression->expr_op_end();
    bool computes = location_.hasArgList();
    for (; op != end && !isLocationTail(op, end); ++op) {
      computes = true;
      if (!apply(*op)) return false;
    }
    if (!computes || stack_.size() != 1 || !stack_.back().value) return false;
    llvm::SmallVector<uint64_t, 8> tail;
    bool stackValue = false;
    for (; op != end; ++op) {
      stackValue |= op->getOp() == llvm::dwarf::DW_OP_stack_value;
      op->appendToVector(tail);
    }
    if (!stackValue) return false; // a memory location's address: not a value to compute
    // The location names the result alone (a DIArgList's operands no more).
    location_.setRawLocation(llvm::ValueAsMetadata::get(stack_.back().value));
    location_.setExpression(llvm::DIExpression::get(location_.getContext(), tail));
    done_ = true;
    return true;
  }

private:
  bool apply(const llvm::DIExpression::ExprOperand &op) {
    using namespace llvm::dwarf;
    switch (op.getOp()) {
    case DW_OP_LLVM_arg:
      if (op.getArg(0) >= location_.getNumVariableLocationOps()) return false;
      stack_.push_back({location_.getVariableLocationOp(static_cast<unsigned>(op.getArg(0)))});
      return true;
    case DW_OP_constu:
      stack_.push_back({nullptr, op.getArg(0)});
      return true;
    case DW_OP_consts:
      stack_.push_back({nullptr, op.getArg(0), /*isSigned=*/true});
      return true;
    case DW_OP_plus_uconst:
      stack_.push_back({nullptr, op.getArg(0)});
      return binary(llvm::Instruction::Add);
    case DW_OP_plus:
      return binary(llvm::Instruction::Add);
    case DW_OP_minus:
      return binary(llvm::Instruction::Sub);
    case DW_OP_mul:
      return binary(llvm::Instruction::Mul);
    case DW_OP_div: // DWARF's division is signed (what LLVM salvages sdiv as)
      return binary(llvm::Instruction::SDiv);
    case DW_OP_mod:
      return binary(llvm::Instruction::SRem);
    case DW_OP_and:
      return binary(llvm::Instruction::And);
    case DW_OP_or:
      return binary(llvm::Instruction::Or);
    case DW_OP_xor:
      return binary(llvm::Instruction::Xor);
    case DW_OP_shl:
      return binary(llvm::Instruction::Shl);
    case DW_OP_shr:
      return binary(llvm::Instruction::LShr);
    case DW_OP_shra:
      return binary(llvm::Instruction::AShr);
    case DW_OP_not:
      stack_.push_back({nullptr, ~uint64_t{0}, /*isSigned=*/true});
      return binary(llvm::Instruction::Xor);
    case DW_OP_neg:
      if (stack_.empty()) return false;
      stack_.insert(stack_.end() - 1, StackEntry{nullptr, 0});
      return binary(llvm::Instruction::Sub);
    case DW_OP_LLVM_convert:
      return convert(static_cast<unsigned>(op.getArg(0)),
                     op.getArg(1) == DW_ATE_signed || op.getArg(1) == DW_ATE_signed_char);
    default: // a dereference, a register, ...: not computed here
      return false;
    }
  }

  /// DW_OP_LLVM_convert: the value as an integer of `bits`; a wider one is extended by
  /// the signedness of the type it had (DWARF 5 §2.5.1.6, DW_OP_convert).
  bool convert(unsigned bits, bool isSigned) {
    if (stack_.empty() || !stack_.back().value || !isComputableWidth(bits)) return false;
    StackEntry &top = stack_.back();
    auto *integer = llvm::dyn_cast<llvm::IntegerType>(top.value->getType());
    if (!integer) return false;
    auto *type = builder_.getIntNTy(bits);
    if (bits < integer->getBitWidth())
      top.value = made(builder_.CreateTrunc(top.value, type));
    else if (bits > integer->getBitWidth())
      top.value = made(top.isSigned ? builder_.CreateSExt(top.value, type)
                                    : builder_.CreateZExt(top.value, type));
    top.isSigned = isSigned;
    return top.value != nullptr;
  }

  /// The two entries on top combined by `opcode` (the lower one its first operand).
  bool binary(llvm::Instruction::BinaryOps opcode) {
    if (stack_.size() < 2) return false;
    StackEntry b = stack_.back();
    stack_.pop_back();
    StackEntry a = stack_.back();
    stack_.pop_back();
    if (!a.value && !b.value) {
      return false; // constants only: nothing clang emits
    }
    // A pointer plus or minus an offset is a byte getelementptr.
    llvm::Value *pointer = a.value && a.value->getType()->isPointerTy() ? a.value : nullptr;
    if (pointer || (b.value && b.value->getType()->isPointerTy())) {
      if (!pointer || (b.value && !b.value->getType()->isIntegerTy()) ||
          (opcode != llvm::Instruction::Add && opcode != llvm::Instruction::Sub))
        return false;
      llvm::Value *offset = b.value ? b.value : builder_.getInt64(b.constant);
      if (opcode == llvm::Instruction::Sub) offset = made(builder_.CreateNeg(offset));
      auto *pointerType = llvm::cast<llvm::PointerType>(pointer->getType());
      auto *bytes = llvm::PointerType::get(builder_.getInt8Ty(), pointerType->getAddressSpace());
      llvm::Value *address = made(builder_.CreatePointerCast(pointer, bytes));
      address = made(builder_.CreateGEP(builder_.getInt8Ty(), address, offset));
      stack_.push_back({made(builder_.CreatePointerCast(address, pointerType)), 0, a.isSigned});
      return stack_.back().value != nullptr;
    }
    // Integers: the narrower extended to the wider, a constant of the other's type.
    auto width = [](const StackEntry &e) {
      return e.value ? e.value->getType()->getIntegerBitWidth() : 0u;
    };
    const unsigned w = std::max(width(a), width(b));
    auto *type = builder_.getIntNTy(w);
    auto operand = [&](const StackEntry &e) -> llvm::Value * {
      if (!e.value) return llvm::ConstantInt::get(type, e.constant, e.isSigned);
      if (width(e) == w) return e.value;
      return made(e.isSigned ? builder_.CreateSExt(e.value, type)
                             : builder_.CreateZExt(e.value, type));
    };
    llvm::Value *x = operand(a), *y = operand(b);
    if (!x || !y) return false;
    stack_.push_back(
        {made(builder_.CreateBinOp(opcode, x, y)), 0, a.value ? a.isSigned : b.isSigned});
    return stack_.back().value != nullptr;
  }

  /// `value`, recorded when it is a new instruction (the builder folds constants).
  llvm::Value *made(llvm::Value *value) {
    if (auto *instruction = llvm::dyn_cast_or_null<llvm::Instruction>(value))
      made_.push_back(instruction);
    return value;
  }

  llvm::DbgValueInst &location_;
  llvm::IRBuilder<> builder_;
  std::vector<StackEntry> stack_;
  std::vector<llvm::Instruction *> made_;
  bool done_ = false;
};

} // namespace

ComputedLocations materializeComputedLocations(llvm::Function &function) {
  ComputedLocations result;
  std::vector<llvm::DbgValueInst *> locations;
  for (llvm::Instruction &instruction : llvm::instructions(function))
    if (auto *location = llvm::dyn_cast<llvm::DbgValueInst>(&instruction))
      if (location->hasArgList() || location->getExpression()->getNumElements() > 0)
        locations.push_back(location);
  if (locations.empty()) return result;
  const llvm::DominatorTree dominators(function);
  for (llvm::DbgValueInst *location : locations)
    if (LocationComputation(*location).run(dominators)) ++result.materialized;
  return result;
}

} // namespace spvsim::frontend
