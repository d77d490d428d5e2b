// The walk shared by the integer-width legalizations (see legalize_width_walk.h).
#include "legalize_width_walk.h"

#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

namespace spvsim::frontend {

unsigned integerWidth(const llvm::Type *type) {
  if (const auto *vector = llvm::dyn_cast<llvm::VectorType>(type)) type = vector->getElementType();
  if (const auto *integer = llvm::dyn_cast<llvm::IntegerType>(type)) return integer->getBitWidth();
  return 0;
}

bool involvesWidth(const llvm::Instruction &instruction,
                   llvm::function_ref<bool(const llvm::Type *)> hasWidth) {
  if (hasWidth(instruction.getType())) return true;
  for (const llvm::Use &operand : instruction.operands())
    if (hasWidth(operand->getType())) return true;
  return false;
}

bool isRewritable(const llvm::Function &function, const WidthRewrite &steps,
                  bool otherwiseInvolved) {
  if (function.isDeclaration()) return false;
  for (const llvm::Argument &argument : function.args())
    if (steps.hasWidth(argument.getType())) return false;
  bool any = otherwiseInvolved;
  for (const llvm::Instruction &instruction : llvm::instructions(function)) {
    if (!involvesWidth(instruction, steps.hasWidth)) continue;
    if (!steps.isSupported(instruction)) return false;
    any = true;
  }
  return any;
}

void rewriteInOrder(llvm::Function &function, const WidthRewrite &steps) {
  std::vector<llvm::PHINode *> phis;
  for (llvm::BasicBlock &block : function)
    for (llvm::PHINode &phi : block.phis())
      if (steps.hasWidth(phi.getType())) phis.push_back(&phi);
  for (llvm::PHINode *phi : phis) steps.placePhi(*phi);
  llvm::ReversePostOrderTraversal<llvm::Function *> order(&function);
  for (llvm::BasicBlock *block : order) {
    std::vector<llvm::Instruction *> instructions;
    for (llvm::Instruction &instruction : *block)
      if (!llvm::isa<llvm::PHINode>(instruction) && involvesWidth(instruction, steps.hasWidth))
        instructions.push_back(&instruction);
    for (llvm::Instruction *instruction : instructions) steps.rewrite(*instruction);
  }
  for (llvm::PHINode *phi : phis)
    for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i) steps.fillPhi(*phi, i);
}

void eraseReplaced(const std::vector<llvm::Instruction *> &replaced) {
  for (llvm::Instruction *instruction : replaced) instruction->dropAllReferences();
  for (llvm::Instruction *instruction : replaced) instruction->eraseFromParent();
}

} // namespace spvsim::frontend
