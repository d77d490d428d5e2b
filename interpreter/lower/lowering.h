// lowerKernel: turns one kernel of a validated module into a LoweredKernel for
// a given warp width and spec-constant values: scalarises vectors and
// aggregates into register slots, inlines calls, turns OpPhi into copies on
// incoming edges, splits blocks at barriers, and orders blocks so loops are
// contiguous (block_order.h).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "lower/program.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/validator/validator.h"

namespace spvsim {

/// Throws spvsim::Error for a kernel that does not exist and spvsim::Unsupported for
/// instructions the executor does not implement. With `debugBindings` the variables of
/// the module's debug information (DebugDeclare, DebugValue) become DebugBind ops, for
/// the debugger; without it they lower to nothing.
LoweredKernel lowerKernel(const ValidatedModule &module, const std::string &kernel,
                          const std::map<uint32_t, uint64_t> &specConstants, uint32_t warpWidth,
                          bool debugBindings = false);

/// The kernel's program-scope variables as GlobalMemory::programScopeBuffers takes them
/// (global_initializer.cpp); they view `kernel`'s initial bytes.
std::vector<GlobalMemory::ProgramScopeVariable> programScopeVariables(const LoweredKernel &kernel);

} // namespace spvsim
