// OpenCL.DebugInfo.100 that the extended instruction set allows and SPIRV-Tools
// (2023.1, what Debian 12 ships) rejects, rewritten in the validation copy only
// (validation_copy.h) so that valid debug information is validated, not ignored.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "spvsim/validator/module.h"

namespace spvsim::detail {

/// The rewrites of one module's OpenCL.DebugInfo.100 instructions, each for what
/// llvm-spirv 15 writes (clang -g, spvsim's front end and the llvm-spirv tool alike):
/// - a DebugTypePointer, DebugTypeQualifier, DebugTypeVector or DebugTypedef whose Base
///   Type is a debug type other than DebugTypeBasic (a `const float` behind a pointer, a
///   pointer to a pointer or a struct, `float4` as a typedef of a vector): OpenCL.DebugInfo.100
///   §4.3 allows any debug type there, SPIRV-Tools 2023.1 only DebugTypeBasic (it accepts
///   any for pointers and qualifiers since). The copy names a DebugTypeBasic written before
///   the instruction instead, the module's first one written early when none is before it
///   (a kernel taking an image, whose first debug type is a pointer to clang's structure
///   `opencl_image2d_ro_t`);
/// - a DebugTypeVector of 8 or 16 components (OpenCL C vectors), which SPIRV-Tools limits
///   to 4 (Vulkan's bound): the copy says 4;
/// - a DebugTypeFunction whose Return Type is DebugInfoNone (llvm-spirv's `void`): the copy
///   names OpTypeVoid, what SPIRV-Tools accepts for no return value;
/// - a DebugFunction whose optional Declaration operand is DebugInfoNone (no declaration):
///   the copy leaves the operand out, which says the same;
/// - a DebugTypeComposite whose Linkage Name is DebugInfoNone (a struct without one): the
///   copy names the composite's Name string;
/// - a DebugTypeMember written before its Parent DebugTypeComposite (llvm-spirv writes a
///   struct's members first): SPIRV-Tools 2023.1 accepts forward references only to a
///   composite's members and to a DebugFunction's function (source/operand.cpp: "forward
///   references for debug info instructions are still in discussion"), so the copy
///   writes the composite before its first member.
/// Each rewrite applies to that operand when it is exactly what is described; anything
/// else SPIRV-Tools rejects in debug information is reported as before.
struct DebugInfoRelaxations {
  /// instruction index -> a DebugTypeBasic id written before it, for its Base Type
  std::map<uint32_t, uint32_t> baseTypes;
  /// instruction index -> the composites and the DebugTypeBasic (instruction indices) to
  /// write before it
  std::map<uint32_t, std::vector<uint32_t>> writtenBefore;
  /// the instructions written early, not at their own place
  std::vector<bool> moved;
  /// the DebugInfoNone ids of OpenCL.DebugInfo.100
  std::vector<uint32_t> none;
  /// the ids of the OpenCL.DebugInfo.100 imports
  std::vector<uint32_t> sets;
};

/// What to rewrite in `module`'s copy; empty when it has no OpenCL.DebugInfo.100.
DebugInfoRelaxations planDebugInfoRelaxations(const Module &module);

/// Rewrites the copy of instruction `index` of the module, `words[start]` onwards (the
/// last instruction of `words`), as `plan` says; the copy may get shorter.
void relaxDebugInfoInstruction(const Module &module, const DebugInfoRelaxations &plan,
                               uint32_t index, std::vector<uint32_t> &words, size_t start);

} // namespace spvsim::detail
