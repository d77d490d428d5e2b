// Core SPIR-V rules SPIRV-Tools does not check, which spvsim must: an invalid
// module that passed them would reach the lowering. Findings of kind
// validation.spirv whose messages cite the SPIR-V rule.
#pragma once

#include <vector>

#include "spvsim/common/finding.h"
#include "spvsim/validator/disassembly.h"
#include "spvsim/validator/module.h"

namespace spvsim::detail {

/// SPIR-V §2.16.1: each id is the Result <id> of exactly one instruction (a second
/// definition by a debug instruction would otherwise pass as debug information
/// SPIRV-Tools rejects).
void reportRedefinedIds(const Module &module, const Disassembly &disassembly,
                        std::vector<Finding> &findings);

/// The shapes of constants: composite constants of arrays whose length is a 64-bit
/// constant have one constituent per element, and OpSpecConstantOp VectorShuffle,
/// CompositeExtract and CompositeInsert select components that exist.
void reportConstantShapes(const Module &module, const Disassembly &disassembly,
                          std::vector<Finding> &findings);

} // namespace spvsim::detail
