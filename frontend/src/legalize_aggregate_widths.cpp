// Arrays and structures of illegal integer widths retyped (see legalize_aggregate_widths.h).
#include "legalize_aggregate_widths.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/STLExtras.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

#include <vector>

namespace spvsim::frontend {

namespace {

/// SPIR-V for OpenCL's integer widths (OpenCL SPIR-V Env §2.4).
bool isLegalElementWidth(unsigned width) {
  return width == 1 || width == 8 || width == 16 || width == 32 || width == 64;
}

/// The types of a module with their illegal integers replaced, remembered.
class AggregateRetyper {
public:
  explicit AggregateRetyper(const llvm::DataLayout &layout) : layout_(layout) {}

  /// `type` (an array or a structure) with legal integers in place of illegal ones, laid
  /// out as `type` is; `type` itself when it holds none or no replacement keeps the
  /// layout. Integers, vectors and pointers are their own (they are not aggregates).
  llvm::Type *legal(llvm::Type *type) {
    if (!type->isArrayTy() && !type->isStructTy()) return type;
    if (auto found = types_.find(type); found != types_.end()) return found->second;
    llvm::Type *result = replaced(type);
    if (result != type && !sameLayout(type, result)) result = type;
    types_[type] = result;
    return result;
  }

  bool changes(llvm::Type *type) { return legal(type) != type; }

  /// `constant`, of type `from`, as a constant of legal(from); nullptr when it cannot be.
  llvm::Constant *convert(llvm::Constant *constant, llvm::Type *to) {
    llvm::Type *from = constant->getType();
    if (from == to) return constant;
    if (llvm::isa<llvm::PoisonValue>(constant)) return llvm::PoisonValue::get(to);
    if (llvm::isa<llvm::UndefValue>(constant)) return llvm::UndefValue::get(to);
    if (constant->isNullValue()) return llvm::Constant::getNullValue(to);
    if (auto *integer = llvm::dyn_cast<llvm::ConstantInt>(constant)) {
      if (auto *legalInteger = llvm::dyn_cast<llvm::IntegerType>(to))
        return llvm::ConstantInt::get(legalInteger,
                                      integer->getValue().zext(legalInteger->getBitWidth()));
      const llvm::APInt value = integer->getValue().zext(128);
      llvm::Type *word = llvm::Type::getInt64Ty(constant->getContext());
      return llvm::ConstantArray::get(llvm::cast<llvm::ArrayType>(to),
                                      {llvm::ConstantInt::get(word, value.trunc(64)),
                                       llvm::ConstantInt::get(word, value.lshr(64).trunc(64))});
    }
    std::vector<llvm::Constant *> elements;
    if (auto *array = llvm::dyn_cast<llvm::ArrayType>(to)) {
      for (uint64_t i = 0; i < array->getNumElements(); ++i) {
        llvm::Constant *element = constant->getAggregateElement(static_cast<unsigned>(i));
        elements.push_back(element ? convert(element, array->getElementType()) : nullptr);
        if (!elements.back()) return nullptr;
      }
      return llvm::ConstantArray::get(array, elements);
    }
    if (auto *structure = llvm::dyn_cast<llvm::StructType>(to)) {
      for (unsigned i = 0; i < structure->getNumElements(); ++i) {
        llvm::Constant *element = constant->getAggregateElement(i);
        elements.push_back(element ? convert(element, structure->getElementType(i)) : nullptr);
        if (!elements.back()) return nullptr;
      }
      return llvm::ConstantStruct::get(structure, elements);
    }
    return nullptr;
  }

private:
  /// The replacement of one element type (any type).
  llvm::Type *element(llvm::Type *type) {
    auto *integer = llvm::dyn_cast<llvm::IntegerType>(type);
    if (!integer) return legal(type);
    const unsigned width = integer->getBitWidth();
    if (isLegalElementWidth(width)) return type;
    for (unsigned promoted : {8u, 16u, 32u, 64u})
      if (width < promoted) return llvm::IntegerType::get(type->getContext(), promoted);
    if (width <= 128) return llvm::ArrayType::get(llvm::Type::getInt64Ty(type->getContext()), 2);
    return type;
  }

  llvm::Type *replaced(llvm::Type *type) {
    if (auto *array = llvm::dyn_cast<llvm::ArrayType>(type)) {
      llvm::Type *legalElement = element(array->getElementType());
      return legalElement == array->getElementType()
                 ? type
                 : llvm::ArrayType::get(legalElement, array->getNumElements());
    }
    auto *structure = llvm::cast<llvm::StructType>(type);
    if (structure->isOpaque()) return type;
    std::vector<llvm::Type *> elements;
    bool changed = false;
    for (llvm::Type *member : structure->elements()) {
      elements.push_back(element(member));
      changed |= elements.back() != member;
    }
    if (!changed) return type;
    if (structure->isLiteral())
      return llvm::StructType::get(type->getContext(), elements, structure->isPacked());
    return llvm::StructType::create(type->getContext(), elements,
                                    (structure->getName() + ".legal").str(), structure->isPacked());
  }

  /// The same size, alignment and member offsets (the elements' own layouts are checked
  /// as their replacements are made).
  bool sameLayout(llvm::Type *a, llvm::Type *b) const {
    if (layout_.getTypeAllocSize(a) != layout_.getTypeAllocSize(b) ||
        layout_.getABITypeAlign(a) != layout_.getABITypeAlign(b))
      return false;
    if (auto *array = llvm::dyn_cast<llvm::ArrayType>(a))
      return layout_.getTypeAllocSize(array->getElementType()) ==
             layout_.getTypeAllocSize(llvm::cast<llvm::ArrayType>(b)->getElementType());
    const llvm::StructLayout *first = layout_.getStructLayout(llvm::cast<llvm::StructType>(a));
    const llvm::StructLayout *second = layout_.getStructLayout(llvm::cast<llvm::StructType>(b));
    for (unsigned i = 0; i < a->getStructNumElements(); ++i)
      if (first->getElementOffset(i) != second->getElementOffset(i) ||
          layout_.getTypeAllocSize(a->getStructElementType(i)) !=
              layout_.getTypeAllocSize(b->getStructElementType(i)))
        return false;
    return true;
  }

  const llvm::DataLayout &layout_;
  llvm::DenseMap<llvm::Type *, llvm::Type *> types_;
};

/// The element type of a typed pointer; nullptr for other types.
llvm::Type *pointee(llvm::Type *type) {
  auto *pointer = llvm::dyn_cast<llvm::PointerType>(type);
  return pointer && !pointer->isOpaque() ? pointer->getNonOpaquePointerElementType() : nullptr;
}

/// The rewriting of one function's variables and indexing.
class AggregateFunctionRetyper {
public:
  AggregateFunctionRetyper(llvm::Function &function, AggregateRetyper &types)
      : function_(function), types_(types) {}

  unsigned run() {
    expandConstantIndexing();
    unsigned retyped = 0;
    std::vector<llvm::AllocaInst *> locals;
    std::vector<llvm::GetElementPtrInst *> indexing;
    for (llvm::Instruction &instruction : llvm::instructions(function_)) {
      if (auto *local = llvm::dyn_cast<llvm::AllocaInst>(&instruction);
          local && types_.changes(local->getAllocatedType()))
        locals.push_back(local);
      if (auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(&instruction);
          gep && changesIndexing(gep->getSourceElementType()))
        indexing.push_back(gep);
    }
    for (llvm::AllocaInst *local : locals) retype(*local);
    for (llvm::GetElementPtrInst *gep : indexing) retype(*gep);
    if (locals.empty() && indexing.empty()) return 0;
    retyped += static_cast<unsigned>(locals.size());
    foldCasts();
    return retyped;
  }

private:
  /// Whether indexing `type` (an aggregate that changes, or an illegal integer, whose
  /// elements are as far apart as the replacement's) is rewritten.
  bool changesIndexing(llvm::Type *type) {
    if (auto *integer = llvm::dyn_cast<llvm::IntegerType>(type))
      return !isLegalElementWidth(integer->getBitWidth()) && integer->getBitWidth() <= 128 &&
             types_.changes(llvm::ArrayType::get(type, 1));
    return types_.changes(type);
  }

  /// The legal form of an indexed type (an illegal integer indexes as its replacement).
  llvm::Type *indexedType(llvm::Type *type) {
    if (type->isIntegerTy())
      return llvm::cast<llvm::ArrayType>(types_.legal(llvm::ArrayType::get(type, 1)))
          ->getElementType();
    return types_.legal(type);
  }

  /// Constant indexing of a retyped global (-O2: `getelementptr ([4 x i96], @table, 0, 1)`)
  /// made instructions, which retype() then rewrites.
  void expandConstantIndexing() {
    std::vector<std::pair<llvm::Instruction *, unsigned>> uses;
    for (llvm::Instruction &instruction : llvm::instructions(function_))
      for (unsigned i = 0; i < instruction.getNumOperands(); ++i)
        if (auto *constant = llvm::dyn_cast<llvm::ConstantExpr>(instruction.getOperand(i));
            constant && holdsRetypedIndexing(constant))
          uses.emplace_back(&instruction, i);
    while (!uses.empty()) {
      auto [user, i] = uses.back();
      uses.pop_back();
      auto *constant = llvm::cast<llvm::ConstantExpr>(user->getOperand(i));
      llvm::Instruction *before = user;
      if (auto *phi = llvm::dyn_cast<llvm::PHINode>(user))
        before = phi->getIncomingBlock(i)->getTerminator();
      llvm::Instruction *expanded = constant->getAsInstruction(before);
      user->setOperand(i, expanded);
      for (unsigned j = 0; j < expanded->getNumOperands(); ++j)
        if (auto *inner = llvm::dyn_cast<llvm::ConstantExpr>(expanded->getOperand(j));
            inner && holdsRetypedIndexing(inner))
          uses.emplace_back(expanded, j);
    }
  }

  bool holdsRetypedIndexing(const llvm::ConstantExpr *constant) {
    if (const auto *gep = llvm::dyn_cast<llvm::GEPOperator>(constant);
        gep && changesIndexing(gep->getSourceElementType()))
      return true;
    for (const llvm::Use &operand : constant->operands())
      if (const auto *inner = llvm::dyn_cast<llvm::ConstantExpr>(operand.get());
          inner && holdsRetypedIndexing(inner))
        return true;
    return false;
  }

  /// A variable of the same layout and the legal type; its users see it through a cast
  /// to its old type (folded away by foldCasts()), its debug information names it.
  void retype(llvm::AllocaInst &local) {
    auto *legal =
        new llvm::AllocaInst(types_.legal(local.getAllocatedType()), local.getAddressSpace(),
                             local.getArraySize(), local.getAlign(), "", &local);
    legal->takeName(&local);
    llvm::SmallVector<llvm::DbgVariableIntrinsic *, 1> locations;
    llvm::findDbgUsers(locations, &local);
    for (llvm::DbgVariableIntrinsic *location : locations)
      location->replaceVariableLocationOp(&local, legal);
    local.replaceAllUsesWith(new llvm::BitCastInst(legal, local.getType(), "", &local));
    local.eraseFromParent();
  }

  /// The same indexing of the legal type (its offsets are the old type's), the element's
  /// address cast to the old result type for its users.
  void retype(llvm::GetElementPtrInst &gep) {
    llvm::Type *source = indexedType(gep.getSourceElementType());
    llvm::Value *pointer = gep.getPointerOperand();
    if (auto *cast = llvm::dyn_cast<llvm::BitCastOperator>(pointer);
        cast && pointee(cast->getOperand(0)->getType()) == source)
      pointer = cast->getOperand(0);
    else
      pointer = new llvm::BitCastInst(
          pointer, llvm::PointerType::get(source, gep.getPointerAddressSpace()), "", &gep);
    std::vector<llvm::Value *> indices(gep.idx_begin(), gep.idx_end());
    auto *legal = llvm::GetElementPtrInst::Create(source, pointer, indices, "", &gep);
    legal->setIsInBounds(gep.isInBounds());
    legal->setDebugLoc(gep.getDebugLoc());
    legal->takeName(&gep);
    llvm::Value *result = legal;
    if (legal->getType() != gep.getType())
      result = new llvm::BitCastInst(legal, gep.getType(), "", &gep);
    gep.replaceAllUsesWith(result);
    gep.eraseFromParent();
  }

  /// Casts of casts made one cast (an identity one its operand), and the casts left
  /// unused erased: no pointer to an old aggregate type remains unless a user the
  /// retyping does not rewrite needs it (the build then names the width).
  void foldCasts() {
    for (bool changed = true; changed;) {
      changed = false;
      for (llvm::Instruction &instruction :
           llvm::make_early_inc_range(llvm::instructions(function_))) {
        auto *cast = llvm::dyn_cast<llvm::BitCastInst>(&instruction);
        if (!cast || !cast->getType()->isPointerTy()) continue;
        if (auto *inner = llvm::dyn_cast<llvm::BitCastOperator>(cast->getOperand(0))) {
          cast->setOperand(0, inner->getOperand(0));
          changed = true;
        }
        if (cast->getType() == cast->getOperand(0)->getType() || cast->use_empty()) {
          llvm::SmallVector<llvm::DbgVariableIntrinsic *, 1> locations;
          llvm::findDbgUsers(locations, cast);
          for (llvm::DbgVariableIntrinsic *location : locations)
            location->replaceVariableLocationOp(cast, cast->getOperand(0));
          cast->replaceAllUsesWith(cast->getOperand(0));
          cast->eraseFromParent();
          changed = true;
        }
      }
    }
  }

  llvm::Function &function_;
  AggregateRetyper &types_;
};

} // namespace

unsigned legalizeAggregateWidths(llvm::Module &module) {
  AggregateRetyper types(module.getDataLayout());
  unsigned retyped = 0;
  for (llvm::GlobalVariable &global : llvm::make_early_inc_range(module.globals())) {
    llvm::Type *legal = types.legal(global.getValueType());
    if (legal == global.getValueType()) continue;
    llvm::Constant *initializer = nullptr;
    if (global.hasInitializer() && !(initializer = types.convert(global.getInitializer(), legal)))
      continue;
    auto *replacement = new llvm::GlobalVariable(
        module, legal, global.isConstant(), global.getLinkage(), initializer, "", &global,
        global.getThreadLocalMode(), global.getAddressSpace(), global.isExternallyInitialized());
    replacement->copyAttributesFrom(&global);
    replacement->copyMetadata(&global, 0);
    replacement->takeName(&global);
    global.replaceAllUsesWith(llvm::ConstantExpr::getBitCast(replacement, global.getType()));
    global.eraseFromParent();
    ++retyped;
  }
  for (llvm::Function &function : module)
    if (!function.isDeclaration()) retyped += AggregateFunctionRetyper(function, types).run();
  return retyped;
}

} // namespace spvsim::frontend
