// Lowering of integers of 65 to 128 bits to pairs of 64-bit integers (see
// legalize_wide_integers.h).
#include "legalize_wide_integers.h"

#include "legalize_access_pieces.h"
#include "legalize_wide_division.h"
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

#include <algorithm>
#include <utility>
#include <vector>

namespace spvsim::frontend {

namespace {

/// Above SPIR-V for OpenCL's widest integer (OpenCL SPIR-V Env §2.4: 64 bits), within
/// what a pair of 64-bit integers holds.
bool isWide(const llvm::Type *type) {
  const unsigned width = integerWidth(type);
  return width > 64 && width <= 128;
}

bool isBeyondPairs(const llvm::Type *type) {
  return integerWidth(type) > 128;
}

/// A vector variable of 3 components is accessed as one of 4 as well (clang -O0 stores
/// and loads a `vec3` through a cast of its address, OpenCL C 3.0 §6.3.5): whether
/// `cast` is such a cast of the variable `local`, to a vector of its element type.
bool isVectorCastOf(const llvm::Value *cast, const llvm::AllocaInst &local) {
  const auto *bitcast = llvm::dyn_cast<llvm::BitCastInst>(cast);
  if (!bitcast || bitcast->getOperand(0) != &local) return false;
  const auto *to = llvm::dyn_cast<llvm::PointerType>(bitcast->getType());
  const auto *from = llvm::dyn_cast<llvm::FixedVectorType>(local.getAllocatedType());
  if (!to || to->isOpaque() || !from) return false;
  const auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(to->getNonOpaquePointerElementType());
  return vector && vector->getElementType() == from->getElementType() &&
         vector->getNumElements() <= 4 && from->getNumElements() <= 4;
}

/// The variable a load or store of a wide value accesses: `pointer` itself, or the
/// variable isVectorCastOf() casts; null for any other address.
llvm::AllocaInst *localOf(llvm::Value *pointer) {
  if (auto *local = llvm::dyn_cast<llvm::AllocaInst>(pointer)) return local;
  if (auto *cast = llvm::dyn_cast<llvm::BitCastInst>(pointer))
    if (auto *local = llvm::dyn_cast<llvm::AllocaInst>(cast->getOperand(0));
        local && isVectorCastOf(cast, *local))
      return local;
  return nullptr;
}

/// Whether `user` of `address` (the variable or a cast of it) is a simple load or store
/// of a `type` value at it.
bool isAccessAt(const llvm::User *user, const llvm::Value &address, const llvm::Type *type) {
  if (const auto *load = llvm::dyn_cast<llvm::LoadInst>(user))
    return load->isSimple() && load->getType() == type;
  if (const auto *store = llvm::dyn_cast<llvm::StoreInst>(user))
    return store->isSimple() && store->getValueOperand() != &address &&
           store->getValueOperand()->getType() == type;
  return false;
}

/// A private variable of one wide integer (`long long` in OpenCL C, 128 bits, or an
/// `unsigned _BitInt(96)`, which clang -O0 keeps in memory), or of a vector of them (a
/// `long long` vector or an `ext_vector_type` of `_BitInt(96)` at -O0), that only simple
/// loads and stores of it access: it becomes two 64-bit integers per element, each
/// element's low half first (SPIR is little-endian), element i at byte 16 i. That is how
/// LLVM lays out a vector of i128 and how clang's debug information describes a vector of
/// any of them (a `_BitInt(96)` element is 128 bits there, where LLVM packs a <2 x i96>
/// in 24 bytes): as only whole loads and stores access the variable, its layout is the
/// front end's to choose, and the debugger reads its elements where the debug
/// information says. The variable's bytes are all its own (a scalar's size is rounded up
/// to 16, a vector's words are at least its allocation size). A 3-component vector may
/// be accessed as one of 4 (isVectorCastOf()).
bool isLocalOfHalves(const llvm::AllocaInst &local) {
  llvm::Type *type = local.getAllocatedType();
  const bool scalar = type->isIntegerTy() && isWide(type);
  const bool vector = llvm::isa<llvm::FixedVectorType>(type) && isWide(type);
  if ((!scalar && !vector) || local.isArrayAllocation()) return false;
  for (const llvm::User *user : local.users()) {
    if (!isVectorCastOf(user, local)) {
      if (!isAccessAt(user, local, type)) return false;
      continue;
    }
    const llvm::Type *accessed =
        llvm::cast<llvm::PointerType>(user->getType())->getNonOpaquePointerElementType();
    for (const llvm::User *access : user->users())
      if (!isAccessAt(access, *user, accessed)) return false;
  }
  return true;
}

/// A typed pointer to a wide integer (what a cast of a buffer's pointer to `long long`
/// is), which SPIR-V for OpenCL cannot express either.
bool isPointerToWide(const llvm::Type *type) {
  const auto *pointer = llvm::dyn_cast<llvm::PointerType>(type);
  return pointer && !pointer->isOpaque() && isWide(pointer->getNonOpaquePointerElementType());
}

/// Whether `pointer`, to a wide integer, is a cast of a pointer to another type,
/// possibly indexed as an array of wide integers (`((__global long long *)p)[i]`): the
/// address of its bytes can then be computed on a byte pointer.
bool isWideAddress(const llvm::Value *pointer) {
  for (;;) {
    if (const auto *cast = llvm::dyn_cast<llvm::BitCastOperator>(pointer)) {
      pointer = cast->getOperand(0);
      if (!isPointerToWide(pointer->getType())) return pointer->getType()->isPointerTy();
    } else if (const auto *element = llvm::dyn_cast<llvm::GEPOperator>(pointer);
               element && element->getNumIndices() == 1 &&
               isPointerToWide(element->getPointerOperandType())) {
      pointer = element->getPointerOperand();
    } else {
      return false;
    }
  }
}

/// Whether lowerWideIntegers can rewrite `instruction`, which involves a wide integer.
bool isSupportedWide(const llvm::Instruction &instruction) {
  if (isBeyondPairs(instruction.getType())) return false;
  for (const llvm::Use &operand : instruction.operands())
    if (isBeyondPairs(operand->getType())) return false;
  if (llvm::isa<llvm::DbgVariableIntrinsic>(instruction)) return true; // dropped
  if (const auto *intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&instruction)) {
    switch (intrinsic->getIntrinsicID()) {
    case llvm::Intrinsic::umin:
    case llvm::Intrinsic::umax:
    case llvm::Intrinsic::smin:
    case llvm::Intrinsic::smax:
    case llvm::Intrinsic::ctpop:
    case llvm::Intrinsic::ctlz:
    case llvm::Intrinsic::cttz:
    case llvm::Intrinsic::vector_reduce_add:
    case llvm::Intrinsic::vector_reduce_mul:
    case llvm::Intrinsic::vector_reduce_and:
    case llvm::Intrinsic::vector_reduce_or:
    case llvm::Intrinsic::vector_reduce_xor:
      return !intrinsic->getArgOperand(0)->getType()->isVectorTy() ||
             llvm::isa<llvm::FixedVectorType>(intrinsic->getArgOperand(0)->getType());
    default:
      return false;
    }
  }
  switch (instruction.getOpcode()) {
  case llvm::Instruction::Add:
  case llvm::Instruction::Sub:
  case llvm::Instruction::Mul:
  case llvm::Instruction::Shl:
  case llvm::Instruction::LShr:
  case llvm::Instruction::AShr:
  case llvm::Instruction::And:
  case llvm::Instruction::Or:
  case llvm::Instruction::Xor:
    return true;
  case llvm::Instruction::UDiv: // a call of a helper (legalize_wide_division.h): scalars
  case llvm::Instruction::SDiv:
  case llvm::Instruction::URem:
  case llvm::Instruction::SRem:
    return !instruction.getType()->isVectorTy();
  case llvm::Instruction::ICmp:
  case llvm::Instruction::Trunc:
  case llvm::Instruction::ZExt:
  case llvm::Instruction::SExt:
  case llvm::Instruction::Select:
  case llvm::Instruction::PHI:
  case llvm::Instruction::ShuffleVector:
    return true;
  case llvm::Instruction::Load:
  case llvm::Instruction::Store: {
    // A local variable's (what clang makes of `long long` at -O0), which
    // isLocalOfHalves() checks, or a scalar at an address isWideAddress() follows, in
    // any address space.
    const llvm::Value *pointer = llvm::getLoadStorePointerOperand(&instruction);
    if (const llvm::AllocaInst *local = localOf(const_cast<llvm::Value *>(pointer)))
      return isLocalOfHalves(*local);
    const auto *load = llvm::dyn_cast<llvm::LoadInst>(&instruction);
    const auto *store = llvm::dyn_cast<llvm::StoreInst>(&instruction);
    const llvm::Type *type = load ? load->getType() : store->getValueOperand()->getType();
    return (load ? load->isSimple() : store->isSimple()) && isWide(type) && !type->isVectorTy() &&
           isWideAddress(pointer);
  }
  case llvm::Instruction::BitCast: {
    // Between 128-bit integers (a scalar or a vector) and a value of the same size that
    // is no wide integer (clang -O2 reads a `long long` vector's words as <4 x i64>).
    llvm::Type *from = instruction.getOperand(0)->getType(), *to = instruction.getType();
    llvm::Type *wide = isWide(from) ? from : to, *other = isWide(from) ? to : from;
    return integerWidth(wide) == 128 && !isWide(other) && !other->isPointerTy();
  }
  case llvm::Instruction::ExtractElement:
  case llvm::Instruction::InsertElement: // not at a wide index
    return !isWide(instruction.getOperand(instruction.getNumOperands() - 1)->getType());
  default:
    return false;
  }
}

/// A wide value as two values of 64-bit integers (vectors of them for a vector): the
/// low 64 bits, and the bits above them with the bits above the width zero.
struct Halves {
  llvm::Value *low = nullptr;
  llvm::Value *high = nullptr;
};

/// The rewriting of one function.
class WideLowerer {
public:
  explicit WideLowerer(llvm::Function &function) : function_(function) {}

  WideLowering run() {
    WideLowering result;
    // Named: the walk's function_refs do not own what they call.
    auto placePhi = [this](llvm::PHINode &phi) {
      llvm::Type *half = halfType(phi.getType());
      const unsigned count = phi.getNumIncomingValues();
      values_[&phi] = {llvm::PHINode::Create(half, count, phi.getName() + ".lo", &phi),
                       llvm::PHINode::Create(half, count, phi.getName() + ".hi", &phi)};
      replaced_.push_back(&phi);
    };
    auto rewriteOne = [this](llvm::Instruction &instruction) { rewrite(instruction); };
    auto fillPhi = [this](llvm::PHINode &phi, unsigned i) {
      const Halves halves = values_[&phi], incoming = get(phi.getIncomingValue(i));
      llvm::cast<llvm::PHINode>(halves.low)->addIncoming(incoming.low, phi.getIncomingBlock(i));
      llvm::cast<llvm::PHINode>(halves.high)->addIncoming(incoming.high, phi.getIncomingBlock(i));
    };
    const WidthRewrite steps{isWide, isSupportedWide, placePhi, rewriteOne, fillPhi};
    // A wide local variable is no instruction on the width (its address is a pointer).
    std::vector<llvm::AllocaInst *> locals;
    for (llvm::Instruction &instruction : llvm::instructions(function_))
      if (auto *local = llvm::dyn_cast<llvm::AllocaInst>(&instruction);
          local && isWide(local->getAllocatedType())) {
        if (!isLocalOfHalves(*local)) return result;
        locals.push_back(local);
      }
    if (!isRewritable(function_, steps, !locals.empty())) return result;
    for (llvm::AllocaInst *local : locals) {
      // At least the variable's allocation: a <3 x i128> takes 64 bytes, as its debug
      // information's size says (an OpenCL C 3-component vector has the size of 4).
      const uint64_t words = std::max<uint64_t>(
          2 * elementCount(local->getAllocatedType()),
          local->getModule()->getDataLayout().getTypeAllocSize(local->getAllocatedType()) / 8);
      auto *halves = new llvm::AllocaInst(
          llvm::ArrayType::get(llvm::Type::getInt64Ty(local->getContext()), words),
          local->getAddressSpace(), nullptr, local->getAlign(), local->getName() + ".halves",
          local);
      locals_[local] = halves;
      // The variable's bytes are where they were: its debug information stays.
      llvm::SmallVector<llvm::DbgVariableIntrinsic *, 1> users;
      llvm::findDbgUsers(users, local);
      for (llvm::DbgVariableIntrinsic *user : users) user->replaceVariableLocationOp(local, halves);
    }

    llvm::removeUnreachableBlocks(function_);
    result.droppedLocations = dropDebugLocations();
    rewriteInOrder(function_, steps);
    result.droppedLocations += splitDebugLocations();

    result.instructions = static_cast<unsigned>(replaced_.size());
    eraseReplaced(replaced_);
    for (auto &[local, halves] : locals_) {
      // Its casts to another vector (isVectorCastOf()), whose loads and stores are gone.
      for (llvm::User *cast : llvm::make_early_inc_range(local->users()))
        llvm::cast<llvm::Instruction>(cast)->eraseFromParent();
      local->eraseFromParent();
    }
    eraseWideAddresses(result.droppedLocations);
    return result;
  }

private:
  /// Variable locations naming a wide value: no single value holds it now. One naming a
  /// scalar or a vector alone is kept for splitDebugLocations(), the others are dropped.
  unsigned dropDebugLocations() {
    std::vector<llvm::DbgVariableIntrinsic *> dropped;
    for (llvm::Instruction &instruction : llvm::instructions(function_))
      if (auto *location = llvm::dyn_cast<llvm::DbgVariableIntrinsic>(&instruction))
        for (llvm::Value *value : location->location_ops())
          if (value && isWide(value->getType())) {
            auto *described = llvm::dyn_cast<llvm::DbgValueInst>(location);
            if (described && !described->hasArgList() &&
                (value->getType()->isIntegerTy() ||
                 llvm::isa<llvm::FixedVectorType>(value->getType())))
              split_.push_back(described);
            else
              dropped.push_back(location);
            break;
          }
    for (llvm::DbgVariableIntrinsic *location : dropped) location->eraseFromParent();
    return static_cast<unsigned>(dropped.size());
  }

  /// The variable locations dropDebugLocations() kept, each naming a wide scalar or a
  /// vector of them, become two per element, one for each half: the low half the
  /// element's first 64 bits, the high half its bits from 64 up to the value's width
  /// (fragments, DW_OP_LLVM_fragment; a DebugValue's Fragment operation,
  /// OpenCL.DebugInfo.100 §4.8), so that the variable keeps its value. A vector's
  /// elements are taken out of the halves (extractelement), the element i being the
  /// variable's bits from i times its size divided by the element count. A location
  /// whose expression cannot take a fragment (it computes on the value), or whose
  /// variable's elements are narrower than 65 bits, is dropped; returns how many were.
  unsigned splitDebugLocations() {
    unsigned dropped = 0;
    for (llvm::DbgValueInst *location : split_) {
      llvm::Value *value = location->getValue(0);
      const unsigned width = integerWidth(value->getType());
      const auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(value->getType());
      const unsigned elements = vector ? vector->getNumElements() : 1;
      // The bits of the variable the location describes: its fragment's, else all.
      llvm::DIExpression *expression = location->getExpression();
      uint64_t bits = location->getVariable()->getSizeInBits().value_or(width * elements);
      if (auto fragment = expression->getFragmentInfo()) bits = fragment->SizeInBits;
      const uint64_t stride = bits / elements;
      const uint64_t described = std::min<uint64_t>(width, stride);
      const bool known = !llvm::isa<llvm::Instruction>(value) || values_.count(value);
      // element -> its halves' fragments
      std::vector<std::pair<llvm::DIExpression *, llvm::DIExpression *>> fragments;
      for (unsigned e = 0; known && described > 64 && bits % elements == 0 && e < elements; ++e) {
        auto low = llvm::DIExpression::createFragmentExpression(expression, e * stride, 64);
        auto high = llvm::DIExpression::createFragmentExpression(expression, e * stride + 64,
                                                                 described - 64);
        if (!low || !high) break;
        fragments.emplace_back(*low, *high);
      }
      if (fragments.size() != elements) {
        location->eraseFromParent();
        ++dropped;
        continue;
      }
      const Halves halves = get(value);
      llvm::IRBuilder<> builder(location);
      builder.SetCurrentDebugLocation(location->getDebugLoc());
      for (unsigned e = 0; e < elements; ++e) {
        const Halves element = vector
                                   ? Halves{builder.CreateExtractElement(halves.low, uint64_t{e}),
                                            builder.CreateExtractElement(halves.high, uint64_t{e})}
                                   : halves;
        for (auto [half, fragment] : {std::pair{element.low, fragments[e].first},
                                      std::pair{element.high, fragments[e].second}}) {
          auto *piece = llvm::cast<llvm::DbgValueInst>(location->clone());
          piece->insertBefore(location);
          piece->replaceVariableLocationOp(0u, half);
          piece->setExpression(fragment);
        }
      }
      location->eraseFromParent();
    }
    return dropped;
  }

  /// `type` (a wide integer or a vector of them) with 64-bit integers.
  static llvm::Type *halfType(llvm::Type *type) {
    llvm::Type *i64 = llvm::Type::getInt64Ty(type->getContext());
    if (auto *vector = llvm::dyn_cast<llvm::VectorType>(type))
      return llvm::VectorType::get(i64, vector->getElementCount());
    return i64;
  }

  /// How many bits of a value of `type` the high half holds.
  static unsigned highBits(const llvm::Type *type) { return integerWidth(type) - 64; }

  static llvm::Constant *splat(llvm::Type *type, uint64_t value) {
    return llvm::ConstantInt::get(type, value); // splats for a vector type
  }

  /// The halves of `value`, a wide integer.
  Halves get(llvm::Value *value) {
    if (auto found = values_.find(value); found != values_.end()) return found->second;
    auto *constant = llvm::cast<llvm::Constant>(value); // isSupportedWide() saw to it
    llvm::Type *half = halfType(value->getType());
    if (llvm::isa<llvm::UndefValue>(constant))
      return {llvm::UndefValue::get(half), llvm::UndefValue::get(half)};
    // Folded to constants: constant integers and vectors of them.
    return {llvm::ConstantExpr::getTrunc(constant, half),
            llvm::ConstantExpr::getTrunc(
                llvm::ConstantExpr::getLShr(constant, splat(value->getType(), 64)), half)};
  }

  /// `high` with the bits above `bits` cleared.
  static llvm::Value *mask(llvm::IRBuilder<> &builder, llvm::Value *high, unsigned bits) {
    if (bits >= 64) return high;
    return builder.CreateAnd(high, splat(high->getType(), (uint64_t{1} << bits) - 1));
  }

  /// `high`, holding `bits` bits, sign-extended from bit bits - 1 to 64 bits.
  static llvm::Value *signExtended(llvm::IRBuilder<> &builder, llvm::Value *high, unsigned bits) {
    if (bits >= 64) return high;
    llvm::Value *shift = splat(high->getType(), 64 - bits);
    return builder.CreateAShr(builder.CreateShl(high, shift), shift);
  }

  /// The high 64 bits of the 128-bit product of two 64-bit integers, from the four
  /// products of their 32-bit halves (OpenCL C 3.0 §6.15.3's mul_hi, written out).
  static llvm::Value *productHigh(llvm::IRBuilder<> &builder, llvm::Value *a, llvm::Value *b) {
    llvm::Type *type = a->getType();
    llvm::Value *low32 = splat(type, 0xFFFFFFFFu), *shift = splat(type, 32);
    llvm::Value *a0 = builder.CreateAnd(a, low32), *a1 = builder.CreateLShr(a, shift);
    llvm::Value *b0 = builder.CreateAnd(b, low32), *b1 = builder.CreateLShr(b, shift);
    llvm::Value *p00 = builder.CreateMul(a0, b0), *p01 = builder.CreateMul(a0, b1);
    llvm::Value *p10 = builder.CreateMul(a1, b0), *p11 = builder.CreateMul(a1, b1);
    // Bits 32 to 95 of the product, below 3 * 2^32: no carry out of 64 bits.
    llvm::Value *middle = builder.CreateAdd(
        builder.CreateAdd(builder.CreateLShr(p00, shift), builder.CreateAnd(p01, low32)),
        builder.CreateAnd(p10, low32));
    return builder.CreateAdd(
        builder.CreateAdd(
            p11, builder.CreateAdd(builder.CreateLShr(p01, shift), builder.CreateLShr(p10, shift))),
        builder.CreateLShr(middle, shift));
  }

  void define(llvm::Instruction &instruction, Halves halves) {
    values_[&instruction] = halves;
    replaced_.push_back(&instruction);
  }

  void replace(llvm::Instruction &instruction, llvm::Value *value) {
    instruction.replaceAllUsesWith(value);
    replaced_.push_back(&instruction);
  }

  void rewrite(llvm::Instruction &instruction) {
    llvm::IRBuilder<> builder(&instruction);
    llvm::Type *type = instruction.getType();
    if (auto *intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&instruction))
      return rewriteIntrinsic(builder, *intrinsic);
    if (auto *binary = llvm::dyn_cast<llvm::BinaryOperator>(&instruction))
      return rewriteBinary(builder, *binary);
    switch (instruction.getOpcode()) {
    case llvm::Instruction::ICmp: {
      auto &compare = llvm::cast<llvm::ICmpInst>(instruction);
      return replace(instruction, this->compare(builder, compare.getPredicate(),
                                                compare.getOperand(0), compare.getOperand(1)));
    }
    case llvm::Instruction::Trunc: {
      const Halves source = get(instruction.getOperand(0));
      if (!isWide(type)) return replace(instruction, builder.CreateZExtOrTrunc(source.low, type));
      return define(instruction, {source.low, mask(builder, source.high, highBits(type))});
    }
    case llvm::Instruction::ZExt: {
      llvm::Value *source = instruction.getOperand(0);
      llvm::Type *half = halfType(type);
      if (isWide(source->getType())) return define(instruction, get(source));
      return define(instruction,
                    {builder.CreateZExtOrTrunc(source, half), llvm::Constant::getNullValue(half)});
    }
    case llvm::Instruction::SExt: {
      llvm::Value *source = instruction.getOperand(0);
      if (isWide(source->getType())) {
        const Halves halves = get(source);
        return define(instruction, {halves.low, mask(builder,
                                                     signExtended(builder, halves.high,
                                                                  highBits(source->getType())),
                                                     highBits(type))});
      }
      llvm::Value *low = builder.CreateSExtOrTrunc(source, halfType(type));
      return define(
          instruction,
          {low, mask(builder, builder.CreateAShr(low, splat(low->getType(), 63)), highBits(type))});
    }
    case llvm::Instruction::Select: {
      auto &select = llvm::cast<llvm::SelectInst>(instruction);
      const Halves a = get(select.getTrueValue()), b = get(select.getFalseValue());
      return define(instruction, {builder.CreateSelect(select.getCondition(), a.low, b.low),
                                  builder.CreateSelect(select.getCondition(), a.high, b.high)});
    }
    case llvm::Instruction::ExtractElement: {
      auto &extract = llvm::cast<llvm::ExtractElementInst>(instruction);
      const Halves vector = get(extract.getVectorOperand());
      llvm::Value *index = extract.getIndexOperand();
      return define(instruction, {builder.CreateExtractElement(vector.low, index),
                                  builder.CreateExtractElement(vector.high, index)});
    }
    case llvm::Instruction::InsertElement: {
      const Halves vector = get(instruction.getOperand(0)),
                   element = get(instruction.getOperand(1));
      llvm::Value *index = instruction.getOperand(2);
      return define(instruction, {builder.CreateInsertElement(vector.low, element.low, index),
                                  builder.CreateInsertElement(vector.high, element.high, index)});
    }
    case llvm::Instruction::ShuffleVector: {
      auto &shuffle = llvm::cast<llvm::ShuffleVectorInst>(instruction);
      const Halves a = get(shuffle.getOperand(0)), b = get(shuffle.getOperand(1));
      return define(instruction,
                    {builder.CreateShuffleVector(a.low, b.low, shuffle.getShuffleMask()),
                     builder.CreateShuffleVector(a.high, b.high, shuffle.getShuffleMask())});
    }
    case llvm::Instruction::BitCast:
      return rewriteBitCast(builder, instruction);
    case llvm::Instruction::Load: {
      auto &load = llvm::cast<llvm::LoadInst>(instruction);
      llvm::AllocaInst *pointer = localOf(load.getPointerOperand());
      if (!pointer) return define(instruction, loadBytes(builder, load));
      return define(instruction, loadLocal(builder, load, *locals_.lookup(pointer)));
    }
    case llvm::Instruction::Store: {
      auto &store = llvm::cast<llvm::StoreInst>(instruction);
      const Halves value = get(store.getValueOperand());
      replaced_.push_back(&instruction);
      llvm::AllocaInst *pointer = localOf(store.getPointerOperand());
      if (!pointer) return storeBytes(builder, store, value);
      return storeLocal(builder, store, *locals_.lookup(pointer), value);
    }
    default:
      return; // only variable locations (dropped before) and what isSupportedWide() accepts
    }
  }

  /// A bitcast between 128-bit integers and another type of their size, through
  /// 64-bit pieces: each integer's low half, then its high half (SPIR is little-endian).
  void rewriteBitCast(llvm::IRBuilder<> &builder, llvm::Instruction &cast) {
    llvm::Value *source = cast.getOperand(0);
    llvm::Type *wide = isWide(source->getType()) ? source->getType() : cast.getType();
    const auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(wide);
    const unsigned count = vector ? vector->getNumElements() : 1;
    auto *pieces = llvm::FixedVectorType::get(builder.getInt64Ty(), 2 * count);
    if (isWide(source->getType())) {
      const Halves halves = get(source);
      llvm::Value *joined = nullptr;
      if (vector) {
        llvm::SmallVector<int, 16> interleaved;
        for (unsigned i = 0; i < count; ++i) interleaved.append({int(i), int(count + i)});
        joined = builder.CreateShuffleVector(halves.low, halves.high, interleaved);
      } else {
        joined =
            builder.CreateInsertElement(llvm::UndefValue::get(pieces), halves.low, uint64_t{0});
        joined = builder.CreateInsertElement(joined, halves.high, uint64_t{1});
      }
      return replace(cast, builder.CreateBitCast(joined, cast.getType()));
    }
    llvm::Value *split = builder.CreateBitCast(source, pieces);
    if (!vector)
      return define(cast, {builder.CreateExtractElement(split, uint64_t{0}),
                           builder.CreateExtractElement(split, uint64_t{1})});
    llvm::SmallVector<int, 16> lows, highs;
    for (unsigned i = 0; i < count; ++i) {
      lows.push_back(int(2 * i));
      highs.push_back(int(2 * i + 1));
    }
    define(cast, {builder.CreateShuffleVector(split, split, lows),
                  builder.CreateShuffleVector(split, split, highs)});
  }

  /// The address `pointer` (to a wide integer, isWideAddress()) names, as a byte
  /// pointer: the pointer it casts, plus each index times the wide integer's size.
  llvm::Value *byteAddress(llvm::IRBuilder<> &builder, llvm::Value *pointer) {
    const unsigned space = pointer->getType()->getPointerAddressSpace();
    if (auto *cast = llvm::dyn_cast<llvm::BitCastOperator>(pointer)) {
      llvm::Value *source = cast->getOperand(0);
      return isPointerToWide(source->getType())
                 ? byteAddress(builder, source)
                 : builder.CreateBitCast(source, builder.getInt8PtrTy(space));
    }
    auto *element = llvm::cast<llvm::GEPOperator>(pointer);
    const llvm::DataLayout &layout = function_.getParent()->getDataLayout();
    llvm::Type *indexType = layout.getIndexType(pointer->getType());
    // Indices are signed, extended to the index width (LLVM LangRef, getelementptr).
    llvm::Value *offset =
        builder.CreateMul(builder.CreateSExtOrTrunc(element->getOperand(1), indexType),
                          llvm::ConstantInt::get(
                              indexType, layout.getTypeAllocSize(element->getSourceElementType())));
    return builder.CreateGEP(builder.getInt8Ty(),
                             byteAddress(builder, element->getPointerOperand()), offset);
  }

  /// How many wide integers a value of `type` (one, or a vector of them) holds.
  static unsigned elementCount(const llvm::Type *type) {
    const auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(type);
    return vector ? vector->getNumElements() : 1;
  }

  /// A load of a variable isLocalOfHalves() accepted from its words `halves`: element
  /// i's low half is word 2 i, its high half word 2 i + 1 (byte 16 i + 8).
  static Halves loadLocal(llvm::IRBuilder<> &builder, const llvm::LoadInst &load,
                          llvm::AllocaInst &halves) {
    llvm::Type *type = load.getType(), *i64 = builder.getInt64Ty();
    const unsigned count = elementCount(type);
    Halves result;
    if (type->isVectorTy())
      result = {llvm::UndefValue::get(halfType(type)), llvm::UndefValue::get(halfType(type))};
    for (unsigned e = 0; e < count; ++e)
      for (unsigned i : {0u, 1u}) {
        llvm::Value *word = builder.CreateAlignedLoad(
            i64,
            builder.CreateConstInBoundsGEP2_32(halves.getAllocatedType(), &halves, 0, 2 * e + i),
            llvm::commonAlignment(load.getAlign(), 16 * e + 8 * i), load.isVolatile());
        llvm::Value *&half = i ? result.high : result.low;
        half = type->isVectorTy() ? builder.CreateInsertElement(half, word, uint64_t{e}) : word;
      }
    return result;
  }

  /// A store of `value` to a variable isLocalOfHalves() accepted, in its words `halves`.
  static void storeLocal(llvm::IRBuilder<> &builder, const llvm::StoreInst &store,
                         llvm::AllocaInst &halves, const Halves &value) {
    llvm::Type *type = store.getValueOperand()->getType();
    for (unsigned e = 0; e < elementCount(type); ++e)
      for (unsigned i : {0u, 1u}) {
        llvm::Value *half = i ? value.high : value.low;
        builder.CreateAlignedStore(
            type->isVectorTy() ? builder.CreateExtractElement(half, uint64_t{e}) : half,
            builder.CreateConstInBoundsGEP2_32(halves.getAllocatedType(), &halves, 0, 2 * e + i),
            llvm::commonAlignment(store.getAlign(), 16 * e + 8 * i), store.isVolatile());
      }
  }

  /// A load of a wide integer from memory: exactly its bytes (LLVM LangRef, load: an
  /// i96 load reads twelve), the bits above the width cleared.
  Halves loadBytes(llvm::IRBuilder<> &builder, llvm::LoadInst &load) {
    llvm::Value *bytes = byteAddress(builder, load.getPointerOperand());
    const unsigned width = integerWidth(load.getType());
    llvm::Type *i64 = builder.getInt64Ty();
    Halves halves{llvm::ConstantInt::get(i64, 0), llvm::ConstantInt::get(i64, 0)};
    for (auto [offset, size] : accessPieces((width + 7) / 8, load.getAlign(), 8)) {
      llvm::Type *pieceType = builder.getIntNTy(size * 8);
      llvm::Value *piece =
          builder.CreateAlignedLoad(pieceType, pieceAddress(builder, bytes, offset, pieceType),
                                    llvm::commonAlignment(load.getAlign(), offset));
      piece = builder.CreateZExt(piece, i64);
      llvm::Value *&half = offset < 8 ? halves.low : halves.high;
      half = builder.CreateOr(half, builder.CreateShl(piece, (offset % 8) * 8));
    }
    halves.high = mask(builder, halves.high, highBits(load.getType()));
    return halves;
  }

  /// A store of a wide integer to memory: exactly its bytes.
  void storeBytes(llvm::IRBuilder<> &builder, llvm::StoreInst &store, const Halves &value) {
    llvm::Value *bytes = byteAddress(builder, store.getPointerOperand());
    const unsigned width = integerWidth(store.getValueOperand()->getType());
    for (auto [offset, size] : accessPieces((width + 7) / 8, store.getAlign(), 8)) {
      llvm::Type *pieceType = builder.getIntNTy(size * 8);
      llvm::Value *half = offset < 8 ? value.low : value.high;
      builder.CreateAlignedStore(
          builder.CreateTrunc(builder.CreateLShr(half, (offset % 8) * 8), pieceType),
          pieceAddress(builder, bytes, offset, pieceType),
          llvm::commonAlignment(store.getAlign(), offset));
    }
  }

  /// The casts to pointers to wide integers and the indexing of them that loads and
  /// stores went through, now unused. A variable location naming a cast names the
  /// pointer cast instead (the same address); one naming an element is dropped (erasing
  /// would leave it an undefined pointer to a wide integer); `dropped` counts them.
  void eraseWideAddresses(unsigned &dropped) {
    for (bool erased = true; erased;) {
      erased = false;
      for (llvm::Instruction &instruction :
           llvm::make_early_inc_range(llvm::instructions(function_))) {
        if (!instruction.use_empty() || !isPointerToWide(instruction.getType()) ||
            (!llvm::isa<llvm::BitCastInst>(instruction) &&
             !llvm::isa<llvm::GetElementPtrInst>(instruction)))
          continue;
        llvm::SmallVector<llvm::DbgVariableIntrinsic *, 1> locations;
        llvm::findDbgUsers(locations, &instruction);
        for (llvm::DbgVariableIntrinsic *location : locations)
          if (llvm::isa<llvm::BitCastInst>(instruction)) {
            location->replaceVariableLocationOp(&instruction, instruction.getOperand(0));
          } else {
            location->eraseFromParent();
            ++dropped;
          }
        instruction.eraseFromParent();
        erased = true;
      }
    }
  }

  /// `a predicate b` on two wide values: the high halves decide unless equal (signed
  /// predicates compare them as signed), then the low halves unsigned.
  llvm::Value *compare(llvm::IRBuilder<> &builder, llvm::CmpInst::Predicate predicate,
                       llvm::Value *left, llvm::Value *right) {
    const Halves a = get(left), b = get(right);
    if (predicate == llvm::CmpInst::ICMP_EQ)
      return builder.CreateAnd(builder.CreateICmpEQ(a.low, b.low),
                               builder.CreateICmpEQ(a.high, b.high));
    if (predicate == llvm::CmpInst::ICMP_NE)
      return builder.CreateOr(builder.CreateICmpNE(a.low, b.low),
                              builder.CreateICmpNE(a.high, b.high));
    llvm::Value *aHigh = a.high, *bHigh = b.high;
    if (llvm::CmpInst::isSigned(predicate)) {
      const unsigned bits = highBits(left->getType());
      aHigh = signExtended(builder, aHigh, bits);
      bHigh = signExtended(builder, bHigh, bits);
    }
    return builder.CreateSelect(
        builder.CreateICmpEQ(aHigh, bHigh),
        builder.CreateICmp(llvm::CmpInst::isSigned(predicate)
                               ? llvm::CmpInst::getFlippedSignednessPredicate(predicate)
                               : predicate,
                           a.low, b.low),
        builder.CreateICmp(llvm::CmpInst::getStrictPredicate(predicate), aHigh, bHigh));
  }

  void rewriteBinary(llvm::IRBuilder<> &builder, llvm::BinaryOperator &binary) {
    const Halves a = get(binary.getOperand(0)), b = get(binary.getOperand(1));
    switch (const auto opcode = binary.getOpcode()) {
    case llvm::Instruction::UDiv:
    case llvm::Instruction::SDiv:
    case llvm::Instruction::URem:
    case llvm::Instruction::SRem: {
      const bool isSigned = opcode == llvm::Instruction::SDiv || opcode == llvm::Instruction::SRem;
      const auto parts = divideWide(builder, a.low, a.high, b.low, b.high, isSigned,
                                    integerWidth(binary.getType()));
      const bool quotient = opcode == llvm::Instruction::UDiv || opcode == llvm::Instruction::SDiv;
      return define(binary, quotient ? Halves{parts[0], parts[1]} : Halves{parts[2], parts[3]});
    }
    default:
      return define(binary, arithmetic(builder, opcode, a, b, highBits(binary.getType())));
    }
  }

  /// `a opcode b` on two wide values whose high halves hold `bits` bits.
  static Halves arithmetic(llvm::IRBuilder<> &builder, llvm::Instruction::BinaryOps opcode,
                           const Halves &a, const Halves &b, unsigned bits) {
    llvm::Type *half = a.low->getType();
    switch (opcode) {
    case llvm::Instruction::Add: {
      llvm::Value *low = builder.CreateAdd(a.low, b.low);
      llvm::Value *carry = builder.CreateZExt(builder.CreateICmpULT(low, a.low), half);
      return {low,
              mask(builder, builder.CreateAdd(builder.CreateAdd(a.high, b.high), carry), bits)};
    }
    case llvm::Instruction::Sub: {
      llvm::Value *borrow = builder.CreateZExt(builder.CreateICmpULT(a.low, b.low), half);
      return {builder.CreateSub(a.low, b.low),
              mask(builder, builder.CreateSub(builder.CreateSub(a.high, b.high), borrow), bits)};
    }
    case llvm::Instruction::Mul: {
      // (2^64 ah + al)(2^64 bh + bl) = al bl + 2^64 (ah bl + al bh) modulo 2^128.
      llvm::Value *high = builder.CreateAdd(
          productHigh(builder, a.low, b.low),
          builder.CreateAdd(builder.CreateMul(a.high, b.low), builder.CreateMul(a.low, b.high)));
      return {builder.CreateMul(a.low, b.low), mask(builder, high, bits)};
    }
    case llvm::Instruction::Shl:
    case llvm::Instruction::LShr:
    case llvm::Instruction::AShr:
      return shift(builder, opcode, a, b.low, bits);
    default: // and, or, xor: half by half
      return {builder.CreateBinOp(opcode, a.low, b.low),
              builder.CreateBinOp(opcode, a.high, b.high)};
    }
  }

  /// `a` shifted by `amount` (the low half of the shift: one of 2^64 or more is beyond
  /// the width, whose result is poison, LLVM LangRef). Every shift of a half is by
  /// less than 64, so none is out of range whichever side the selects keep.
  static Halves shift(llvm::IRBuilder<> &builder, llvm::Instruction::BinaryOps opcode,
                      const Halves &a, llvm::Value *amount, unsigned bits) {
    llvm::Type *type = amount->getType();
    llvm::Value *one = splat(type, 1), *bits63 = splat(type, 63);
    llvm::Value *within = builder.CreateICmpULT(amount, splat(type, 64));
    llvm::Value *small = builder.CreateAnd(amount, bits63); // amount < 64
    llvm::Value *large = builder.CreateAnd(builder.CreateSub(amount, splat(type, 64)), bits63);
    llvm::Value *rest = builder.CreateSub(bits63, small); // x >> 1 >> rest is x >> (64 - small)
    llvm::Value *zero = llvm::Constant::getNullValue(type);
    if (opcode == llvm::Instruction::Shl) {
      llvm::Value *high =
          builder.CreateOr(builder.CreateShl(a.high, small),
                           builder.CreateLShr(builder.CreateLShr(a.low, one), rest));
      return {
          builder.CreateSelect(within, builder.CreateShl(a.low, small), zero),
          mask(builder, builder.CreateSelect(within, high, builder.CreateShl(a.low, large)), bits)};
    }
    // Right shifts: the high half as the top of a 128-bit value (sign-extended for ashr).
    const bool arithmetic = opcode == llvm::Instruction::AShr;
    llvm::Value *top = arithmetic ? signExtended(builder, a.high, bits) : a.high;
    llvm::Value *low = builder.CreateOr(builder.CreateLShr(a.low, small),
                                        builder.CreateShl(builder.CreateShl(top, one), rest));
    llvm::Value *shiftedTop =
        arithmetic ? builder.CreateAShr(top, small) : builder.CreateLShr(top, small);
    llvm::Value *beyond =
        arithmetic ? builder.CreateAShr(top, large) : builder.CreateLShr(top, large);
    llvm::Value *fill = arithmetic ? builder.CreateAShr(top, bits63) : zero;
    return {builder.CreateSelect(within, low, beyond),
            mask(builder, builder.CreateSelect(within, shiftedTop, fill), bits)};
  }

  void rewriteIntrinsic(llvm::IRBuilder<> &builder, llvm::IntrinsicInst &intrinsic) {
    const Halves a = get(intrinsic.getArgOperand(0));
    switch (intrinsic.getIntrinsicID()) {
    case llvm::Intrinsic::ctpop: {
      llvm::Value *count =
          builder.CreateAdd(builder.CreateUnaryIntrinsic(llvm::Intrinsic::ctpop, a.low),
                            builder.CreateUnaryIntrinsic(llvm::Intrinsic::ctpop, a.high));
      return define(intrinsic, {count, llvm::Constant::getNullValue(count->getType())});
    }
    case llvm::Intrinsic::ctlz: { // the high half's zeros above the width do not count
      const unsigned bits = highBits(intrinsic.getType());
      llvm::Type *half = a.low->getType();
      llvm::Value *fromHigh = builder.CreateSub(
          builder.CreateBinaryIntrinsic(llvm::Intrinsic::ctlz, a.high, builder.getFalse()),
          splat(half, 64 - bits));
      llvm::Value *fromLow = builder.CreateAdd(
          builder.CreateBinaryIntrinsic(llvm::Intrinsic::ctlz, a.low, builder.getFalse()),
          splat(half, bits));
      return define(intrinsic,
                    {builder.CreateSelect(builder.CreateIsNotNull(a.high), fromHigh, fromLow),
                     llvm::Constant::getNullValue(half)});
    }
    case llvm::Intrinsic::cttz: { // a zero counts the width
      const unsigned bits = highBits(intrinsic.getType());
      llvm::Type *half = a.low->getType();
      llvm::Value *high =
          bits < 64 ? builder.CreateOr(a.high, splat(half, uint64_t{1} << bits)) : a.high;
      llvm::Value *fromHigh = builder.CreateAdd(
          builder.CreateBinaryIntrinsic(llvm::Intrinsic::cttz, high, builder.getFalse()),
          splat(half, 64));
      return define(intrinsic,
                    {builder.CreateSelect(builder.CreateIsNotNull(a.low),
                                          builder.CreateBinaryIntrinsic(llvm::Intrinsic::cttz,
                                                                        a.low, builder.getFalse()),
                                          fromHigh),
                     llvm::Constant::getNullValue(half)});
    }
    case llvm::Intrinsic::umin:
    case llvm::Intrinsic::umax:
    case llvm::Intrinsic::smin:
    case llvm::Intrinsic::smax: {
      static const std::pair<llvm::Intrinsic::ID, llvm::CmpInst::Predicate> predicates[] = {
          {llvm::Intrinsic::umin, llvm::CmpInst::ICMP_ULT},
          {llvm::Intrinsic::umax, llvm::CmpInst::ICMP_UGT},
          {llvm::Intrinsic::smin, llvm::CmpInst::ICMP_SLT},
          {llvm::Intrinsic::smax, llvm::CmpInst::ICMP_SGT}};
      llvm::CmpInst::Predicate predicate = llvm::CmpInst::ICMP_ULT;
      for (auto [id, p] : predicates)
        if (id == intrinsic.getIntrinsicID()) predicate = p;
      llvm::Value *first =
          compare(builder, predicate, intrinsic.getArgOperand(0), intrinsic.getArgOperand(1));
      const Halves b = get(intrinsic.getArgOperand(1));
      return define(intrinsic, {builder.CreateSelect(first, a.low, b.low),
                                builder.CreateSelect(first, a.high, b.high)});
    }
    case llvm::Intrinsic::vector_reduce_add:
    case llvm::Intrinsic::vector_reduce_mul:
    case llvm::Intrinsic::vector_reduce_and:
    case llvm::Intrinsic::vector_reduce_or:
    case llvm::Intrinsic::vector_reduce_xor: {
      // The elements combined in order (the order of an integer reduction does not
      // change its result).
      static const std::pair<llvm::Intrinsic::ID, llvm::Instruction::BinaryOps> operations[] = {
          {llvm::Intrinsic::vector_reduce_add, llvm::Instruction::Add},
          {llvm::Intrinsic::vector_reduce_mul, llvm::Instruction::Mul},
          {llvm::Intrinsic::vector_reduce_and, llvm::Instruction::And},
          {llvm::Intrinsic::vector_reduce_or, llvm::Instruction::Or},
          {llvm::Intrinsic::vector_reduce_xor, llvm::Instruction::Xor}};
      llvm::Instruction::BinaryOps opcode = llvm::Instruction::Add;
      for (auto [id, o] : operations)
        if (id == intrinsic.getIntrinsicID()) opcode = o;
      const auto *vector = llvm::cast<llvm::FixedVectorType>(a.low->getType());
      Halves result{builder.CreateExtractElement(a.low, uint64_t{0}),
                    builder.CreateExtractElement(a.high, uint64_t{0})};
      for (unsigned i = 1; i < vector->getNumElements(); ++i)
        result = arithmetic(builder, opcode, result,
                            {builder.CreateExtractElement(a.low, uint64_t{i}),
                             builder.CreateExtractElement(a.high, uint64_t{i})},
                            highBits(intrinsic.getType()));
      return define(intrinsic, result);
    }
    default: // a variable location: dropped before
      return;
    }
  }

  llvm::Function &function_;
  llvm::DenseMap<llvm::Value *, Halves> values_;                  ///< wide value -> its halves
  llvm::DenseMap<llvm::AllocaInst *, llvm::AllocaInst *> locals_; ///< wide -> [2 x i64]
  std::vector<llvm::Instruction *> replaced_; ///< to erase once all are rewritten
  std::vector<llvm::DbgValueInst *> split_;   ///< locations of wide scalars, to split
};

} // namespace

bool hasWideLowering(const llvm::Instruction &instruction) {
  if (const auto *local = llvm::dyn_cast<llvm::AllocaInst>(&instruction))
    return !isWide(local->getAllocatedType()) || isLocalOfHalves(*local);
  return isSupportedWide(instruction);
}

WideLowering lowerWideIntegers(llvm::Function &function) {
  return WideLowerer(function).run();
}

} // namespace spvsim::frontend
