// What every report function of check/ needs about where a fault happened: the
// work-item of a lane, the name of the allocation a pointer points into, and the
// key under which FaultReporter counts repeats of a finding.
#pragma once

#include <cstdint>
#include <string>

#include "exec/exec_state.h"

namespace spvsim {

/// The global, local and group ids of lane `lane` of the warp running in `x`.
WorkItemIds workItemOf(const ExecState &x, uint32_t lane);

/// The buffer, variable or argument name of the allocation `pointer` points into.
std::string allocationName(const ExecState &x, uint64_t pointer);

/// The key of a repeat (FaultReporter::countRepeat): which report function (`family`,
/// 3 bits: 0 access faults, 1 fp-to-int, 2 integer UB, 3 wrap, 4 printf format,
/// 5 unreachable, 6 misaligned, 7 uninitialized reads), what tells its findings apart
/// (`detail`, 29 bits) and the op's instruction.
uint64_t repeatKey(uint32_t family, const LoweredOp &op, uint64_t detail);

} // namespace spvsim
