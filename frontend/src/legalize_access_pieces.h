// How both integer-width legalizations (legalize_integers.h, legalize_wide_integers.h)
// access exactly the bytes of an integer of a width SPIR-V for OpenCL has not: as
// pieces of legal widths, each aligned as it is accessed.
#pragma once

#include <llvm/Support/Alignment.h>

#include <utility>
#include <vector>

namespace llvm {
class IRBuilderBase;
class Type;
class Value;
} // namespace llvm

namespace spvsim::frontend {

/// The pieces an access of `bytes` bytes at `alignment` is made of: (offset, size), of
/// `largest` bytes (a power of two) or fewer by halves, each aligned as it is accessed,
/// so that none spans a multiple of `largest`.
std::vector<std::pair<unsigned, unsigned>> accessPieces(unsigned bytes, llvm::Align alignment,
                                                        unsigned largest);

/// The address of the piece at byte `offset` of `pointer` (to any type), as a pointer to
/// `type` in the same address space.
llvm::Value *pieceAddress(llvm::IRBuilderBase &builder, llvm::Value *pointer, unsigned offset,
                          llvm::Type *type);

} // namespace spvsim::frontend
