// Legalization of LLVM IR for Debian's SPIR-V translator (llvm-spirv 15): rewrites
// what clang 15 emits and that translator cannot express into what it can.
#pragma once

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace spvsim::frontend {

/// What legalizeForTranslator changed.
struct LegalizeReport {
  unsigned freezes = 0;             ///< `freeze` instructions replaced by their operands
  unsigned memmoves = 0;            ///< `llvm.memmove` calls lowered
  unsigned promotedIntegers = 0;    ///< instructions on a width SPIR-V has not, promoted
  unsigned loweredWideIntegers = 0; ///< instructions on 65 to 128 bits, made pairs of 64
  unsigned computedLocations = 0;   ///< variable locations whose computation became instructions
  unsigned droppedLocations = 0;    ///< variable locations whose expressions were dropped
  unsigned undefinedLocations = 0;  ///< variable locations naming a value not dominating them
  unsigned droppedGlobalDebug = 0;  ///< global variable expressions dropped
  unsigned namedBitIntWidths = 0;   ///< `_BitInt(N)` variables given their N in their type
  unsigned retypedAggregates = 0;   ///< arrays and structures of such widths given legal ones
};

/// Rewrites `module` in place:
/// - a `_BitInt(N)` variable's debug type, which clang 15 names without N, is named
///   with it (legalize_bitint_types.h), before the widths below are legalized;
/// - a private variable or global of an array or structure type holding integers of a
///   width SPIR-V for OpenCL has not gets a type of the same layout holding legal ones
///   (legalize_aggregate_widths.h), before the integers themselves are legalized;
/// - `freeze x` becomes `x` (what newer translators do: SPIR-V has no poison, so any
///   value of x is a valid result of the freeze);
/// - integers of a width below 64 bits SPIR-V for OpenCL has not (clang -O2 switches
///   on an i4 for `switch ((x >> s) & 0xf)`, sums a loop's closed form in i33, copies
///   three bytes as an i24) are promoted to the next legal width with the narrow
///   width's wraparound, signedness and memory accesses (legalize_integers.h);
/// - `llvm.memmove` becomes a `llvm.memcpy` between two named address spaces (which
///   cannot overlap), else a copy loop: the translator lowers it itself only when it is
///   not told to keep unknown intrinsics as calls, which the front end does;
/// - a variable location whose expression computes the variable's value from values
///   (conversions, arithmetic, several location operands) has the computation made
///   instructions, and names their result (legalize_debug_expressions.h);
/// - a variable location naming an instruction that does not dominate it (clang -O2
///   leaves some) becomes undefined: SPIR-V requires definitions to dominate their uses
///   (SPIR-V §2.16.1), DebugValue's included;
/// - an llvm.dbg.declare of an undefined address (the variable's memory optimised away)
///   is dropped: a DebugDeclare names an OpVariable or a parameter (OpenCL.DebugInfo.100
///   §4.7);
/// - a variable location (llvm.dbg.value/declare/addr) or global variable expression
///   whose DIExpression uses an operation OpenCL.DebugInfo.100 cannot encode (its
///   DebugOperation list, OpenCL.DebugInfo.100 §4.8), or several location operands,
///   is dropped for that variable alone: the translator would abort the process.
LegalizeReport legalizeForTranslator(llvm::Module &module);

/// What the translator rejects and legalization cannot rewrite, as an error message
/// naming the source line; empty when there is nothing. The translator ends the process
/// (it calls exit()) on such input, so it must not see it. Found so far: integers of a
/// width SPIR-V's Kernel capabilities do not have (OpenCL SPIR-V Env §2.4: 8, 16, 32
/// and 64 bits, and bool), which clang's optimiser can make of builtins; inline assembly
/// (`__asm__`, on which the translator crashes). `optimized`: the module was optimised
/// (only then does the message suggest -cl-opt-disable).
std::string untranslatable(const llvm::Module &module, bool optimized);

} // namespace spvsim::frontend
