// Promotion of integers of widths SPIR-V for OpenCL has not (see legalize_integers.h).
#include "legalize_integers.h"

#include "legalize_access_pieces.h"
#include "legalize_bitint_types.h"
#include "legalize_width_walk.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>
#include <llvm/Transforms/Utils/Local.h>

#include <utility>
#include <vector>

namespace spvsim::frontend {

namespace {

/// SPIR-V for OpenCL's integer widths (OpenCL SPIR-V Env §2.4: 8, 16, 32 and 64 bits,
/// and bool).
bool legalWidth(unsigned width) {
  return width == 1 || width == 8 || width == 16 || width == 32 || width == 64;
}

/// The legal width a narrower illegal one is promoted to; 0 above 64 bits.
unsigned promotedWidth(unsigned width) {
  for (unsigned legal : {8u, 16u, 32u, 64u})
    if (width < legal) return legal;
  return 0;
}

bool isIllegal(const llvm::Type *type) {
  const unsigned width = integerWidth(type);
  return width != 0 && !legalWidth(width);
}

bool isPromotable(const llvm::Type *type) {
  return isIllegal(type) && promotedWidth(integerWidth(type)) != 0;
}

/// `type` (an integer or a vector of integers) with integers of `width` bits.
llvm::Type *withWidth(llvm::Type *type, unsigned width) {
  llvm::Type *integer = llvm::IntegerType::get(type->getContext(), width);
  if (auto *vector = llvm::dyn_cast<llvm::VectorType>(type))
    return llvm::VectorType::get(integer, vector->getElementCount());
  return integer;
}

llvm::Type *promoted(llvm::Type *type) {
  return withWidth(type, promotedWidth(integerWidth(type)));
}

/// A vector of legal integers as wide as the scalar `other` (the two sides of a bitcast).
bool isLegalIntegerVectorOfWidth(const llvm::Type *type, unsigned bits) {
  const auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(type);
  return vector && vector->getElementType()->isIntegerTy() && legalWidth(integerWidth(vector)) &&
         integerWidth(vector) > 1 && integerWidth(vector) * vector->getNumElements() == bits;
}

/// Whether promoteIllegalIntegers can rewrite `instruction`, which involves an illegal
/// width.
bool isSupportedNarrow(const llvm::Instruction &instruction) {
  if (isIllegal(instruction.getType()) && !isPromotable(instruction.getType())) return false;
  for (const llvm::Use &operand : instruction.operands())
    if (isIllegal(operand->getType()) && !isPromotable(operand->getType())) return false;
  if (llvm::isa<llvm::DbgVariableIntrinsic>(instruction)) return true; // dropped
  if (const auto *intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&instruction)) {
    switch (intrinsic->getIntrinsicID()) {
    case llvm::Intrinsic::umin:
    case llvm::Intrinsic::umax:
    case llvm::Intrinsic::smin:
    case llvm::Intrinsic::smax:
    case llvm::Intrinsic::abs:
    case llvm::Intrinsic::ctpop:
    case llvm::Intrinsic::ctlz:
    case llvm::Intrinsic::cttz:
    case llvm::Intrinsic::bitreverse:
    case llvm::Intrinsic::fshl:
    case llvm::Intrinsic::fshr:
      return true;
    default:
      return false;
    }
  }
  switch (instruction.getOpcode()) {
  case llvm::Instruction::Add:
  case llvm::Instruction::Sub:
  case llvm::Instruction::Mul:
  case llvm::Instruction::UDiv:
  case llvm::Instruction::SDiv:
  case llvm::Instruction::URem:
  case llvm::Instruction::SRem:
  case llvm::Instruction::Shl:
  case llvm::Instruction::LShr:
  case llvm::Instruction::AShr:
  case llvm::Instruction::And:
  case llvm::Instruction::Or:
  case llvm::Instruction::Xor:
  case llvm::Instruction::ICmp:
  case llvm::Instruction::Trunc:
  case llvm::Instruction::ZExt:
  case llvm::Instruction::SExt:
  case llvm::Instruction::UIToFP:
  case llvm::Instruction::SIToFP:
  case llvm::Instruction::FPToUI:
  case llvm::Instruction::FPToSI:
  case llvm::Instruction::Select:
  case llvm::Instruction::PHI:
  case llvm::Instruction::Switch:
  case llvm::Instruction::ExtractElement:
  case llvm::Instruction::InsertElement:
  case llvm::Instruction::ShuffleVector:
    return true;
  case llvm::Instruction::BitCast: {
    llvm::Type *from = instruction.getOperand(0)->getType(), *to = instruction.getType();
    return (isIllegal(from) && !from->isVectorTy() &&
            isLegalIntegerVectorOfWidth(to, integerWidth(from))) ||
           (isIllegal(to) && !to->isVectorTy() &&
            isLegalIntegerVectorOfWidth(from, integerWidth(to)));
  }
  case llvm::Instruction::Load: {
    const auto &load = llvm::cast<llvm::LoadInst>(instruction);
    return load.isSimple() && !load.getType()->isVectorTy();
  }
  case llvm::Instruction::Store: {
    const auto &store = llvm::cast<llvm::StoreInst>(instruction);
    return store.isSimple() && !store.getValueOperand()->getType()->isVectorTy();
  }
  case llvm::Instruction::GetElementPtr:
    for (const llvm::Use &index : llvm::cast<llvm::GetElementPtrInst>(instruction).indices())
      if (isIllegal(index->getType()) && index->getType()->isVectorTy()) return false;
    return true;
  default:
    return false;
  }
}

/// The pointer a load or store of an illegal width goes through, its casts to a
/// pointer to that width taken off.
llvm::Value *withoutBitCasts(llvm::Value *pointer) {
  while (auto *cast = llvm::dyn_cast<llvm::BitCastOperator>(pointer)) pointer = cast->getOperand(0);
  return pointer;
}

/// The rewriting of one function.
class Promoter {
public:
  explicit Promoter(llvm::Function &function) : function_(function) {}

  IntegerPromotion run() {
    IntegerPromotion result;
    // Named: the walk's function_refs do not own what they call.
    auto placePhi = [this](llvm::PHINode &phi) {
      values_[&phi] = llvm::PHINode::Create(promoted(phi.getType()), phi.getNumIncomingValues(),
                                            phi.getName(), &phi);
      replaced_.push_back(&phi);
    };
    auto rewriteOne = [this](llvm::Instruction &instruction) { rewrite(instruction); };
    auto fillPhi = [this](llvm::PHINode &phi, unsigned i) {
      llvm::cast<llvm::PHINode>(values_[&phi])
          ->addIncoming(get(phi.getIncomingValue(i)), phi.getIncomingBlock(i));
    };
    const WidthRewrite steps{isIllegal, isSupportedNarrow, placePhi, rewriteOne, fillPhi};
    // Private variables of such a width (-O0 keeps an `unsigned _BitInt(24)` in memory).
    std::vector<llvm::AllocaInst *> locals;
    for (llvm::Instruction &instruction : llvm::instructions(function_))
      if (auto *local = llvm::dyn_cast<llvm::AllocaInst>(&instruction);
          local && isPromotable(local->getAllocatedType()) &&
          !local->getAllocatedType()->isVectorTy())
        locals.push_back(local);
    // A variable location alone may name such a width: at -O2 a `_BitInt(37)` folded to a
    // constant leaves only `dbg.value(i37 -21)`, which the translator cannot encode.
    if (!isRewritable(function_, steps, !locals.empty() || namesIllegalWidthInDebugInfo()))
      return result;
    for (llvm::AllocaInst *local : locals) widenLocal(*local);

    llvm::removeUnreachableBlocks(function_);
    const std::vector<llvm::DbgValueInst *> kept = sortDebugLocations(result.droppedLocations);
    rewriteInOrder(function_, steps);

    // The promoted value holds the narrow one's bits, which is all the location reads.
    for (llvm::DbgValueInst *location : kept) {
      llvm::Value *narrow = location->getVariableLocationOp(0);
      location->replaceVariableLocationOp(narrow, get(narrow));
    }

    result.instructions = static_cast<unsigned>(replaced_.size() + changedInPlace_);
    eraseReplaced(replaced_);
    eraseCastsToIllegalPointers();
    return result;
  }

private:
  /// `local`, a private variable of an illegal width, made one of the promoted width
  /// (its loads and stores then access the narrow width's bytes of it, load() and
  /// store()); its other users see it through a cast to its old type, erased once
  /// unused. Its debug information names the new variable: the same bytes first.
  void widenLocal(llvm::AllocaInst &local) {
    auto *wide = new llvm::AllocaInst(promoted(local.getAllocatedType()), local.getAddressSpace(),
                                      local.getArraySize(), local.getAlign(),
                                      local.getName() + ".promoted", &local);
    llvm::SmallVector<llvm::DbgVariableIntrinsic *, 1> users;
    llvm::findDbgUsers(users, &local);
    for (llvm::DbgVariableIntrinsic *user : users) user->replaceVariableLocationOp(&local, wide);
    local.replaceAllUsesWith(new llvm::BitCastInst(wide, local.getType(), "", &local));
    local.eraseFromParent();
  }

  /// Variable locations naming a value of an illegal width. A location whose variable,
  /// or the fragment of it that it describes, is no wider than the value (a bit-field
  /// struct's 24 bits in an i24, a uint in the i33 of a closed form) or is a
  /// `_BitInt(N)` of the value's width (legalize_bitint_types.h: the debugger reads N
  /// bits) is kept, returned, to name the promoted value once there is one: its low bits
  /// are the narrow value's. The others (several operands, or a variable wider than the
  /// value, whose high bits the promoted value would give as zeros whatever the source's
  /// extension) are dropped, made undefined when they name one value; `dropped` counts
  /// them.
  std::vector<llvm::DbgValueInst *> sortDebugLocations(unsigned &dropped) {
    std::vector<llvm::DbgVariableIntrinsic *> drop;
    std::vector<llvm::DbgValueInst *> kept;
    for (llvm::Instruction &instruction : llvm::instructions(function_)) {
      auto *location = llvm::dyn_cast<llvm::DbgVariableIntrinsic>(&instruction);
      if (!location) continue;
      bool narrow = false;
      for (llvm::Value *value : location->location_ops())
        narrow |= value && isIllegal(value->getType());
      if (!narrow) continue;
      auto *value = llvm::dyn_cast<llvm::DbgValueInst>(location);
      const unsigned width = value && !value->hasArgList()
                                 ? integerWidth(value->getVariableLocationOp(0)->getType())
                                 : 0;
      if (value && !value->hasArgList() && describedBits(*value) &&
          !value->getVariableLocationOp(0)->getType()->isVectorTy() &&
          (describedBits(*value) <= width || describesNamedBitInt(*value, width)))
        kept.push_back(value);
      else
        drop.push_back(location);
    }
    // A location erased would leave the variable its previous one's value from here on:
    // one naming a single value is made undefined instead.
    for (llvm::DbgVariableIntrinsic *location : drop)
      if (llvm::Value *narrow = location->hasArgList() || location->getNumVariableLocationOps() != 1
                                    ? nullptr
                                    : location->getVariableLocationOp(0);
          narrow && llvm::isa<llvm::DbgValueInst>(location) && isPromotable(narrow->getType()))
        location->replaceVariableLocationOp(narrow,
                                            llvm::UndefValue::get(promoted(narrow->getType())));
      else
        location->eraseFromParent();
    dropped = static_cast<unsigned>(drop.size());
    return kept;
  }

  /// Whether a variable location names a value of an illegal width.
  bool namesIllegalWidthInDebugInfo() const {
    for (llvm::Instruction &instruction : llvm::instructions(function_))
      if (auto *location = llvm::dyn_cast<llvm::DbgVariableIntrinsic>(&instruction))
        for (llvm::Value *value : location->location_ops())
          if (value && isIllegal(value->getType())) return true;
    return false;
  }

  /// How many bits of its variable `location` describes: its fragment's, else the
  /// variable's; 0 when unknown.
  static uint64_t describedBits(const llvm::DbgValueInst &location) {
    if (auto fragment = location.getExpression()->getFragmentInfo()) return fragment->SizeInBits;
    if (auto size = location.getVariable()->getSizeInBits()) return *size;
    return 0;
  }

  /// Pointer casts to an illegal width that loads and stores went through, now unused.
  void eraseCastsToIllegalPointers() {
    std::vector<llvm::Instruction *> casts;
    for (llvm::Instruction &instruction : llvm::instructions(function_))
      if (llvm::isa<llvm::BitCastInst>(instruction) && instruction.use_empty() &&
          instruction.getType()->isPointerTy() && !instruction.getType()->isOpaquePointerTy() &&
          isIllegal(instruction.getType()->getNonOpaquePointerElementType()))
        casts.push_back(&instruction);
    for (llvm::Instruction *cast : casts) cast->eraseFromParent();
  }

  /// The promoted form of `value`, an integer of an illegal width: its high bits zero.
  llvm::Value *get(llvm::Value *value) {
    if (auto found = values_.find(value); found != values_.end()) return found->second;
    auto *constant = llvm::cast<llvm::Constant>(value); // isSupportedNarrow() saw to it
    if (llvm::isa<llvm::UndefValue>(constant))
      return llvm::UndefValue::get(promoted(value->getType()));
    return llvm::ConstantExpr::getZExt(constant, promoted(value->getType()));
  }

  /// `value` if its width is legal, else its promoted form.
  llvm::Value *getAny(llvm::Value *value) {
    return isIllegal(value->getType()) ? get(value) : value;
  }

  /// `wide` with the bits above `narrow` cleared.
  static llvm::Value *mask(llvm::IRBuilder<> &builder, llvm::Value *wide, unsigned narrow) {
    const unsigned width = integerWidth(wide->getType());
    if (narrow >= width) return wide;
    return builder.CreateAnd(
        wide, llvm::ConstantInt::get(wide->getType(), llvm::APInt::getLowBitsSet(width, narrow)));
  }

  /// `wide`, holding a `narrow`-bit value, sign-extended from bit narrow - 1.
  static llvm::Value *signExtended(llvm::IRBuilder<> &builder, llvm::Value *wide, unsigned narrow) {
    const unsigned shift = integerWidth(wide->getType()) - narrow;
    return builder.CreateAShr(builder.CreateShl(wide, shift), shift);
  }

  void define(llvm::Instruction &instruction, llvm::Value *value) {
    if (isIllegal(instruction.getType()))
      values_[&instruction] = value;
    else
      instruction.replaceAllUsesWith(value);
    replaced_.push_back(&instruction);
  }

  void rewrite(llvm::Instruction &instruction) {
    llvm::IRBuilder<> builder(&instruction);
    llvm::Type *type = instruction.getType();
    const unsigned narrow = integerWidth(type);
    if (auto *intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&instruction))
      return rewriteIntrinsic(builder, *intrinsic);
    if (auto *binary = llvm::dyn_cast<llvm::BinaryOperator>(&instruction))
      return rewriteBinary(builder, *binary);
    switch (instruction.getOpcode()) {
    case llvm::Instruction::ICmp: {
      auto &compare = llvm::cast<llvm::ICmpInst>(instruction);
      const unsigned width = integerWidth(compare.getOperand(0)->getType());
      llvm::Value *a = get(compare.getOperand(0)), *b = get(compare.getOperand(1));
      if (compare.isSigned()) {
        a = signExtended(builder, a, width);
        b = signExtended(builder, b, width);
      }
      return define(instruction, builder.CreateICmp(compare.getPredicate(), a, b));
    }
    case llvm::Instruction::Trunc:
    case llvm::Instruction::ZExt: {
      llvm::Value *source = getAny(instruction.getOperand(0));
      if (!isIllegal(type)) return define(instruction, builder.CreateZExtOrTrunc(source, type));
      llvm::Value *wide = builder.CreateZExtOrTrunc(source, promoted(type));
      return define(instruction, instruction.getOpcode() == llvm::Instruction::Trunc
                                     ? mask(builder, wide, narrow)
                                     : wide);
    }
    case llvm::Instruction::SExt: {
      llvm::Value *source = instruction.getOperand(0);
      if (isIllegal(source->getType()))
        source = signExtended(builder, get(source), integerWidth(source->getType()));
      if (!isIllegal(type)) return define(instruction, builder.CreateSExtOrTrunc(source, type));
      return define(instruction,
                    mask(builder, builder.CreateSExtOrTrunc(source, promoted(type)), narrow));
    }
    case llvm::Instruction::UIToFP:
      return define(instruction, builder.CreateUIToFP(get(instruction.getOperand(0)), type));
    case llvm::Instruction::SIToFP: {
      llvm::Value *source = instruction.getOperand(0);
      return define(instruction,
                    builder.CreateSIToFP(
                        signExtended(builder, get(source), integerWidth(source->getType())), type));
    }
    case llvm::Instruction::FPToUI:
      return define(
          instruction,
          mask(builder, builder.CreateFPToUI(instruction.getOperand(0), promoted(type)), narrow));
    case llvm::Instruction::FPToSI:
      return define(
          instruction,
          mask(builder, builder.CreateFPToSI(instruction.getOperand(0), promoted(type)), narrow));
    case llvm::Instruction::BitCast:
      return rewriteBitCast(builder, instruction);
    case llvm::Instruction::Select: {
      auto &select = llvm::cast<llvm::SelectInst>(instruction);
      return define(instruction,
                    builder.CreateSelect(select.getCondition(), get(select.getTrueValue()),
                                         get(select.getFalseValue())));
    }
    case llvm::Instruction::Switch: {
      auto &choice = llvm::cast<llvm::SwitchInst>(instruction);
      const unsigned wide = promotedWidth(integerWidth(choice.getCondition()->getType()));
      choice.setCondition(get(choice.getCondition()));
      for (auto c : choice.cases())
        c.setValue(llvm::ConstantInt::get(instruction.getContext(),
                                          c.getCaseValue()->getValue().zext(wide)));
      ++changedInPlace_;
      return;
    }
    case llvm::Instruction::GetElementPtr: {
      // Indices are signed, extended to the index width (LLVM LangRef, getelementptr).
      auto &gep = llvm::cast<llvm::GetElementPtrInst>(instruction);
      const llvm::DataLayout &layout = function_.getParent()->getDataLayout();
      llvm::Type *indexType = layout.getIndexType(gep.getPointerOperandType());
      for (llvm::Use &index : gep.indices())
        if (isIllegal(index->getType()))
          index.set(builder.CreateSExt(
              signExtended(builder, get(index.get()), integerWidth(index->getType())), indexType));
      ++changedInPlace_;
      return;
    }
    case llvm::Instruction::ExtractElement: {
      auto &extract = llvm::cast<llvm::ExtractElementInst>(instruction);
      return define(instruction, builder.CreateExtractElement(getAny(extract.getVectorOperand()),
                                                              getAny(extract.getIndexOperand())));
    }
    case llvm::Instruction::InsertElement:
      return define(instruction, builder.CreateInsertElement(getAny(instruction.getOperand(0)),
                                                             getAny(instruction.getOperand(1)),
                                                             getAny(instruction.getOperand(2))));
    case llvm::Instruction::ShuffleVector: {
      auto &shuffle = llvm::cast<llvm::ShuffleVectorInst>(instruction);
      return define(instruction, builder.CreateShuffleVector(get(shuffle.getOperand(0)),
                                                             get(shuffle.getOperand(1)),
                                                             shuffle.getShuffleMask()));
    }
    case llvm::Instruction::Load:
      return define(instruction, load(builder, llvm::cast<llvm::LoadInst>(instruction)));
    case llvm::Instruction::Store:
      store(builder, llvm::cast<llvm::StoreInst>(instruction));
      replaced_.push_back(&instruction);
      return;
    default:
      return; // only what isSupportedNarrow() accepts reaches here
    }
  }

  void rewriteBinary(llvm::IRBuilder<> &builder, llvm::BinaryOperator &binary) {
    const unsigned narrow = integerWidth(binary.getType());
    llvm::Value *a = get(binary.getOperand(0)), *b = get(binary.getOperand(1));
    const auto opcode = binary.getOpcode();
    switch (opcode) {
    case llvm::Instruction::Add:
    case llvm::Instruction::Sub:
    case llvm::Instruction::Mul:
    case llvm::Instruction::Shl: // carries into the high bits: wraparound at the narrow width
      return define(binary, mask(builder, builder.CreateBinOp(opcode, a, b), narrow));
    case llvm::Instruction::AShr:
      return define(binary,
                    mask(builder, builder.CreateAShr(signExtended(builder, a, narrow), b), narrow));
    case llvm::Instruction::SDiv:
    case llvm::Instruction::SRem:
      return define(binary, mask(builder,
                                 builder.CreateBinOp(opcode, signExtended(builder, a, narrow),
                                                     signExtended(builder, b, narrow)),
                                 narrow));
    default: // and, or, xor, lshr, udiv, urem: exact on zero-extended operands
      return define(binary, builder.CreateBinOp(opcode, a, b));
    }
  }

  void rewriteIntrinsic(llvm::IRBuilder<> &builder, llvm::IntrinsicInst &intrinsic) {
    const unsigned narrow = integerWidth(intrinsic.getType());
    const unsigned extra = promotedWidth(narrow) - narrow;
    llvm::Value *a = get(intrinsic.getArgOperand(0));
    switch (const llvm::Intrinsic::ID id = intrinsic.getIntrinsicID()) {
    case llvm::Intrinsic::umin:
    case llvm::Intrinsic::umax:
      return define(intrinsic,
                    builder.CreateBinaryIntrinsic(id, a, get(intrinsic.getArgOperand(1))));
    case llvm::Intrinsic::smin:
    case llvm::Intrinsic::smax:
      return define(intrinsic,
                    mask(builder,
                         builder.CreateBinaryIntrinsic(
                             id, signExtended(builder, a, narrow),
                             signExtended(builder, get(intrinsic.getArgOperand(1)), narrow)),
                         narrow));
    case llvm::Intrinsic::abs:
      return define(intrinsic,
                    mask(builder,
                         builder.CreateBinaryIntrinsic(id, signExtended(builder, a, narrow),
                                                       intrinsic.getArgOperand(1)),
                         narrow));
    case llvm::Intrinsic::ctpop:
      return define(intrinsic, builder.CreateUnaryIntrinsic(id, a));
    case llvm::Intrinsic::ctlz: // the promoted value has `extra` more leading zeros
      return define(intrinsic,
                    builder.CreateSub(builder.CreateBinaryIntrinsic(id, a, builder.getFalse()),
                                      llvm::ConstantInt::get(a->getType(), extra)));
    case llvm::Intrinsic::cttz: // a zero counts the narrow width
      return define(intrinsic,
                    builder.CreateBinaryIntrinsic(
                        id,
                        builder.CreateOr(a, llvm::ConstantInt::get(
                                                a->getType(), llvm::APInt::getOneBitSet(
                                                                  promotedWidth(narrow), narrow))),
                        builder.getFalse()));
    case llvm::Intrinsic::bitreverse:
      return define(intrinsic, builder.CreateLShr(builder.CreateUnaryIntrinsic(id, a), extra));
    case llvm::Intrinsic::fshl:
    case llvm::Intrinsic::fshr: {
      // LLVM LangRef, llvm.fshl and llvm.fshr: a and b concatenated, shifted by the amount
      // modulo the width. Each shift below is by at most the narrow width, less than the
      // promoted one; b's bits shifted right by the whole narrow width are none.
      llvm::Value *b = get(intrinsic.getArgOperand(1));
      llvm::Value *width = llvm::ConstantInt::get(a->getType(), narrow);
      llvm::Value *by = builder.CreateURem(get(intrinsic.getArgOperand(2)), width);
      llvm::Value *rest = builder.CreateSub(width, by);
      llvm::Value *shifted =
          id == llvm::Intrinsic::fshl
              ? builder.CreateOr(builder.CreateShl(a, by), builder.CreateLShr(b, rest))
              : builder.CreateOr(builder.CreateLShr(b, by), builder.CreateShl(a, rest));
      return define(intrinsic, mask(builder, shifted, narrow));
    }
    default: // a variable location: dropped before
      return;
    }
  }

  /// A bitcast between an illegal scalar and a vector of legal integers as wide
  /// (element 0 holds the lowest bits: SPIR is little-endian).
  void rewriteBitCast(llvm::IRBuilder<> &builder, llvm::Instruction &cast) {
    llvm::Value *source = cast.getOperand(0);
    if (isIllegal(source->getType())) {
      auto *vector = llvm::cast<llvm::FixedVectorType>(cast.getType());
      const unsigned element = integerWidth(vector);
      llvm::Value *wide = get(source);
      llvm::Value *result = llvm::UndefValue::get(vector);
      for (unsigned i = 0; i < vector->getNumElements(); ++i)
        result = builder.CreateInsertElement(
            result,
            builder.CreateTrunc(builder.CreateLShr(wide, i * element), vector->getElementType()),
            builder.getInt32(i));
      return define(cast, result);
    }
    auto *vector = llvm::cast<llvm::FixedVectorType>(source->getType());
    const unsigned element = integerWidth(vector);
    llvm::Type *wideType = promoted(cast.getType());
    llvm::Value *result = llvm::ConstantInt::get(wideType, 0);
    for (unsigned i = 0; i < vector->getNumElements(); ++i)
      result = builder.CreateOr(
          builder.CreateShl(
              builder.CreateZExt(builder.CreateExtractElement(source, builder.getInt32(i)),
                                 wideType),
              i * element),
          result);
    define(cast, result);
  }

  /// A load of an illegal width: exactly its bytes (LLVM LangRef, load: an i24 load
  /// reads at most three bytes), the bits above the width cleared.
  llvm::Value *load(llvm::IRBuilder<> &builder, llvm::LoadInst &load) {
    const unsigned narrow = integerWidth(load.getType());
    llvm::Type *wideType = promoted(load.getType());
    llvm::Value *pointer = withoutBitCasts(load.getPointerOperand());
    llvm::Value *result = nullptr;
    for (auto [offset, size] : accessPieces((narrow + 7) / 8, load.getAlign(), 4)) {
      llvm::Type *pieceType = builder.getIntNTy(size * 8);
      llvm::LoadInst *piece = builder.CreateAlignedLoad(
          pieceType, pieceAddress(builder, pointer, offset, pieceType),
          llvm::commonAlignment(load.getAlign(), offset), load.isVolatile());
      llvm::Value *placed =
          builder.CreateShl(builder.CreateZExtOrTrunc(piece, wideType), offset * 8);
      result = result ? builder.CreateOr(placed, result) : placed;
    }
    return narrow % 8 ? mask(builder, result, narrow) : result;
  }

  /// A store of an illegal width: exactly its bytes.
  void store(llvm::IRBuilder<> &builder, llvm::StoreInst &store) {
    llvm::Value *value = store.getValueOperand();
    const unsigned narrow = integerWidth(value->getType());
    llvm::Value *wide = get(value);
    llvm::Value *pointer = withoutBitCasts(store.getPointerOperand());
    for (auto [offset, size] : accessPieces((narrow + 7) / 8, store.getAlign(), 4)) {
      llvm::Type *pieceType = builder.getIntNTy(size * 8);
      builder.CreateAlignedStore(
          builder.CreateTrunc(builder.CreateLShr(wide, offset * 8), pieceType),
          pieceAddress(builder, pointer, offset, pieceType),
          llvm::commonAlignment(store.getAlign(), offset), store.isVolatile());
    }
  }

  llvm::Function &function_;
  llvm::DenseMap<llvm::Value *, llvm::Value *> values_; ///< narrow value -> promoted
  std::vector<llvm::Instruction *> replaced_;           ///< to erase once all are rewritten
  unsigned changedInPlace_ = 0;                         ///< switches and geps
};

} // namespace

IntegerPromotion promoteIllegalIntegers(llvm::Function &function) {
  return Promoter(function).run();
}

} // namespace spvsim::frontend
