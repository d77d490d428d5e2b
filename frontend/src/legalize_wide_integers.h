// Lowering of integers above 64 bits (part of legalize.h's legalization): clang 15's
// optimiser makes them of loops' closed forms, SPIR-V for OpenCL has no such width.
#pragma once

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace spvsim::frontend {

/// What lowerWideIntegers changed in one function.
struct WideLowering {
  unsigned instructions = 0;     ///< instructions on widths 65 to 128 rewritten
  unsigned droppedLocations = 0; ///< variable locations naming such values, dropped
};

/// Rewrites every instruction of `function` that makes or uses an integer (or a vector
/// of integers) of 65 to 128 bits, such as the `i65`, `<2 x i65>` or `i71` clang -O2
/// computes a 64-bit loop's sum in closed form on (n(n-1)(n-2)/6 needs the bits of
/// the product above 64), on a pair of 64-bit integers (OpenCL SPIR-V Env §2.4: 64 bits
/// is the widest): the low 64 bits and the bits above them, zero-extended. Add and sub
/// carry from the low half, mul adds the high half of the low halves' 128-bit product
/// (from 32-bit pieces) to the cross products, shifts move bits between the halves,
/// compares decide on the high halves first, and every result's bits above the width
/// are cleared, so wraparound and signedness are those of the wide width. Truncations
/// to 64 bits or fewer leave the low half (a result of a width SPIR-V has not below 64
/// bits is then promoteIllegalIntegers'). A private variable of such an integer (what
/// -O0 makes of `long long`) becomes two 64-bit words, one of a vector of them (of
/// `long long` or of `_BitInt(96)`) two words per element; a scalar load or store of one in
/// any address space, through a cast of another pointer (`((__global long long *)p)[i]`,
/// indexed or not), accesses exactly its bytes (an `i96` twelve) on a byte pointer.
/// Division and remainder of scalars call a helper of the module
/// (legalize_wide_division.h). A function with anything else on such widths (a
/// division of vectors, a vector load or store other than a private variable's, a pointer to such
/// an integer kept in a variable, a call, a parameter, an integer above 128 bits) is left alone:
/// the translator's check reports it with its source line (legalize.h, untranslatable()).
WideLowering lowerWideIntegers(llvm::Function &function);

/// Whether lowerWideIntegers has a pair-of-64-bits form for `instruction`, which makes
/// or uses an integer above 64 bits (so that a build error can name the instruction
/// that has none, not the first on such a width).
bool hasWideLowering(const llvm::Instruction &instruction);

} // namespace spvsim::frontend
