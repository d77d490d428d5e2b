// Variable locations whose debug expressions compute the variable's value from the
// values they name (clang -O2 -g: `DW_OP_LLVM_convert` for a truncated or extended
// value, `DW_OP_constu 3, DW_OP_mul` for a product, `DW_OP_LLVM_arg 0, DW_OP_LLVM_arg 1,
// DW_OP_plus` for a sum no instruction computes any more): the computation becomes
// instructions, and the location names their result.
#pragma once

namespace llvm {
class Function;
} // namespace llvm

namespace spvsim::frontend {

/// What materializeComputedLocations did.
struct ComputedLocations {
  unsigned materialized = 0; ///< locations whose computation became instructions
};

/// Rewrites each llvm.dbg.value of `function` whose expression computes the variable's
/// value (it ends in DW_OP_stack_value) from one value or several (a DIArgList) with
/// integer operations: the operations become instructions before the location (their
/// result is dead but for the location), and the location names the result with the
/// rest of its expression (llvm-spirv's address-space operations, DW_OP_stack_value, a
/// fragment). OpenCL.DebugInfo.100's DebugValue cannot express several values nor
/// conversions (§4.7, §4.8: its DebugOperation list), and the variable's value is then
/// a value like any other, which the later legalizations and the debugger follow. Only
/// integers of 8, 16, 32, 64 bits and of 65 to 128 bits (which lowerWideIntegers makes
/// pairs of) and pointers (offsets by a byte getelementptr) are computed on; a location
/// with anything else (a float, a dereference, a value that does not dominate it) is
/// left as it is, and dropped later when the translator cannot encode it.
ComputedLocations materializeComputedLocations(llvm::Function &function);

} // namespace spvsim::frontend
