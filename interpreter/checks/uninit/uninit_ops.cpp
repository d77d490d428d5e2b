// The uninit check's rules that run only when an operand is undefined, or that
// are rare (checks/uninit/uninit_ops.h), and what launches, work-groups and warps
// prepare for the check.
#include "checks/uninit/uninit_ops.h"

#include "checks/uninit/uninit_copy.h"

namespace spvsim::ops {

namespace {

/// The raw bits of lane l of a slot of `bytes` bytes per lane.
uint64_t valueBits(const ExecState &x, uint32_t slot, uint32_t bytes, uint32_t l) {
  uint64_t v = 0;
  std::memcpy(&v, x.regs + slot + size_t(l) * bytes, bytes);
  return v;
}

/// The undefined bytes of `a op b` for bitwise and (`decides` 0x00) or or (0xff): a
/// byte is defined where both are, or where a defined byte of one decides it.
uint8_t bitwiseUndefined(uint64_t a, uint8_t undefinedA, uint64_t b, uint8_t undefinedB,
                         uint32_t bytes, uint8_t decides) {
  uint8_t result = 0;
  for (uint32_t k = 0; k < bytes; ++k) {
    const bool ua = (undefinedA >> k) & 1, ub = (undefinedB >> k) & 1;
    if (!ua && !ub) continue;
    const bool decided =
        (!ua && uint8_t(a >> 8 * k) == decides) || (!ub && uint8_t(b >> 8 * k) == decides);
    if (!decided) result |= uint8_t(1u << k);
  }
  return result;
}

/// The undefined bytes of a shift of a value with undefined bytes `m` by `amount` bits.
uint8_t shiftedUndefined(uint8_t m, uint64_t amount, uint32_t bytes, uint8_t flags) {
  const uint8_t whole = undefinedMask(bytes);
  const uint32_t q = uint32_t(amount / 8), rem = uint32_t(amount % 8);
  if (flags & kUninitShl) return uint8_t(((m << q) | (rem ? m << (q + 1) : 0)) & whole);
  // Arithmetic shifts copy the sign bit into the bytes they free.
  if ((flags & kUninitShrA) && ((m >> (bytes - 1)) & 1)) return whole;
  return uint8_t(((m >> q) | (rem ? m >> (q + 1) : 0)) & whole);
}

} // namespace

void uninitGenericSlow(const ExecState &x, const UninitOp &u, const SlotRun *runs, uint64_t mask) {
  uint64_t undefined = 0;
  ShadowOrigin origin;
  for (uint32_t r = 0; r < u.reads; ++r)
    for (uint32_t n = 0; n < runs[r].count; ++n) {
      const uint32_t slot = runs[r].slot + n;
      const uint64_t lanes = undefinedLanesOf(x, slot, mask);
      if (lanes && !undefined) origin = originOf(x, slot);
      undefined |= lanes;
    }
  uint8_t result[64];
  for (uint32_t l = 0; l < x.width; ++l) result[l] = (undefined >> l) & 1 ? 0xff : 0;
  for (uint32_t w = u.reads; w < uint32_t(u.reads + u.writes); ++w)
    for (uint32_t n = 0; n < runs[w].count; ++n)
      writeLanes(x, runs[w].slot + n, mask, result, origin);
}

void uninitMoveSlow(const ExecState &x, const UninitOp &u, uint64_t mask) {
  const ShadowOrigin origin = originOf(x, u.a);
  writeLanes(x, u.d, mask, shadowOf(x, u.a), origin);
}

void uninitValueRule(const ExecState &x, const LoweredOp &op, const UninitOp &u) {
  const uint64_t mask = x.maskOf(op);
  const uint8_t *a = shadowOf(x, u.a), *b = shadowOf(x, u.b), *c = shadowOf(x, u.c);
  const uint8_t whole = undefinedMask(u.bytes);
  uint8_t result[64];
  ShadowOrigin origin;
  bool found = false;
  auto from = [&](uint32_t slot, uint8_t undefinedBytes) {
    if (undefinedBytes && !found) origin = originOf(x, slot), found = true;
  };
  for (uint64_t m = mask; m; m &= m - 1) {
    const uint32_t l = static_cast<uint32_t>(std::countr_zero(m));
    uint8_t &r = result[l];
    switch (u.rule) {
    case ShadowRule::Select: {
      // An undefined condition makes the result undefined; else the chosen operand's.
      const bool first = x.reg<uint8_t>(op.a)[l] != 0;
      r = a[l] ? uint8_t(0xff) : first ? b[l] : c[l];
      from(u.a, a[l]);
      from(first ? u.b : u.c, r);
      break;
    }
    case ShadowRule::ConvertInt: {
      const uint8_t source = a[l] & whole;
      if (u.toBytes <= u.bytes) {
        r = source & undefinedMask(u.toBytes);
      } else {
        const bool sign = (u.flags & kUninitSigned) && ((source >> (u.bytes - 1)) & 1);
        r = uint8_t(source | (sign ? undefinedMask(u.toBytes) & ~whole : 0));
      }
      from(u.a, r);
      break;
    }
    case ShadowRule::BitAnd:
    case ShadowRule::BitOr:
      r = bitwiseUndefined(valueBits(x, op.a, u.bytes, l), a[l] & whole,
                           valueBits(x, op.b, u.bytes, l), b[l] & whole, u.bytes,
                           u.rule == ShadowRule::BitAnd ? 0x00 : 0xff);
      from(a[l] ? u.a : u.b, r);
      break;
    default: // Shift: by an undefined amount anything may come out
      r = b[l] & whole
              ? whole
              : shiftedUndefined(a[l] & whole, valueBits(x, op.b, u.bytes, l) % (8 * u.bytes),
                                 u.bytes, u.flags);
      from(b[l] & whole ? u.b : u.a, r);
      break;
    }
  }
  writeLanes(x, u.d, mask, result, origin);
}

void uninitStoreValue(const ExecState &x, const LoweredOp &op, const UninitOp &u, uint64_t mask) {
  // A value nothing of which was written, stored where the host can read it. Indexing
  // moves a pointer within its allocation: the base's space is the access's.
  const uint32_t valueSlot = u.flags & kUninitIndexed ? u.d : u.b;
  const uint8_t *v = shadowOf(x, valueSlot);
  const uint64_t *p = x.reg<uint64_t>(op.a);
  const uint8_t whole = undefinedMask(u.bytes);
  uint64_t wholly = 0;
  for (uint64_t m = undefinedLanesOf(x, valueSlot, mask); m; m &= m - 1) {
    const uint32_t l = static_cast<uint32_t>(std::countr_zero(m));
    if ((v[l] & whole) == whole && tagged::space(p[l]) == AddressSpace::Global)
      wholly |= laneBit(l);
  }
  if (!wholly) return;
  const ShadowOrigin origin = originOf(x, valueSlot);
  // Where lane l stores (an indexed store: a + c × stride + imm + b).
  auto destination = [&](uint32_t l) {
    if (!(u.flags & kUninitIndexed)) return tagged::addOffset(p[l], op.imm);
    return tagged::addOffset(p[l], uint64_t(laneIndex(x, op, l)) * (op.aux & kMaxIndexedStride) +
                                       op.imm + op.b);
  };
  if (origin.bytes == u.bytes && destination(std::countr_zero(wholly)) == origin.pointer) {
    // A write-back: the bytes go back, unchanged in definedness, to where they were loaded
    // from (a vector's other components around a component stored at -O0). The memory
    // stays as undefined as it was; lanes that store into the same buffer do the same.
    const uint32_t buffer = tagged::id(origin.pointer);
    for (uint64_t m = wholly; m; m &= m - 1)
      if (tagged::id(p[std::countr_zero(m)]) == buffer) wholly &= ~laneBit(std::countr_zero(m));
    if (!wholly) return;
  }
  reportUninitRead(x, op, UninitUse::GlobalStore, wholly, origin);
  uint8_t *s = shadowOf(x, valueSlot);
  for (uint64_t m = wholly; m; m &= m - 1) s[std::countr_zero(m)] = 0;
}

void uninitAtomic(const ExecState &x, const LoweredOp &op, const UninitOp &u, uint32_t index) {
  const uint64_t mask = x.maskOf(op);
  useSlot(x, op, u.a, mask, UninitUse::Address);
  if (u.rule != ShadowRule::AtomicLoad) useSlot(x, op, u.b, mask, UninitUse::AtomicOperand);
  if (op.code == OpCode::AtomicCompareExchange32 || op.code == OpCode::AtomicCompareExchange64)
    useSlot(x, op, u.c, mask, UninitUse::AtomicOperand);
  const uint64_t *p = x.reg<uint64_t>(op.a);
  // Lanes go in lane order, as the handler's do. What an atomic writes is defined (its
  // operands were, or have been reported); an atomic load leaves memory as it is.
  uint8_t old[64] = {};
  uint64_t undefined = 0;
  const bool writes = u.rule != ShadowRule::AtomicLoad;
  auto visit = [&](uint32_t l, uint8_t *s) {
    old[l] = gatherUndefined(s, u.bytes);
    if (old[l]) undefined |= laneBit(l);
    if (writes) scatterUndefined(s, u.bytes, 0);
  };
  if (writes)
    forShadowLanes<true>(x, mask, p, 0, u.bytes, visit);
  else
    forShadowLanes<false>(x, mask, p, 0, u.bytes, visit);
  if (!undefined) { // every lane's old value defined: the result is, whatever the rule
    if (u.rule == ShadowRule::AtomicLoad || u.rule == ShadowRule::AtomicExchange ||
        u.rule == ShadowRule::AtomicUpdate)
      defineLanes(x, u.d, mask);
    return;
  }
  const uint32_t lane = static_cast<uint32_t>(std::countr_zero(undefined));
  const ShadowOrigin origin{u.rule == ShadowRule::AtomicLoad ? index : ~0u, u.bytes, p[lane]};
  switch (u.rule) {
  case ShadowRule::AtomicLoad:
  case ShadowRule::AtomicExchange: // the old value only moves on
    return writeLanes(x, u.d, mask, old, origin);
  case ShadowRule::AtomicUpdate:
    if (undefined) reportUninitRead(x, op, UninitUse::AtomicMemory, undefined, origin);
    return defineLanes(x, u.d, mask);
  default:
    return;
  }
}

void uninitDynamic(const ExecState &x, const LoweredOp &op, const UninitOp &u) {
  const uint64_t mask = x.maskOf(op);
  useSlot(x, op, u.b, mask, UninitUse::Index);
  const uint8_t *a = shadowOf(x, u.a);
  uint8_t result[64];
  ShadowOrigin origin;
  for (uint64_t m = mask; m; m &= m - 1) {
    const uint32_t l = static_cast<uint32_t>(std::countr_zero(m));
    const uint64_t i = indexOf(x, op.b, op.aux, l);
    if (u.rule == ShadowRule::ExtractDynamic) {
      result[l] = i < op.c ? shadowOf(x, u.a + uint32_t(i))[l] : 0;
      if (result[l]) origin = originOf(x, u.a + uint32_t(i));
    } else if (i < op.c && (a[l] || isDirty(x, u.d + uint32_t(i)))) {
      const uint32_t component = u.d + uint32_t(i);
      shadowOf(x, component)[l] = a[l];
      if (a[l]) markDirty(x, component), originOf(x, component) = originOf(x, u.a);
    }
  }
  if (u.rule == ShadowRule::ExtractDynamic) writeLanes(x, u.d, mask, result, origin);
}

void uninitUseSlow(const ExecState &x, const LoweredOp &op, const UninitOp &u, const SlotRun *runs,
                   uint64_t mask) {
  const UninitUse use = op.code == OpCode::CondEdges || op.code == OpCode::SwitchEdges
                            ? UninitUse::Condition
                        : op.code == OpCode::Printf ? UninitUse::PrintfArgument
                        : op.code == OpCode::Image  ? UninitUse::Address // its coordinates
                                                    : UninitUse::CollectiveOperand;
  for (uint32_t r = 0; r < u.reads; ++r)
    for (uint32_t n = 0; n < runs[r].count; ++n) useSlot(x, op, runs[r].slot + n, mask, use);
  defineRuns(x, runs + u.reads, u.writes, mask);
}

} // namespace spvsim::ops

namespace spvsim {

UninitWatcher::UninitWatcher(const LaunchContext &L) : program_(buildUninitProgram(*L.kernel)) {}

std::unique_ptr<GroupWatcher> UninitWatcher::makeGroupWatcher(LaunchContext &L,
                                                              std::span<Warp> warps) {
  return std::make_unique<GroupShadow>(L, warps);
}

void UninitWatcher::memoryCopied(const ExecState &x, uint32_t lane, const CopiedBytes &c) {
  copyShadow(x, lane, c.dst, *c.to, c.dstOffset, c.src, *c.from, c.srcOffset, c.size);
}

GroupShadow::GroupShadow(const LaunchContext &L, std::span<Warp> warps)
    : launch_(L), warps_(warps.size()) {
  arena_.assign(L.localArenaSize + 1, kUndefinedByte);
  defined_.assign(L.localSizes.size() + 1, 0);
  // Every register and private byte starts defined / undefined (groupStarted resets the
  // private bytes of each group).
  const LoweredKernel &k = *L.kernel;
  for (size_t i = 0; i < warps.size(); ++i) {
    WarpShadow &s = warps_[i];
    s.registers.assign(size_t(k.slotCount) * k.warpWidth + 1, 0);
    s.privateArena.assign(size_t(k.privateSize) * k.warpWidth, kUndefinedByte);
    s.dirty.assign(k.slotCount / 64 + 1, 0);
    s.dirtySlots = 0;
    s.origins.assign(k.slotCount + 1, ShadowOrigin{});
    warps[i].watchers[kUninitSlot] = &s;
  }
}

void GroupShadow::groupStarted(GroupState &, std::span<Warp> warps, uint64_t) {
  // __local memory is undefined at the start of every work-group, private memory at the
  // start of every work-item; by-value struct arguments are copies of defined bytes.
  const LaunchContext &L = launch_;
  std::fill(arena_.begin(), arena_.end(), kUndefinedByte);
  std::fill(defined_.begin(), defined_.end(), 0);
  const LoweredKernel &k = *L.kernel;
  // Kernels without address-taken private memory skip the warps (a launch of many small
  // groups pays per group only for what its kernel has).
  if (k.privateSize == 0 && L.byValCopies.empty()) return;
  for (Warp &w : warps) {
    WarpShadow &s = *static_cast<WarpShadow *>(w.watchers[kUninitSlot]);
    std::fill(s.privateArena.begin(), s.privateArena.end(), kUndefinedByte);
    for (const auto &copy : L.byValCopies)
      for (uint32_t l = 0; l < k.warpWidth; ++l)
        std::memset(s.privateArena.data() + l * k.privateSize + copy.offset, kDefinedByte,
                    copy.bytes.size());
  }
}

void GroupShadow::barrierReleased(uint64_t, bool) {
  const LaunchContext &L = launch_;
  for (size_t id = 0; id < L.localSizes.size(); ++id)
    defined_[id] =
        !std::memchr(arena_.data() + L.localOffsets[id], kUndefinedByte, L.localSizes[id]);
}

void GroupShadow::asyncCopied(const ExecState &x, uint32_t, const CopiedBytes &c) {
  if (c.dstContiguous() && c.srcContiguous())
    return copyShadow(x, 0, c.dst, *c.to, c.dstOffset, c.src, *c.from, c.srcOffset,
                      c.size * c.count);
  for (uint64_t k = 0; k < c.count; ++k)
    copyShadow(x, 0, c.dst, *c.to, c.dstOffset + k * c.dstStride, c.src, *c.from,
               c.srcOffset + k * c.srcStride, c.size);
}

void copyShadow(const ExecState &x, uint32_t lane, uint64_t dst, const ops::ResolvedAllocation &d,
                uint64_t dstOffset, uint64_t src, const ops::ResolvedAllocation &s,
                uint64_t srcOffset, uint64_t size) {
  uint8_t *to = ops::shadowBase(x, dst, lane, d);
  if (!to) return;
  const uint8_t *from = ops::shadowBase(x, src, lane, s);
  copyDefinedness(to + dstOffset, from ? from + srcOffset : nullptr, size);
  // A __local allocation may now hold undefined bytes: its "all defined" flag goes.
  if (from && tagged::space(dst) == AddressSpace::Local)
    groupShadow(x).defined()[tagged::id(dst)] = 0;
}

} // namespace spvsim
