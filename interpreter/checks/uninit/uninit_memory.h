// Where the uninit check finds the definedness of the bytes an access touches
// (memory/defined_shadow.h): a buffer's shadow (none for buffers created with
// contents: every byte defined), the group's local arena shadow, or the warp's
// private arena shadow. Only accesses the handlers perform are followed: a
// faulting lane reads 0 (defined) and writes nothing.
#pragma once

#include <bit>

#include "checks/uninit/uninit_state.h"
#include "exec/execution_events.h"
#include "memory/defined_shadow.h"

namespace spvsim::ops {

/// The shadow of the first byte of allocation `r` (resolved from `p` for `lane`),
/// or null when it has none.
inline uint8_t *shadowBase(const ExecState &x, uint64_t p, uint32_t lane,
                           const ResolvedAllocation &r) {
  const uint32_t id = tagged::id(p);
  switch (tagged::space(p)) {
  case AddressSpace::Global:
  case AddressSpace::Constant:
    return r.global->shadow;
  case AddressSpace::Local:
    return groupShadow(x).arena() + x.launch->localOffsets[id];
  case AddressSpace::Private: {
    const LoweredKernel &k = *x.launch->kernel;
    return warpShadow(x).privateArena.data() + lane * k.privateSize + k.privates[id].offset;
  }
  default:
    return nullptr;
  }
}

/// Runs `fn(lane, shadow)` for each lane of `mask` whose access of `bytes` at
/// p[lane] + imm the handler performs and whose allocation has a shadow, with the
/// shadow of the accessed bytes.
template <bool IsWrite, class Fn>
inline void forShadowLanes(const ExecState &x, uint64_t mask, const uint64_t *p, uint64_t imm,
                           uint32_t bytes, Fn fn) {
  if (!mask) return;
  const uint32_t first = static_cast<uint32_t>(std::countr_zero(mask));
  uint64_t differ = 0;
  if (mask == x.allLanes) { // every lane: a loop the compiler vectorises
    for (uint32_t l = 0; l < x.width; ++l) differ |= p[l] ^ p[0];
    differ >>= tagged::kOffsetBits;
  } else {
    for (uint32_t l = first; l < x.width; ++l)
      if ((mask >> l) & 1) differ |= (p[l] ^ p[first]) >> tagged::kOffsetBits;
  }
  ResolvedAllocation r;
  if (!differ) {
    // One allocation: resolved once (the common case).
    if (!resolve(x, p[first], first, r)) return;
    const AccessFault f = checkAccess(r, true, 0, IsWrite);
    if (!accessPerformed(f)) return;
    uint8_t *base = shadowBase(x, p[first], first, r);
    if (!base) return;
    const uint64_t laneStride =
        tagged::space(p[first]) == AddressSpace::Private ? x.launch->kernel->privateSize : 0;
    for (uint32_t l = first; l < x.width; ++l) {
      if (!((mask >> l) & 1)) continue;
      const uint64_t at = tagged::offset(p[l]) + imm;
      if (at + bytes <= r.size) fn(l, base + (l - first) * laneStride + at);
    }
    return;
  }
  for (uint32_t l = first; l < x.width; ++l) {
    if (!((mask >> l) & 1) || !resolve(x, p[l], l, r)) continue;
    const uint64_t at = tagged::offset(p[l]) + imm;
    const AccessFault f = checkAccess(r, true, at + bytes, IsWrite);
    if (!accessPerformed(f)) continue;
    if (uint8_t *base = shadowBase(x, p[l], l, r)) fn(l, base + at);
  }
}

} // namespace spvsim::ops
