// Block order: SPIR-V §2.16.1 requires every block of a function to appear
// after the blocks that dominate it. clang -O2 + llvm-spirv break this; this
// finds where, and gives an order (reverse post-order) that obeys it.
#pragma once

#include <cstdint>
#include <vector>

#include "spvsim/validator/module.h"

namespace spvsim::detail {

struct BlockOrderProblem {
  uint32_t function;  ///< index into Module::functions()
  uint32_t block;     ///< the first block that appears before its dominator
  uint32_t dominator; ///< that dominator
};

struct BlockOrder {
  std::vector<BlockOrderProblem> problems; ///< at most one per function
  /// Per function: empty when its order is fine, else reachable blocks in reverse
  /// post-order followed by the unreachable ones in module order.
  std::vector<std::vector<uint32_t>> dominanceOrder;
};

BlockOrder checkBlockOrder(const Module &module);

} // namespace spvsim::detail
