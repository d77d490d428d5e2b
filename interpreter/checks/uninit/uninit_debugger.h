// What the uninit check offers the debugger (debugger/state_edits.h): the bytes and
// registers `set var` stores count as written (docs/findings.md uninit.read), as a
// kernel's stores do. Both do nothing for what the check does not follow (it does not
// run, or a buffer created with its contents).
#pragma once

#include <cstdint>

#include "exec/execution_events.h"

namespace spvsim {

/// The debugger stored `bytes` bytes at tagged pointer `pointer` for lane `lane` of the
/// warp in `x`: they are defined from now on.
void definedByDebugger(const ExecState &x, uint64_t pointer, uint32_t lane, uint32_t bytes);
/// The debugger set lane `lane`'s value in register slot `slot` (a byte offset, as
/// LoweredOp operands): it is defined from now on.
void registerDefinedByDebugger(const ExecState &x, uint32_t slot, uint32_t lane);

} // namespace spvsim
