// The text profile of `spvsim run --profile` (docs/profiling.md): a kernel's
// KernelProfile as counts per source line and per opcode family, lane utilisation,
// memory traffic, atomics and barriers.
#pragma once

#include <ostream>
#include <string>

#include "spvsim/interpreter/profile.h"
#include "spvsim/validator/module.h"

namespace spvsim::cli {

/// The opcode family of a SPIR-V instruction: arithmetic, memory, control, atomics,
/// barriers, conversions, OpenCL.std, composite or other.
std::string opcodeFamily(const Module &module, uint32_t instruction);

/// Writes kernel `kernel`'s profile to `out`, lines sorted by file and line.
void printProfile(std::ostream &out, const Module &module, const std::string &kernel,
                  const KernelProfile &profile);

} // namespace spvsim::cli
