// Division and remainder of integers of 65 to 128 bits as pairs of 64-bit integers
// (part of legalize_wide_integers.h's lowering): SPIR-V for OpenCL has no wider
// integer, so a 128-bit quotient is computed by a helper function of the module.
#pragma once

#include <array>

namespace llvm {
class IRBuilderBase;
class Value;
} // namespace llvm

namespace spvsim::frontend {

/// The quotient and remainder of two integers given as 64-bit halves (low, high; the
/// high halves holding `bits` - 64 bits, zero-extended), as {quotient low, quotient
/// high, remainder low, remainder high}, the high halves cleared above the width.
/// Signed division truncates towards zero and the remainder takes the dividend's sign
/// (LLVM LangRef, sdiv and srem). The unsigned quotient is a call of a function the
/// module gets once, `__spvsim_udivrem_wide`: 128 steps of shift and subtract.
/// Division by zero, undefined behaviour, gives some value.
std::array<llvm::Value *, 4> divideWide(llvm::IRBuilderBase &builder, llvm::Value *aLow,
                                        llvm::Value *aHigh, llvm::Value *bLow, llvm::Value *bHigh,
                                        bool isSigned, unsigned bits);

} // namespace spvsim::frontend
