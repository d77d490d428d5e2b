// Promotion of integers of widths SPIR-V for OpenCL has not (part of legalize.h's
// legalization): clang 15's optimiser makes them, the translator cannot express them.
#pragma once

namespace llvm {
class Function;
} // namespace llvm

namespace spvsim::frontend {

/// What promoteIllegalIntegers changed in one function.
struct IntegerPromotion {
  unsigned instructions = 0;     ///< instructions on illegal widths rewritten
  unsigned droppedLocations = 0; ///< variable locations naming such values, dropped (those
                                 ///< wider than the value; the others name the promoted one)
};

/// Rewrites every instruction of `function` that makes or uses an integer (or a vector
/// of integers) of a width below 64 bits that SPIR-V for OpenCL has not (OpenCL SPIR-V
/// Env §2.4: 8, 16, 32 and 64 bits, and bool), such as the `i5` of a switch clang
/// narrows, the `i33` of a loop's closed-form sum or the `i24` of a 3-byte copy, on the
/// next legal width: the promoted value holds the narrow one zero-extended, every
/// operation whose result could carry into the high bits (add, sub, mul, shl, ...)
/// masks them off again, and signed operations (ashr, sdiv, srem, signed compares,
/// sext, sitofp, smin/smax) sign-extend their operands from the narrow width first; so
/// wraparound, signedness and shifts are those of the narrow width. Loads and stores
/// of such an integer access exactly its bytes (pieces of 1, 2 or 4 bytes as the
/// alignment allows), never beyond; a private variable of such a width becomes one of
/// the promoted width. Rotations (llvm.fshl, llvm.fshr) shift modulo the narrow width.
/// A function with anything else on such widths (a parameter, a call, an atomic, a
/// vector in memory, another intrinsic, a wider integer) is left alone: the
/// translator's check reports it with its line (legalize.h, untranslatable()).
IntegerPromotion promoteIllegalIntegers(llvm::Function &function);

} // namespace spvsim::frontend
