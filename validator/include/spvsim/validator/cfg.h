// ControlFlowGraph: the blocks of one function as a graph — successors and
// predecessors by block index, reverse post-order from the entry block, and
// immediate dominators. Works on any loaded function, valid or not: branch
// targets that are not blocks of the function are ignored.
#pragma once

#include <cstdint>
#include <vector>

#include "spvsim/validator/module.h"

namespace spvsim {

class ControlFlowGraph {
public:
  ControlFlowGraph(const Module &module, const Function &function);

  uint32_t blockCount() const { return uint32_t(successors_.size()); }
  /// Successor block indices of a block's terminator, in operand order, without duplicates.
  const std::vector<uint32_t> &successors(uint32_t block) const { return successors_[block]; }
  const std::vector<uint32_t> &predecessors(uint32_t block) const { return predecessors_[block]; }
  /// Reachable blocks in reverse post-order from the entry block (block 0).
  const std::vector<uint32_t> &reversePostOrder() const { return reversePostOrder_; }
  bool reachable(uint32_t block) const { return rpoIndex_[block] != kNone; }
  /// The immediate dominator of a reachable block; kNone for the entry and unreachable blocks.
  uint32_t immediateDominator(uint32_t block) const { return idom_[block]; }
  /// Whether block `a` dominates block `b` (both reachable; a block dominates itself).
  bool dominates(uint32_t a, uint32_t b) const;

private:
  std::vector<std::vector<uint32_t>> successors_;
  std::vector<std::vector<uint32_t>> predecessors_;
  std::vector<uint32_t> reversePostOrder_;
  std::vector<uint32_t> rpoIndex_; ///< position in reversePostOrder_, kNone if unreachable
  std::vector<uint32_t> idom_;
};

/// Label ids a terminator may branch to (OpBranch, OpBranchConditional, OpSwitch).
std::vector<uint32_t> branchTargets(const Module &module, const Instruction &terminator);

} // namespace spvsim
