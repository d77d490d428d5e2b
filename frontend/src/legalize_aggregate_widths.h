// Arrays and structures holding integers of widths SPIR-V for OpenCL has not (part of
// legalize.h's legalization): `_BitInt(37) a[2]` or `struct { _BitInt(37) m; int k; }`
// at -O0 (a private variable, and the constant its initializer is copied from), a
// constant table of `unsigned _BitInt(96)` indexed at -O2.
#pragma once

namespace llvm {
class Module;
} // namespace llvm

namespace spvsim::frontend {

/// Gives each private variable and global of `module` whose type is an array or a
/// structure holding an integer of an illegal width (below 64 bits, or 65 to 128) a type
/// of the same layout with legal integers in their place: the next legal width below 64
/// bits, two 64-bit words (the low first) from 65 to 128, which take the same bytes at
/// the same alignment in the spir and spir64 data layouts (an i37 takes 8 bytes aligned
/// to 8, like an i64). Indexing into them (getelementptr) indexes the new type, the
/// element's address cast to a pointer to the old integer: the two integer-width
/// legalizations then load and store exactly its bytes, as for a scalar at such an
/// address. Initializers are converted, the integers zero-extended. A variable whose
/// type has no such replacement is left as it is (the build then names the width).
/// Runs before the integer-width legalizations; returns the variables retyped.
unsigned legalizeAggregateWidths(llvm::Module &module);

} // namespace spvsim::frontend
