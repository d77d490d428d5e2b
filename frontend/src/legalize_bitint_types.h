// The width of a `_BitInt(N)` variable in its debug information (part of legalize.h's
// legalization): clang 15 names every such type "_BitInt" or "unsigned _BitInt" with
// its storage's size, and once the integer widths are legalized nothing in the module
// says N.
#pragma once

namespace llvm {
class Function;
} // namespace llvm

namespace spvsim::frontend {

/// Gives each variable of `function` whose debug type is clang's unsized `_BitInt`
/// (a DIBasicType named "_BitInt" or "unsigned _BitInt") and whose every location names
/// an integer of one width N below the type's size (an `alloca i72` at -O0, an `i72`
/// value at -O2) the type "_BitInt(N)" (or "unsigned _BitInt(N)") of the same size and
/// encoding, as a debugger reads a value of N bits sign- or zero-extended to its
/// storage. Runs before the widths are legalized; returns the variables renamed.
unsigned nameBitIntWidths(llvm::Function &function);

} // namespace spvsim::frontend
