// The width of a `_BitInt(N)` variable in its debug information (part of legalize.h's
// legalization): clang 15 names every such type "_BitInt" or "unsigned _BitInt" with
// its storage's size, and once the integer widths are legalized nothing in the module
// says N.
#pragma once

namespace llvm {
class DbgVariableIntrinsic;
class Function;
} // namespace llvm

namespace spvsim::frontend {

/// Gives each `_BitInt` of clang's unsized kind (a DIBasicType named "_BitInt" or
/// "unsigned _BitInt") in the debug type of a variable of `function` (the variable's own,
/// an array's elements, a structure's members, through typedefs and qualifiers) whose
/// locations all name an integer of one width N below the type's size at its place in
/// the variable (an `alloca i72`, or `[2 x i37]`, or a structure holding an i37, at -O0;
/// an `i72` value at -O2, or an i37 value describing the variable's fragment at that
/// place, clang's address-space operations `DW_OP_constu, DW_OP_swap, DW_OP_xderef`
/// before it) the type "_BitInt(N)" (or "unsigned _BitInt(N)") of the same size and
/// encoding, as a debugger reads a value of N bits sign- or zero-extended to its
/// storage. Runs before the widths are legalized; returns the types renamed.
unsigned nameBitIntWidths(llvm::Function &function);

/// Whether the part of its variable `location` describes (its fragment, else the whole)
/// has a `_BitInt(width)` type as nameBitIntWidths() names it: a value of `width` bits
/// held in a wider integer, whatever its high bits, is then what the debugger reads.
bool describesNamedBitInt(const llvm::DbgVariableIntrinsic &location, unsigned width);

} // namespace spvsim::frontend
