// The translator's words after translation: what llvm-spirv 15 writes into
// OpenCL.DebugInfo.100 instructions beyond that instruction set's operands, removed.
#pragma once

#include <cstdint>
#include <vector>

namespace spvsim::frontend {

/// Removes the lower bounds llvm-spirv 15 appends to every OpenCL.DebugInfo.100
/// DebugTypeArray when all of them are DebugInfoNone (what it writes for OpenCL C, whose
/// arrays start at 0). OpenCL.DebugInfo.100 §4.3 gives DebugTypeArray a Base Type and a
/// Component Count per dimension only: the translator's `float a[8][9]` reads as a
/// four-dimensional array whose last two counts are DebugInfoNone, which SPIRV-Tools
/// rejects ("Component Count must be OpConstant ..."). Other instructions and arrays
/// with a bound that is not DebugInfoNone are left as they are. Returns how many arrays
/// were rewritten; `words` is a whole module.
unsigned removeDefaultArrayLowerBounds(std::vector<uint32_t> &words);

} // namespace spvsim::frontend
