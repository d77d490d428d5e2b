// How the uninit check moves definedness with a copy it did not run through a
// load and store (checks/uninit/uninit_ops.h): async copies and dynamic-size copies.
#pragma once

#include "exec/execution_events.h"

namespace spvsim {

/// A copy (an async copy, or lane `lane`'s OpCopyMemorySized) moved `size` bytes from
/// `src` + srcOffset to `dst` + dstOffset (resolved to `s` and `d`): their definedness
/// moves with them.
void copyShadow(const ExecState &x, uint32_t lane, uint64_t dst, const ops::ResolvedAllocation &d,
                uint64_t dstOffset, uint64_t src, const ops::ResolvedAllocation &s,
                uint64_t srcOffset, uint64_t size);

} // namespace spvsim
