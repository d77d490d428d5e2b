// ValidationCopy: the binary handed to SPIRV-Tools when the module itself
// cannot be — blocks out of dominance order, and what real producers emit
// that does not change what a kernel computes (debug information SPIRV-Tools
// rejects, merge instructions that break structured-control-flow rules,
// entry-point interfaces that leave out module-scope variables) — with the
// way back from each copied instruction to the original.
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

/// What a copy leaves out of the module or completes in it.
struct CopyRepairs {
  /// Debug-information extended instructions and their imports left out.
  bool dropDebugInfo = false;
  /// OpSelectionMerge and OpLoopMerge left out: without the Shader capability
  /// nothing requires structured control flow, and they are hints to a kernel.
  bool dropMergeInstructions = false;
  /// Every module-scope variable listed in every OpEntryPoint's interface (SPIR-V
  /// 1.4 requires those an entry point uses; llvm-spirv leaves some out).
  bool completeInterfaces = false;
  /// Every function-scope OpVariable moved to the start of its function's first block
  /// (llvm-spirv 15 leaves some after other instructions, e.g. an OpBitcast of an earlier
  /// variable); where an OpVariable stands changes nothing for the executor.
  bool hoistVariables = false;
  /// OpAtomicCompareExchangeWeak, which SPIR-V 1.4 removed and llvm-spirv 15 still
  /// emits, written as the OpAtomicCompareExchange it means (same operands).
  bool replaceRemovedInstructions = false;
  /// Before SPIR-V 1.4, an OpSelect with a scalar condition and a vector result (allowed
  /// from 1.4; llvm-spirv 15 writes it into older modules) given a condition vector
  /// built from the scalar (an OpCompositeConstruct of a bool vector type, added to the
  /// copy when the module has none) — what the 1.4 rule means.
  bool widenSelectConditions = false;
  /// Every OpTypeSampler after the first left out and its uses made uses of the first
  /// (llvm-spirv 15 declares a second one when a program has a program-scope sampler and
  /// a kernel with a sampler_t parameter); OpTypeSampler has no operands, so both ids
  /// mean the same type to the executor.
  bool mergeSamplerTypes = false;
  /// OpenCL.DebugInfo.100 that the instruction set allows and SPIRV-Tools 2023.1 rejects
  /// rewritten so that SPIRV-Tools accepts it (debug_info_relaxations.h); the module's
  /// debug information is valid there, nothing is reported.
  bool relaxDebugInfo = true;
  /// An OpPhi's (value, parent) pairs after the first that names a parent left out
  /// (phi_parents.h reports them; SPIRV-Tools would count the parent twice).
  bool dropDuplicatePhiParents = true;
};

/// A copy of the module. `blockOrders[f]`, when not empty, lists the blocks of
/// function f in the order to write them (a permutation of all its blocks).
ValidationCopy makeValidationCopy(const Module &module,
                                  const std::vector<std::vector<uint32_t>> &blockOrders,
                                  const CopyRepairs &repairs);

/// Whether the module imports a debug-information extended instruction set.
bool hasDebugInfo(const Module &module);
/// Whether the module has OpSelectionMerge or OpLoopMerge instructions.
bool hasMergeInstructions(const Module &module);
/// Whether a function-scope OpVariable follows an instruction other than OpVariable and
/// debug information in its function's first block, or is in another block.
bool hasMisplacedVariables(const Module &module);
/// Whether the module (SPIR-V 1.4 or later) has instructions its version removed.
bool hasRemovedInstructions(const Module &module);
/// Whether the module (before SPIR-V 1.4) has an OpSelect with a scalar condition and a
/// vector result.
bool hasScalarSelectConditions(const Module &module);
/// Whether the module declares OpTypeSampler more than once.
bool hasDuplicateSamplerTypes(const Module &module);
/// Whether some OpEntryPoint's interface leaves out a module-scope variable that
/// is not in the Function storage class (only SPIR-V 1.4 and later list them all).
bool hasIncompleteInterface(const Module &module);

} // namespace spvsim::detail
