// The executor's own findings, for faults it detects in a lane: undefined integer
// and conversion results, collectives, printf formats, OpUnreachable and where a
// stopped launch was; the seam's accessFaulted event, raised when the executor has
// stopped a faulting access (its findings are the access-fault check's,
// checks/access/); and where a fault happened, as the seam offers it to the
// watchers (workItemOf, allocationName, repeatKey: exec/execution_events.h).
#include <bit>
#include <charconv>
#include <string>

#include "exec/exec_state.h"
#include "exec/execution_events.h"
#include "exec/handlers_arith.h"
#include "exec/handlers_collective.h"
#include "exec/handlers_convert.h"
#include "exec/handlers_memory.h"
#include "exec/printf_call.h"

namespace spvsim {

WorkItemIds workItemOf(const ExecState &x, uint32_t lane) {
  const LaunchContext &L = *x.launch;
  WorkItemIds ids;
  ids.dims = L.range.dims;
  for (uint32_t d = 0; d < 3; ++d) {
    ids.local[d] = x.warp->localId[d][lane];
    ids.group[d] = x.group->packed > 1 ? x.warp->groupId[d][lane] : x.group->id[d];
    ids.global[d] = ids.group[d] * L.localSize[d] + ids.local[d] + L.range.offset[d];
  }
  return ids;
}

std::string allocationName(const ExecState &x, uint64_t p) {
  uint32_t id = tagged::id(p);
  const LoweredKernel &k = *x.launch->kernel;
  switch (tagged::space(p)) {
  case AddressSpace::Global:
  case AddressSpace::Constant:
    if (id < x.launch->allocations.size()) return x.launch->allocations[id].name;
    break;
  case AddressSpace::Local:
    if (id < k.locals.size()) return k.locals[id].name;
    break;
  case AddressSpace::Private:
    if (id < k.privates.size()) return k.privates[id].name;
    break;
  default:
    break;
  }
  return "allocation " + std::to_string(id);
}

uint64_t repeatKey(uint32_t family, const LoweredOp &op, uint64_t detail) {
  return uint64_t(family) << 61 | (detail & ((uint64_t(1) << 29) - 1)) << 32 | op.source;
}

namespace ops {

void raiseAccessFault(const ExecState &x, const LoweredOp &op, uint32_t lane, uint64_t pointer,
                      uint32_t bytes, bool isWrite, AccessFault fault, uint64_t lanes) {
  const FaultedAccess access{pointer, bytes, lane, lanes, fault, isWrite};
  forEachWatcher(*x.launch, [&](LaunchWatcher &w) { w.accessFaulted(x, op, access); });
}

} // namespace ops

namespace ops {

void reportFloatToIntRange(const ExecState &x, const LoweredOp &op, uint32_t lane, double value,
                           uint64_t lanes) {
  const uint64_t key = repeatKey(1, op, 0);
  if (x.launch->reporter->countRepeat(key)) return;
  Finding f;
  f.kind = "ub.fp-to-int";
  // Shortest text that reads back as the value: 3e+09, 1e+300, nan, -inf.
  char text[32];
  const auto printed = std::to_chars(text, text + sizeof text, value);
  f.message = "conversion of " + std::string(text, printed.ptr) +
              " to an integer type that cannot hold it (without SaturatedConversion the "
              "result is undefined; spvsim saturates)";
  f.workItem = workItemOf(x, lane);
  if (lanes > 1) f.notes.push_back(std::to_string(lanes) + " work-items of this warp did so here");
  x.launch->reporter->report(std::move(f), op.source, key);
}

} // namespace ops

// hang.*: one finding per place where lanes of a warp the watchdog stopped were.
void reportStopped(LaunchContext &launch, GroupState &group, Warp &warp) {
  ExecState x;
  x.launch = &launch, x.group = &group, x.warp = &warp;
  const LoweredKernel &k = *launch.kernel;
  const std::string why = launch.watchdog.describeStop();
  const char *kind = stopFindingKind(launch.watchdog.reason());
  auto report = [&](uint64_t lanes, uint32_t instruction, const char *where) {
    Finding f;
    f.kind = kind;
    f.message =
        why + "; " + std::to_string(std::popcount(lanes)) + " work-items of a warp " + where;
    f.workItem = workItemOf(x, static_cast<uint32_t>(std::countr_zero(lanes)));
    launch.reporter->report(std::move(f), instruction);
  };
  for (size_t b = 0; b < warp.pending.size(); ++b)
    if (warp.pending[b])
      report(warp.pending[b], k.ops[k.blocks[b].first].source,
             "were about to run the instruction shown");
  for (const auto &p : warp.parked) report(p.lanes, p.site, "were waiting at the barrier shown");
}

namespace ops {

void reportCollectiveDivergence(const ExecState &x, const LoweredOp &op, uint32_t lane,
                                const char *what) {
  Finding f;
  f.kind = "collective.divergence";
  f.message = what;
  f.workItem = workItemOf(x, lane);
  x.launch->reporter->report(std::move(f), op.source);
}

} // namespace ops

namespace ops {

void reportUndefinedIntOp(const ExecState &x, const LoweredOp &op, uint32_t lane,
                          UndefinedCheck check, bool overflow, uint64_t lanes) {
  const uint64_t key = repeatKey(2, op, uint64_t(check) << 1 | uint64_t(overflow));
  if (x.launch->reporter->countRepeat(key)) return;
  Finding f;
  switch (check) {
  case UndefinedCheck::Shift:
    f.kind = "ub.shift";
    f.message = "shift by an amount not less than the width of the shifted value (the "
                "result is undefined; spvsim shifts by the amount modulo the width)";
    break;
  default:
    if (overflow) {
      f.kind = "ub.int-overflow";
      f.message = "signed division of the most negative value by -1 (the result is undefined)";
    } else {
      f.kind = "ub.div-by-zero";
      f.message = "integer division or remainder by zero (the result is undefined; spvsim "
                  "gives 0)";
    }
    break;
  }
  f.workItem = workItemOf(x, lane);
  if (lanes > 1) f.notes.push_back(std::to_string(lanes) + " work-items of this warp did so here");
  x.launch->reporter->report(std::move(f), op.source, key);
}

void reportWrap(const ExecState &x, const LoweredOp &op, uint32_t lane, bool isSigned,
                uint64_t lanes) {
  const uint64_t key = repeatKey(3, op, isSigned);
  if (x.launch->reporter->countRepeat(key)) return;
  Finding f;
  f.kind = "ub.int-overflow";
  f.message = std::string("the result of an instruction decorated ") +
              (isSigned ? "NoSignedWrap overflows as a signed"
                        : "NoUnsignedWrap wraps as an "
                          "unsigned") +
              " integer (the result is undefined)";
  f.workItem = workItemOf(x, lane);
  if (lanes > 1) f.notes.push_back(std::to_string(lanes) + " work-items of this warp did so here");
  x.launch->reporter->report(std::move(f), op.source, key);
}

} // namespace ops

void ops::reportPrintfFormat(const ExecState &x, const LoweredOp &op, uint32_t lane,
                             const std::string &problem) {
  const uint64_t key = repeatKey(4, op, 0);
  if (x.launch->reporter->countRepeat(key)) return;
  Finding f;
  f.kind = "printf.format";
  f.message = "printf " + problem;
  f.workItem = workItemOf(x, lane);
  x.launch->reporter->report(std::move(f), op.source, key);
}

void reportUnreachableFault(const ExecState &x, const LoweredOp &op, uint64_t mask) {
  if (!mask) return;
  const uint64_t key = repeatKey(5, op, 0);
  if (x.launch->reporter->countRepeat(key)) return;
  Finding f;
  f.kind = "ub.unreachable";
  f.message = "OpUnreachable executed";
  f.workItem = workItemOf(x, static_cast<uint32_t>(std::countr_zero(mask)));
  x.launch->reporter->report(std::move(f), op.source, key);
}

} // namespace spvsim
