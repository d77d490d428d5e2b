// ControlFlowGraph: successor lists from block terminators, an iterative
// depth-first search for reverse post-order, and immediate dominators by
// Cooper, Harvey and Kennedy's "A Simple, Fast Dominance Algorithm".
#include "spvsim/validator/cfg.h"

#include <algorithm>
#include <unordered_map>

namespace spvsim {

std::vector<uint32_t> branchTargets(const Module &module, const Instruction &terminator) {
  const auto ops = module.operands(terminator);
  std::vector<uint32_t> targets;
  switch (terminator.opcode) {
  case spv::Op::OpBranch:
    if (ops.size() >= 1) targets.push_back(ops[0]);
    break;
  case spv::Op::OpBranchConditional:
    if (ops.size() >= 3) targets.assign({ops[1], ops[2]});
    break;
  case spv::Op::OpSwitch: {
    if (ops.size() < 2) break;
    targets.push_back(ops[1]);
    // Case literals are as wide as the selector: one word, or two for 64 bits.
    const uint32_t literalWords = module.type(module.typeOf(ops[0])).width > 32 ? 2 : 1;
    for (size_t k = 2 + literalWords; k < ops.size(); k += literalWords + 1)
      targets.push_back(ops[k]);
    break;
  }
  default:
    break;
  }
  return targets;
}

ControlFlowGraph::ControlFlowGraph(const Module &module, const Function &function) {
  const size_t n = function.blocks.size();
  successors_.resize(n);
  predecessors_.resize(n);
  rpoIndex_.assign(n, kNone);
  idom_.assign(n, kNone);
  if (n == 0) return;

  std::unordered_map<uint32_t, uint32_t> blockOfLabel;
  for (uint32_t b = 0; b < n; ++b) blockOfLabel.try_emplace(function.blocks[b].label, b);
  for (uint32_t b = 0; b < n; ++b) {
    const Block &block = function.blocks[b];
    if (block.end <= block.first) continue;
    for (uint32_t label : branchTargets(module, module.instruction(block.terminator()))) {
      auto it = blockOfLabel.find(label);
      if (it == blockOfLabel.end()) continue;
      auto &succ = successors_[b];
      if (std::find(succ.begin(), succ.end(), it->second) != succ.end()) continue;
      succ.push_back(it->second);
      predecessors_[it->second].push_back(b);
    }
  }

  // Post-order by an explicit stack (functions can be deep).
  std::vector<uint32_t> postOrder;
  std::vector<bool> visited(n, false);
  std::vector<std::pair<uint32_t, size_t>> stack{{0u, 0u}};
  visited[0] = true;
  while (!stack.empty()) {
    auto &[block, next] = stack.back();
    if (next < successors_[block].size()) {
      const uint32_t succ = successors_[block][next++];
      if (!visited[succ]) {
        visited[succ] = true;
        stack.emplace_back(succ, 0u);
      }
      continue;
    }
    postOrder.push_back(block);
    stack.pop_back();
  }
  reversePostOrder_.assign(postOrder.rbegin(), postOrder.rend());
  for (uint32_t k = 0; k < reversePostOrder_.size(); ++k) rpoIndex_[reversePostOrder_[k]] = k;

  // Iterate idom(b) = intersection of the processed predecessors' dominators to a fixpoint.
  std::vector<uint32_t> idom(n, kNone);
  idom[0] = 0;
  auto intersect = [&](uint32_t a, uint32_t b) {
    while (a != b) {
      while (rpoIndex_[a] > rpoIndex_[b]) a = idom[a];
      while (rpoIndex_[b] > rpoIndex_[a]) b = idom[b];
    }
    return a;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t k = 1; k < reversePostOrder_.size(); ++k) {
      const uint32_t b = reversePostOrder_[k];
      uint32_t newIdom = kNone;
      for (uint32_t p : predecessors_[b]) {
        if (idom[p] == kNone) continue; // unreachable or not processed yet
        newIdom = newIdom == kNone ? p : intersect(p, newIdom);
      }
      if (newIdom != kNone && idom[b] != newIdom) {
        idom[b] = newIdom;
        changed = true;
      }
    }
  }
  for (uint32_t b = 1; b < n; ++b) idom_[b] = idom[b];
}

bool ControlFlowGraph::dominates(uint32_t a, uint32_t b) const {
  if (!reachable(a) || !reachable(b)) return false;
  while (b != a && b != 0 && idom_[b] != kNone) b = idom_[b];
  return a == b;
}

} // namespace spvsim
