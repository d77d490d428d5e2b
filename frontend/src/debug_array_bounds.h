// The translator's words after translation: what llvm-spirv 15 writes into
// OpenCL.DebugInfo.100 instructions beyond or outside that instruction set's operands,
// removed or made valid.
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

/// Gives a storage class to every OpenCL.DebugInfo.100 DebugTypePointer llvm-spirv 15
/// wrote without one. clang describes the opaque OpenCL types (`image2d_t`, `sampler_t`,
/// `event_t`, `pipe`, ...) as pointers to a forward-declared structure
/// `opencl_image2d_ro_t` with no DWARF address space, and the translator writes a
/// missing address space as the storage class 0xFFFFFFFF, which is no storage class
/// (OpenCL.DebugInfo.100 §4.3 DebugTypePointer wants one; SPIRV-Tools rejects the module:
/// "Invalid storage class operand"). The class written is the one the type's values have
/// in the module (clang's `getOpenCLTypeAddrSpace`): CrossWorkgroup for images and pipes,
/// UniformConstant for samplers, Function for the others. Returns how many pointer types
/// were rewritten; `words` is a whole module.
unsigned setMissingPointerStorageClasses(std::vector<uint32_t> &words);

} // namespace spvsim::frontend
