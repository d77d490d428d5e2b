// The race check's record of a load that only OpSelects keep (kAccessSelected,
// lower/selected_load.cpp): a lane whose select discards the value reads nothing in the
// source, so only the lanes the selects keep are recorded.
#pragma once

#include <cstdint>

#include "exec/execution_events.h"

namespace spvsim::race {

/// Records the read of a plain load marked kAccessSelected (`bytes` at a[l] + imm) for
/// the lanes of its mask whose condition (slot b) keeps the value.
void recordSelectedRead(const ExecState &x, const LoweredOp &op, uint32_t bytes);

} // namespace spvsim::race
