// OpPhi parents listed twice. SPIR-V §3.52.17 OpPhi: "There must be exactly one
// Parent i for each parent block of the current block in the CFG." LLVM lists a
// phi's predecessor once per CFG edge, so a switch with two cases on one target
// (clang -O2 makes one of an if/else-if chain) gives a phi that names the switch's
// block twice, and llvm-spirv 15 copies both entries into OpPhi. With the same
// value twice that is a producer quirk every implementation runs (tolerated);
// with two different values the module is invalid: which one the phi takes is
// undefined.
#pragma once

#include <cstdint>
#include <vector>

#include "spvsim/common/finding.h"
#include "spvsim/validator/disassembly.h"
#include "spvsim/validator/module.h"
#include "spvsim/validator/validator.h"

namespace spvsim::detail {

struct DuplicatePhiParent {
  uint32_t instruction; ///< the OpPhi
  uint32_t pair;        ///< a later (value, parent) pair naming the parent: one with another
                        ///< value than the first pair's if there is one
  uint32_t firstPair;   ///< index of the first pair naming it
  bool sameValue;       ///< every pair naming the parent has the same value id
};

/// Each parent an OpPhi names in more than one (value, parent) pair, once.
std::vector<DuplicatePhiParent> findDuplicatePhiParents(const Module &module);

/// One finding per OpPhi with a duplicated parent: of kind validation.phi, a warning
/// (an error under --strict) when the values agree, else always an error.
void reportDuplicatePhiParents(const Module &module, const Disassembly &disassembly,
                               const ValidationOptions &options, std::vector<Finding> &findings);

} // namespace spvsim::detail
