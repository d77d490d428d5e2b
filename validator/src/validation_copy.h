// ValidationCopy: the binary handed to SPIRV-Tools when the module itself
// cannot be (blocks out of dominance order, debug information SPIRV-Tools
// rejects), with the way back from each copied instruction to the original.
#pragma once

#include <cstdint>
#include <vector>

#include "spvsim/validator/module.h"

namespace spvsim::detail {

struct ValidationCopy {
  std::vector<uint32_t> words;
  std::vector<uint32_t> offsets;  ///< word offset of each instruction in `words`
  std::vector<uint32_t> original; ///< the Module's index of each instruction of the copy
};

/// A copy of the module. `blockOrders[f]`, when not empty, lists the blocks of
/// function f in the order to write them (a permutation of all its blocks).
/// `withoutDebugInfo` drops debug-information extended instructions and imports.
ValidationCopy makeValidationCopy(const Module &module,
                                  const std::vector<std::vector<uint32_t>> &blockOrders,
                                  bool withoutDebugInfo);

/// Whether the module imports a debug-information extended instruction set.
bool hasDebugInfo(const Module &module);

} // namespace spvsim::detail
