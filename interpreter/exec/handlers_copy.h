// Handler of OpCopyMemorySized with a size known only at run time: a checked
// copy of each active lane's byte range, done lane by lane in lane order.
// (Copies of a constant size lower to checked loads and stores.) Watchers hear of
// each lane's copy (LaunchWatcher::memoryCopied).
#pragma once

#include <cstring>

#include "exec/execution_events.h"
#include "exec/handlers_memory.h"

namespace spvsim::ops {

/// *a = *b for c bytes (c: an integer of aux bytes). A lane whose source or
/// destination range is not wholly inside its allocation copies nothing; the first
/// such lane is reported (the source's fault before the destination's).
inline void copyMemoryDynamic(const ExecState &x, const LoweredOp &op) {
  const uint64_t mask = x.maskOf(op);
  const uint64_t *dst = x.reg<uint64_t>(op.a), *src = x.reg<uint64_t>(op.b);
  auto sizeOf = [&](uint32_t l) -> uint64_t {
    return op.aux == 8 ? x.reg<uint64_t>(op.c)[l] : x.reg<uint32_t>(op.c)[l];
  };
  struct Fault {
    uint32_t lane = 0;
    uint64_t lanes = 0;
    AccessFault kind = AccessFault::None;
  } readFault, writeFault;
  auto note = [](Fault &f, uint32_t lane, AccessFault kind) {
    if (f.lanes++ == 0) f.lane = lane, f.kind = kind;
  };
  for (uint32_t l = 0; l < x.width; ++l) {
    if (!((mask >> l) & 1)) continue;
    const uint64_t size = sizeOf(l);
    if (size == 0) continue;
    ResolvedAllocation from, to;
    uint64_t fromOffset, toOffset;
    const bool fromOk = resolveLane(x, src[l], l, from, fromOffset),
               toOk = resolveLane(x, dst[l], l, to, toOffset);
    // An end beyond 2^64 is out of bounds: compare the size against what is left.
    const auto rangeEnd = [&](uint64_t offset) {
      return size > ~uint64_t(0) - offset ? ~uint64_t(0) : offset + size;
    };
    const AccessFault r = checkAccess(from, fromOk, rangeEnd(fromOffset), false);
    const AccessFault w = checkAccess(to, toOk, rangeEnd(toOffset), true);
    if (r != AccessFault::None) note(readFault, l, r);
    if (!accessPerformed(r)) continue;
    if (w != AccessFault::None) note(writeFault, l, w);
    if (!accessPerformed(w)) continue;
    std::memmove(to.base + toOffset, from.base + fromOffset, size);
    forEachWatcher(*x.launch, [&](LaunchWatcher &w) {
      w.memoryCopied(x, l, CopiedBytes{dst[l], &to, toOffset, src[l], &from, fromOffset, size});
    });
  }
  const auto report = [&](const Fault &f, const uint64_t *p, bool isWrite) {
    if (!f.lanes) return;
    const uint64_t size = sizeOf(f.lane);
    const uint32_t bytes = size > 0xffffffffu ? 0xffffffffu : uint32_t(size);
    raiseAccessFault(x, op, f.lane, p[f.lane], bytes, isWrite, f.kind, f.lanes);
  };
  report(readFault, src, false);
  report(writeFault, dst, true);
}

} // namespace spvsim::ops
