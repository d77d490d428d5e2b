// Block order: compares each reachable block's position with its immediate
// dominator's (dominance is transitive, so that suffices) and builds a
// dominance-respecting order for functions that break SPIR-V §2.16.1.
#include "block_order.h"

#include "spvsim/validator/cfg.h"

namespace spvsim::detail {

BlockOrder checkBlockOrder(const Module &module) {
  BlockOrder result;
  const auto &functions = module.functions();
  result.dominanceOrder.resize(functions.size());
  for (uint32_t f = 0; f < functions.size(); ++f) {
    const Function &function = functions[f];
    if (function.isDeclaration()) continue;
    const ControlFlowGraph cfg(module, function);
    for (uint32_t b = 0; b < cfg.blockCount(); ++b) {
      const uint32_t dominator = cfg.immediateDominator(b); // kNone when unreachable
      if (dominator == kNone || dominator < b) continue;
      result.problems.push_back({f, b, dominator});
      std::vector<uint32_t> &order = result.dominanceOrder[f];
      order = cfg.reversePostOrder();
      for (uint32_t u = 0; u < cfg.blockCount(); ++u)
        if (!cfg.reachable(u)) order.push_back(u);
      break;
    }
  }
  return result;
}

} // namespace spvsim::detail
