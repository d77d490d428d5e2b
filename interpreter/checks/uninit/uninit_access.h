// Loads and stores of the checked loop when the uninit check is on: the same
// accesses as handlers_memory.h's (the same lanes, fast paths and faults), each
// also moving the definedness of the bytes it copies between the memory shadow
// and the register shadow. A byte's shadow lies at a fixed distance from the
// byte (ShadowMap): one distance for the group's __local arena, one for the
// warp's private arena, one per buffer — so the handlers' address arithmetic
// serves the shadow too.
#pragma once

#include <cstring>

#include "checks/uninit/uninit_ops.h"
#include "exec/execution_events.h"

/// Per-lane callbacks the access loops must not call out of line.
#define SPVSIM_ALWAYS_INLINE __attribute__((always_inline))

namespace spvsim::ops {

/// Where the shadow of an allocation's bytes is: at `delta` bytes from them, or nowhere
/// (`none`: a buffer created with contents, every byte defined). A __local allocation
/// has a flag that says every byte of it is defined (GroupShadow::defined).
struct ShadowMap {
  intptr_t delta = 0;
  bool none = true;
  uint8_t *allDefined = nullptr;
  uint8_t *at(const std::byte *addr) const {
    return reinterpret_cast<uint8_t *>(reinterpret_cast<intptr_t>(addr) + delta);
  }
  /// Every byte of the allocation is defined at the moment.
  bool definedNow() const { return none || (allDefined && *allDefined); }
  /// Records the definedness of a `Bytes`-byte value stored at `addr`.
  template <uint32_t Bytes> void store(std::byte *addr, uint8_t undefined) const {
    if (none) return;
    scatterUndefined(at(addr), Bytes, undefined);
    if (undefined && allDefined) *allDefined = 0;
  }
};

inline ShadowMap shadowMapOf(const ExecState &x, uint64_t pointer) {
  auto distance = [](const void *shadow, const void *bytes, uint8_t *allDefined = nullptr) {
    return ShadowMap{reinterpret_cast<intptr_t>(shadow) - reinterpret_cast<intptr_t>(bytes), false,
                     allDefined};
  };
  const uint32_t id = tagged::id(pointer);
  switch (tagged::space(pointer)) {
  case AddressSpace::Global:
  case AddressSpace::Constant: {
    const auto &allocs = x.launch->allocations;
    if (id == 0 || id >= allocs.size() || !allocs[id].shadow) return {};
    return distance(allocs[id].shadow, allocs[id].base);
  }
  case AddressSpace::Local:
    if (id >= x.launch->localSizes.size()) return {};
    return distance(groupShadow(x).arena(), x.group->localArena, groupShadow(x).defined() + id);
  case AddressSpace::Private:
    return distance(warpShadow(x).privateArena.data(), x.warp->privateArena.data());
  default:
    return {};
  }
}

/// The shadow maps of the lanes of one access: the first active lane's, and per lane
/// the one of its pointer's allocation (the same unless lanes point into several).
class LaneShadows {
public:
  LaneShadows(const ExecState &x, const uint64_t *pointers, uint64_t mask)
      : x_(x), pointers_(pointers) {
    const uint32_t first = mask ? static_cast<uint32_t>(std::countr_zero(mask)) : 0;
    tag_ = pointers[first] >> tagged::kOffsetBits;
    map_ = shadowMapOf(x, pointers[first]);
  }
  const ShadowMap &first() const { return map_; }
  /// Whether every lane of `mask` points into the first lane's allocation (`uniform`: the
  /// pointers are the same in every lane by construction).
  bool allInFirst(uint64_t mask, bool uniform) const {
    if (uniform) return true;
    uint64_t differ = 0;
    for (uint64_t m = mask; m; m &= m - 1)
      differ |= (pointers_[std::countr_zero(m)] >> tagged::kOffsetBits) ^ tag_;
    return differ == 0;
  }
  [[gnu::always_inline]] ShadowMap of(uint32_t lane) const {
    if (pointers_[lane] >> tagged::kOffsetBits == tag_) [[likely]]
      return map_;
    return shadowMapOf(x_, pointers_[lane]);
  }

private:
  const ExecState &x_;
  const uint64_t *pointers_;
  uint64_t tag_ = 0;
  ShadowMap map_;
};

/// The undefined-byte mask of the `Bytes` shadow bytes at `s`.
template <uint32_t Bytes> inline uint8_t gatherShadow(const uint8_t *s) {
  using Word = std::conditional_t<
      Bytes == 1, uint8_t,
      std::conditional_t<Bytes == 2, uint16_t, std::conditional_t<Bytes == 4, uint32_t, uint64_t>>>;
  Word w;
  std::memcpy(&w, s, Bytes);
  if (w == Word(0x0101010101010101)) [[likely]]
    return 0;
  return gatherUndefined(s, Bytes);
}

/// The address of lane 0's access when every lane of the warp accesses the `bytes`
/// bytes after the previous lane's, in one allocation outside private memory, all in
/// bounds and allowed (a warp's contiguous range: its allocation decided once, its
/// shadow tested and written as one range); nullptr otherwise (forAccessibleLanes then).
template <bool IsWrite>
inline std::byte *contiguousAccess(const ExecState &x, const LoweredOp &op, uint32_t bytes) {
  if (x.maskOf(op) != x.allLanes) return nullptr;
  const uint64_t *p = x.reg<uint64_t>(op.a);
  const uint64_t p0 = p[0];
  if (tagged::space(p0) == AddressSpace::Private) return nullptr;
  uint64_t differ = 0;
  for (uint32_t l = 0; l < x.width; ++l)
    differ |= ((p[l] ^ p0) >> tagged::kOffsetBits) | (p[l] - p0 - uint64_t(l) * bytes);
  if (differ) return nullptr;
  ResolvedAllocation r;
  const bool ok = resolve(x, p0, 0, r);
  const uint64_t end = tagged::offset(p0) + op.imm + uint64_t(x.width) * bytes;
  if (checkAccess(r, ok, end, IsWrite) != AccessFault::None) return nullptr;
  return r.base + tagged::offset(p0) + op.imm;
}

/// Records the origin of a load's result (op `index` of the kernel) that some lane of
/// `mask` read undefined bytes into: the first such lane's access.
template <bool Indexed>
inline void noteLoadOrigin(const ExecState &x, const LoweredOp &op, const UninitOp &u,
                           uint32_t index, uint64_t mask) {
  const uint8_t *sd = shadowOf(x, u.d);
  for (uint64_t m = mask; m; m &= m - 1) {
    const uint32_t l = static_cast<uint32_t>(std::countr_zero(m));
    if (!sd[l]) continue;
    const uint64_t base = x.reg<uint64_t>(op.a)[l];
    const uint64_t pointer =
        Indexed
            ? tagged::addOffset(base, uint64_t(laneIndex(x, op, l)) * (op.aux & kMaxIndexedStride) +
                                          op.imm + op.b)
            : tagged::addOffset(base, op.imm);
    originOf(x, u.d) = ShadowOrigin{index, u.bytes, pointer};
    return;
  }
}

/// Load / LoadIndexed (op `index` of the kernel) with the uninit check: d and its shadow.
template <class T, bool Indexed>
inline void uninitLoadAccess(const ExecState &x, const LoweredOp &op, uint32_t index) {
  const UninitOp &u = uninitProgram(x).ops[index];
  T *d = x.reg<T>(op.d);
  uint8_t *sd = shadowOf(x, u.d);
  const uint64_t mask = x.maskOf(op);
  const LaneShadows shadows(x, x.reg<uint64_t>(op.a), mask);
  if (shadows.first().definedNow() &&
      shadows.allInFirst(mask, Indexed && (op.aux & kUniformBase))) {
    // From a buffer created with contents, or __local memory written all over.
    if constexpr (Indexed)
      loadIndexed<T>(x, op);
    else
      load<T>(x, op);
    return defineLanes(x, u.d, mask);
  }
  uint8_t undefined = 0;
  if constexpr (!Indexed) {
    if (const std::byte *addr = contiguousAccess<false>(x, op, sizeof(T))) {
      const ShadowMap &m = shadows.first();
      std::memcpy(d, addr, x.width * sizeof(T));
      if (m.none || !std::memchr(m.at(addr), kUndefinedByte, x.width * sizeof(T))) {
        std::memset(sd, 0, x.width);
        return markClean(x, u.d);
      }
      for (uint32_t l = 0; l < x.width; ++l) {
        sd[l] = gatherShadow<sizeof(T)>(m.at(addr + l * sizeof(T)));
        undefined |= sd[l];
      }
      if (!undefined) return markClean(x, u.d);
      markDirty(x, u.d);
      return noteLoadOrigin<Indexed>(x, op, u, index, mask);
    }
  }
  auto access = [&](uint32_t l, const std::byte *addr) SPVSIM_ALWAYS_INLINE {
    std::memcpy(&d[l], addr, sizeof(T));
    const ShadowMap m = shadows.of(l);
    sd[l] = m.none ? 0 : gatherShadow<sizeof(T)>(m.at(addr));
    undefined |= sd[l];
  };
  auto fault = [&](uint32_t l) { d[l] = 0, sd[l] = 0; };
  if constexpr (Indexed) {
    forIndexedLanes<false>(
        x, op, sizeof(T), access,
        [&](const std::byte *addr, int64_t stride) {
          const ShadowMap &m = shadows.first();
          if (stride == sizeof(T) && !m.none &&
              !std::memchr(m.at(addr), kUndefinedByte, x.width * sizeof(T))) {
            // Consecutive elements, every byte defined.
            std::memcpy(d, addr, x.width * sizeof(T));
            return void(std::memset(sd, 0, x.width));
          }
          // Elements `stride` apart (a vector's component). The map read once and the
          // lanes' bits gathered in a local: byte stores may alias both.
          const uint32_t width = x.width;
          if (m.none) {
            for (uint32_t l = 0; l < width; ++l) {
              std::memcpy(&d[l], addr + l * stride, sizeof(T));
              sd[l] = 0;
            }
            return;
          }
          const uint8_t *const shadow = m.at(addr);
          uint8_t any = 0;
          for (uint32_t l = 0; l < width; ++l) {
            std::memcpy(&d[l], addr + l * stride, sizeof(T));
            const uint8_t bits = gatherShadow<sizeof(T)>(shadow + l * stride);
            sd[l] = bits;
            any |= bits;
          }
          undefined |= any;
        },
        fault);
  } else {
    forAccessibleLanes<false>(x, op, sizeof(T), access, fault);
  }
  if (undefined) [[unlikely]] {
    markDirty(x, u.d);
    noteLoadOrigin<Indexed>(x, op, u, index, mask);
  } else if (mask == x.allLanes) {
    markClean(x, u.d);
  }
}

/// Store / StoreIndexed (op `index` of the kernel) with the uninit check: the value and
/// its shadow.
template <class T, bool Indexed>
inline void uninitStoreAccess(const ExecState &x, const LoweredOp &op, uint32_t index) {
  const UninitOp &u = uninitProgram(x).ops[index];
  const uint32_t valueSlot = Indexed ? op.d : op.b;
  const T *v = x.reg<T>(valueSlot);
  const uint8_t *sv = shadowOf(x, Indexed ? u.d : u.b);
  constexpr uint8_t kWhole = undefinedMask(sizeof(T));
  const uint64_t mask = x.maskOf(op);
  const LaneShadows shadows(x, x.reg<uint64_t>(op.a), mask);
  const bool uniform = Indexed && (op.aux & kUniformBase);
  const bool valueDefined = !isDirty(x, Indexed ? u.d : u.b);
  if ((shadows.first().none || (valueDefined && shadows.first().definedNow())) &&
      shadows.allInFirst(mask, uniform)) {
    // Into a buffer created with contents, or defined bytes over defined ones.
    if constexpr (Indexed)
      return storeIndexed<T>(x, op);
    else
      return store<T>(x, op);
  }
  if constexpr (!Indexed) {
    if (std::byte *addr = contiguousAccess<true>(x, op, sizeof(T))) {
      const ShadowMap &m = shadows.first();
      std::memcpy(addr, v, x.width * sizeof(T));
      if (m.none) return;
      if (valueDefined) // every value defined: the range's shadow at once
        return void(std::memset(m.at(addr), kDefinedByte, x.width * sizeof(T)));
      for (uint32_t l = 0; l < x.width; ++l)
        m.template store<sizeof(T)>(addr + l * sizeof(T), sv[l] & kWhole);
      return;
    }
  }
  auto access = [&](uint32_t l, std::byte *addr) SPVSIM_ALWAYS_INLINE {
    std::memcpy(addr, &v[l], sizeof(T));
    shadows.of(l).template store<sizeof(T)>(addr, sv[l] & kWhole);
  };
  if constexpr (Indexed) {
    forIndexedLanes<true>(x, op, sizeof(T), access, [&](std::byte *addr, int64_t stride) {
      if (stride == 0) // every lane stores to one place: the last one's value stays
        return access(x.width - 1, addr);
      // One allocation for the warp (shadows.first()): its map, not a lane's, for each lane.
      const ShadowMap &m = shadows.first();
      if (stride == sizeof(T) && valueDefined && !m.none) {
        // Consecutive elements, every value defined.
        std::memcpy(addr, v, x.width * sizeof(T));
        return void(std::memset(m.at(addr), kDefinedByte, x.width * sizeof(T)));
      }
      if (m.none || valueDefined) { // elements `stride` apart (a vector's component)
        // The shadow's address taken once: byte stores may alias the map, which the
        // compiler would otherwise read again for every lane.
        const uint32_t width = x.width;
        if (m.none) {
          for (uint32_t l = 0; l < width; ++l) std::memcpy(addr + l * stride, &v[l], sizeof(T));
          return;
        }
        uint8_t *const shadow = m.at(addr);
        for (uint32_t l = 0; l < width; ++l) {
          std::memcpy(addr + l * stride, &v[l], sizeof(T));
          std::memset(shadow + l * stride, kDefinedByte, sizeof(T));
        }
        return;
      }
      for (uint32_t l = 0; l < x.width; ++l) {
        std::memcpy(addr + l * stride, &v[l], sizeof(T));
        m.template store<sizeof(T)>(addr + l * stride, sv[l] & kWhole);
      }
    });
  } else {
    forAccessibleLanes<true>(x, op, sizeof(T), access);
  }
}

} // namespace spvsim::ops
