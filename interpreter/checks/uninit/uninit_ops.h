// The uninit check in the checked warp loop (interpreter/DESIGN.md,
// "Uninitialized values"): before each op runs, its rule (checks/uninit/uninit_program.h)
// moves the definedness of its operands into its results and reports
// uninit.read where an undefined value decides something. Loads and stores move
// the definedness of memory with the access itself (checks/uninit/uninit_access.h). When
// every slot an op reads is clean — the common case — a rule costs a few bit
// tests; the rest is out of line in checks/uninit/uninit_ops.cpp.
#pragma once

#include "checks/uninit/uninit_memory.h"
#include "checks/uninit/uninit_program.h"
#include "checks/uninit/uninit_registers.h"

namespace spvsim::ops {

/// What an undefined value was used for (the message of its uninit.read).
enum class UninitUse : uint8_t {
  Condition,
  Address,
  Index,
  AtomicOperand,
  AtomicMemory,
  CollectiveOperand,
  PrintfArgument,
  GlobalStore,
  ImageWrite
};

/// Reports uninit.read at `op` for the lanes `lanes` (non-empty) that used an undefined
/// value of use `use`, which came from `origin`.
void reportUninitRead(const ExecState &x, const LoweredOp &op, UninitUse use, uint64_t lanes,
                      const ShadowOrigin &origin);

/// A use of slot `slot`: reports the lanes of `mask` where it is undefined, which then
/// count as defined (one bug, one finding).
inline void useSlot(const ExecState &x, const LoweredOp &op, uint32_t slot, uint64_t mask,
                    UninitUse use) {
  if (const uint64_t bad = undefinedLanesOf(x, slot, mask)) [[unlikely]] {
    reportUninitRead(x, op, use, bad, originOf(x, slot));
    uint8_t *s = shadowOf(x, slot);
    for (uint64_t m = bad; m; m &= m - 1) s[std::countr_zero(m)] = 0;
  }
}

/// Whether any slot of the runs is dirty.
inline bool anyDirty(const ExecState &x, const SlotRun *runs, uint32_t count) {
  for (uint32_t r = 0; r < count; ++r)
    for (uint32_t n = 0; n < runs[r].count; ++n)
      if (isDirty(x, runs[r].slot + n)) return true;
  return false;
}

/// Makes the lanes of `mask` of every slot of the runs defined.
inline void defineRuns(const ExecState &x, const SlotRun *runs, uint32_t count, uint64_t mask) {
  for (uint32_t r = 0; r < count; ++r)
    for (uint32_t n = 0; n < runs[r].count; ++n) defineLanes(x, runs[r].slot + n, mask);
}

// Rules that are out of line: rare, or only reached when some operand is dirty.
void uninitGenericSlow(const ExecState &x, const UninitOp &u, const SlotRun *runs, uint64_t mask);
void uninitMoveSlow(const ExecState &x, const UninitOp &u, uint64_t mask);
void uninitValueRule(const ExecState &x, const LoweredOp &op, const UninitOp &u);
void uninitStoreValue(const ExecState &x, const LoweredOp &op, const UninitOp &u, uint64_t mask);
void uninitAtomic(const ExecState &x, const LoweredOp &op, const UninitOp &u, uint32_t index);
void uninitDynamic(const ExecState &x, const LoweredOp &op, const UninitOp &u);
void uninitUseSlow(const ExecState &x, const LoweredOp &op, const UninitOp &u, const SlotRun *runs,
                   uint64_t mask);

/// The uninit check of op `op` (index `index`), before it runs.
inline void uninitBefore(const ExecState &x, const LoweredOp &op, uint32_t index) {
  const UninitProgram &program = uninitProgram(x);
  const UninitOp &u = program.ops[index];
  const SlotRun *runs = program.runs.data() + u.runs;
  switch (u.rule) {
  case ShadowRule::None:
    return;
  case ShadowRule::Generic: // every written slot undefined where a read byte is
    if (anyDirty(x, runs, u.reads)) [[unlikely]]
      return uninitGenericSlow(x, u, runs, x.maskOf(op));
    return defineRuns(x, runs + u.reads, u.writes, x.maskOf(op));
  case ShadowRule::Move:
    if (isDirty(x, u.a)) [[unlikely]]
      return uninitMoveSlow(x, u, x.maskOf(op));
    return defineLanes(x, u.d, x.maskOf(op));
  case ShadowRule::Select:
  case ShadowRule::ConvertInt:
  case ShadowRule::BitAnd:
  case ShadowRule::BitOr:
  case ShadowRule::Shift:
    if (anyDirty(x, runs, u.reads)) [[unlikely]]
      return uninitValueRule(x, op, u);
    return defineLanes(x, u.d, x.maskOf(op));
  case ShadowRule::Load: // the bytes' definedness moves with the access
    useSlot(x, op, u.a, x.maskOf(op), UninitUse::Address);
    if (u.flags & kUninitIndexed) useSlot(x, op, u.c, x.maskOf(op), UninitUse::Index);
    return;
  case ShadowRule::Store: {
    const uint64_t mask = x.maskOf(op);
    useSlot(x, op, u.a, mask, UninitUse::Address);
    if (u.flags & kUninitIndexed) useSlot(x, op, u.c, mask, UninitUse::Index);
    if (!(op.access & kAccessCopy) && isDirty(x, u.flags & kUninitIndexed ? u.d : u.b)) [[unlikely]]
      uninitStoreValue(x, op, u, mask);
    return;
  }
  case ShadowRule::AtomicLoad:
  case ShadowRule::AtomicStore:
  case ShadowRule::AtomicExchange:
  case ShadowRule::AtomicUpdate:
    return uninitAtomic(x, op, u, index);
  case ShadowRule::ExtractDynamic:
  case ShadowRule::InsertDynamic:
    return uninitDynamic(x, op, u);
  case ShadowRule::Use:
    if (anyDirty(x, runs, u.reads)) [[unlikely]]
      return uninitUseSlow(x, op, u, runs, x.maskOf(op));
    return defineRuns(x, runs + u.reads, u.writes, x.maskOf(op));
  case ShadowRule::Define:
    return defineRuns(x, runs + u.reads, u.writes, x.maskOf(op));
  }
}

} // namespace spvsim::ops
