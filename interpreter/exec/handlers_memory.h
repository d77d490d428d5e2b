// Handlers of the memory family: checked loads and stores through tagged
// pointers, pointer arithmetic, and BuiltIn reads. Every access is checked
// against its allocation; when all active lanes hit one allocation a single
// range check covers them (the fast path). A bad access never touches host
// memory: loads yield 0, stores are dropped, and the seam is told
// (raiseAccessFault; the access-fault check, checks/access/, reports it).
#pragma once

#include <algorithm>
#include <bit>
#include <climits>
#include <cstring>
#include <type_traits>

#include "exec/exec_state.h"

namespace spvsim::ops {

/// Where an allocation's bytes live for one lane, and what bounds apply.
struct ResolvedAllocation {
  std::byte *base = nullptr;
  uint64_t size = 0;
  const AllocationView *global = nullptr; ///< for global/constant allocations
};

enum class AccessFault : uint8_t {
  None,
  Null,
  OutOfBounds,
  Released,
  ReadOnlyWrite,
  WriteOnlyRead,
  Mapped
};

inline bool resolve(const ExecState &x, uint64_t p, uint32_t lane, ResolvedAllocation &r) {
  uint32_t id = tagged::id(p);
  switch (tagged::space(p)) {
  case AddressSpace::Global:
  case AddressSpace::Constant: {
    const auto &allocs = x.launch->allocations;
    if (id == 0 || id >= allocs.size()) return false;
    r.global = &allocs[id];
    r.base = r.global->base;
    r.size = r.global->size;
    return true;
  }
  case AddressSpace::Local: {
    const LoweredKernel &k = *x.launch->kernel;
    if (id >= k.locals.size()) return false;
    r.base = x.group->localArena + x.launch->localOffsets[id];
    r.size = x.launch->localSizes[id];
    return true;
  }
  case AddressSpace::Private: {
    const LoweredKernel &k = *x.launch->kernel;
    if (id >= k.privates.size()) return false;
    r.base = x.warp->privateArena.data() + lane * k.privateSize + k.privates[id].offset;
    r.size = k.privates[id].size;
    return true;
  }
  default:
    return false;
  }
}

/// A host address into an SVM allocation (space None, not NULL: memory/tagged_pointer.h):
/// the allocation found in the launch's sorted SVM ranges (binary search), and `offset`
/// the address's distance from its first byte. An address in no allocation resolves to
/// nothing: it is never accessed.
[[gnu::noinline]] inline bool resolveSvm(const ExecState &x, uint64_t p, ResolvedAllocation &r,
                                         uint64_t &offset) {
  const AllocationTable &allocs = x.launch->allocations;
  const SvmRange *range = allocs.findSvm(p);
  if (!range) return false;
  r.global = &allocs[range->id];
  r.base = r.global->base;
  r.size = r.global->size;
  offset = p - range->begin;
  return true;
}

/// resolve() for one lane's own access, with the offset of `p` in the allocation: tagged
/// pointers as resolve() does (offset: tagged::offset), and host addresses into SVM
/// allocations. Paths that check several lanes against one resolved allocation use
/// resolve(), where an SVM address fails and sends them lane by lane here: two host
/// addresses with the same tag bits may lie in different allocations. Tagged pointers
/// pay nothing for it: the SVM case lives where resolve() fails.
inline bool resolveLane(const ExecState &x, uint64_t p, uint32_t lane, ResolvedAllocation &r,
                        uint64_t &offset) {
  offset = tagged::offset(p);
  if (resolve(x, p, lane, r)) [[likely]]
    return true;
  return tagged::space(p) == AddressSpace::None && p != 0 && resolveSvm(x, p, r, offset);
}

/// Tells the launch's watchers that an access of `op` faulted in `lanes` lanes, the
/// first of them `lane` (the seam's accessFaulted event, exec/execution_events.h).
void raiseAccessFault(const ExecState &x, const LoweredOp &op, uint32_t lane, uint64_t pointer,
                      uint32_t bytes, bool isWrite, AccessFault fault, uint64_t lanes);

/// What is wrong with an access ending at `end` of allocation `r`; bounds are checked
/// before the buffer's access flags, so that an access reported only for its flags
/// (accessPerformed) is always inside the allocation.
inline AccessFault checkAccess(const ResolvedAllocation &r, bool ok, uint64_t end, bool isWrite) {
  if (!ok) return AccessFault::Null;
  if (r.global) {
    if (r.global->released) return AccessFault::Released;
    if (r.global->mapped != HostMapping::None) [[unlikely]]
      if (isWrite || r.global->mapped == HostMapping::Write) return AccessFault::Mapped;
    if (end > r.size) return AccessFault::OutOfBounds;
    if (isWrite && r.global->access == BufferAccess::ReadOnly) return AccessFault::ReadOnlyWrite;
    if (!isWrite && r.global->access == BufferAccess::WriteOnly) return AccessFault::WriteOnlyRead;
    return AccessFault::None;
  }
  return end <= r.size ? AccessFault::None : AccessFault::OutOfBounds;
}

/// Whether an access with fault `f` is performed all the same: a write to a
/// CL_MEM_READ_ONLY buffer or a read of a CL_MEM_WRITE_ONLY one is undefined (OpenCL
/// API §5.2.1, cl_mem_flags) but every driver performs it, so it is reported and
/// performed, like a misaligned access: a check reports, it does not change what the
/// program computes.
inline bool accessPerformed(AccessFault f) {
  return f == AccessFault::None || f == AccessFault::ReadOnlyWrite ||
         f == AccessFault::WriteOnlyRead;
}

/// Lanes whose access faults are left alone by forAccessibleLanes.
struct NoFaultAction {
  void operator()(uint32_t) const {}
};

/// Runs `access(lane, address)` for every active lane whose access at `p[lane] +
/// op.imm` is in bounds, and `onFault(lane)` for every active lane whose access is
/// not performed.
template <bool IsWrite, class Access, class OnFault = NoFaultAction>
inline void forAccessibleLanes(const ExecState &x, const LoweredOp &op, const uint64_t *p,
                               uint32_t bytes, Access access, OnFault onFault = {}) {
  const uint64_t mask = x.maskOf(op);
  if (!mask) return;
  if (mask == x.allLanes) {
    // The common case: every lane, one shared allocation. Branch-free passes:
    // the tags must agree, and the largest offset bounds them all.
    const uint64_t p0 = p[0];
    uint64_t differ = 0, largest = 0;
    for (uint32_t l = 0; l < x.width; ++l) {
      differ |= (p[l] ^ p0) >> tagged::kOffsetBits;
      largest = std::max(largest, p[l]);
    }
    if (!differ) {
      ResolvedAllocation r;
      const bool ok = resolve(x, p0, 0, r);
      if (checkAccess(r, ok, tagged::offset(largest) + op.imm + bytes, IsWrite) ==
          AccessFault::None) {
        std::byte *base = r.base + op.imm;
        if (tagged::space(p0) == AddressSpace::Private) {
          // A private variable: each lane's copy lies privateSize bytes after the one
          // before (r is lane 0's), as in the partial-mask path below.
          const uint64_t stride = x.launch->kernel->privateSize;
          for (uint32_t l = 0; l < x.width; ++l)
            access(l, base + l * stride + tagged::offset(p[l]));
        } else {
          for (uint32_t l = 0; l < x.width; ++l) access(l, base + tagged::offset(p[l]));
        }
        return;
      }
    }
  }
  const uint32_t first = static_cast<uint32_t>(std::countr_zero(mask));
  const uint64_t alloc = tagged::allocation(p[first]);
  bool same = true;
  uint64_t hi = 0;
  for (uint32_t l = first; l < x.width; ++l)
    if ((mask >> l) & 1) {
      same &= tagged::allocation(p[l]) == alloc;
      hi = std::max(hi, tagged::offset(p[l]));
    }
  ResolvedAllocation r;
  if (same) {
    bool ok = resolve(x, p[first], first, r);
    AccessFault f = checkAccess(r, ok, hi + op.imm + bytes, IsWrite);
    if (f == AccessFault::WriteOnlyRead && (op.access & kAccessWriteBack)) f = AccessFault::None;
    if (accessPerformed(f)) {
      if (f != AccessFault::None)
        raiseAccessFault(x, op, first, p[first], bytes, IsWrite, f, std::popcount(mask));
      if (tagged::space(p[first]) == AddressSpace::Private) {
        const uint64_t stride = x.launch->kernel->privateSize;
        for (uint32_t l = first; l < x.width; ++l)
          if ((mask >> l) & 1)
            access(l, r.base + (l - first) * stride + tagged::offset(p[l]) + op.imm);
      } else {
        for (uint32_t l = first; l < x.width; ++l)
          if ((mask >> l) & 1) access(l, r.base + tagged::offset(p[l]) + op.imm);
      }
      return;
    }
  }
  // Slow path: lane by lane; faulting lanes are skipped and reported once, the lanes
  // whose access is performed despite a fault (accessPerformed) once apart from them.
  struct Faults {
    uint32_t lane = 0;
    uint64_t lanes = 0;
    AccessFault first = AccessFault::None;
  } dropped, performed;
  for (uint32_t l = first; l < x.width; ++l) {
    if (!((mask >> l) & 1)) continue;
    uint64_t offset;
    bool ok = resolveLane(x, p[l], l, r, offset);
    AccessFault f = checkAccess(r, ok, offset + op.imm + bytes, IsWrite);
    if (f == AccessFault::WriteOnlyRead && (op.access & kAccessWriteBack)) f = AccessFault::None;
    Faults *faults = &dropped;
    if (accessPerformed(f)) {
      access(l, r.base + offset + op.imm);
      if (f == AccessFault::None) continue;
      faults = &performed;
    } else {
      onFault(l);
    }
    if (faults->lanes++ == 0) faults->lane = l, faults->first = f;
  }
  for (const Faults *f : {&performed, &dropped})
    if (f->lanes) raiseAccessFault(x, op, f->lane, p[f->lane], bytes, IsWrite, f->first, f->lanes);
}

/// The same for the pointers in slot op.a.
template <bool IsWrite, class Access, class OnFault = NoFaultAction>
inline void forAccessibleLanes(const ExecState &x, const LoweredOp &op, uint32_t bytes,
                               Access access, OnFault onFault = {}) {
  forAccessibleLanes<IsWrite>(x, op, x.reg<uint64_t>(op.a), bytes, access, onFault);
}

/// The index of lane l of an indexed op, sign-extended (aux kIndex64: 64-bit slots).
inline int64_t laneIndex(const ExecState &x, const LoweredOp &op, uint32_t l) {
  return op.aux & kIndex64 ? x.reg<int64_t>(op.c)[l] : int64_t(x.reg<int32_t>(op.c)[l]);
}

/// Every lane's index is in [lo, lo + span] (an early-exit loop: cheaper than a
/// vectorised one, as SSE2 has no 64-bit comparison).
template <class I>
inline bool indicesWithin(const I *index, uint32_t width, int64_t lo, uint64_t span) {
  for (uint32_t l = 0; l < width; ++l)
    if (uint64_t(int64_t(index[l]) - lo) > span) return false;
  return true;
}

/// Whether the lanes' indices count up by one from lane 0's (work-items reading
/// consecutive elements: the common case). Branch-free, so that it vectorises.
template <class I> inline bool indicesConsecutive(const I *index, uint32_t width) {
  using U = std::make_unsigned_t<I>;
  const U first = U(index[0]);
  if (U(index[width - 1]) != U(first + width - 1)) return false; // the usual way out
  U differ = 0;
  for (uint32_t l = 0; l < width; ++l) differ |= U(index[l]) ^ U(first + l);
  return differ == 0;
}

/// Whether every lane's index is lane 0's (a value the whole warp reads).
template <class I> inline bool indicesEqual(const I *index, uint32_t width) {
  using U = std::make_unsigned_t<I>;
  const U first = U(index[0]);
  if (U(index[width - 1]) != first) return false; // the usual way out
  U differ = 0;
  for (uint32_t l = 0; l < width; ++l) differ |= U(index[l]) ^ first;
  return differ == 0;
}

/// The fast path of LoadIndexed / StoreIndexed (forIndexedLanes) for one index type,
/// element k being at offset start + k × stride of allocation r: false when it
/// does not apply.
template <class I, class Access, class Dense>
inline bool indexedFastPath(const ExecState &x, const LoweredOp &op, uint32_t bytes,
                            const ResolvedAllocation &r, int64_t start, Access &access,
                            Dense &dense) {
  constexpr int64_t kLimit = int64_t(1) << 40;
  const I *index = x.reg<I>(op.c);
  const int64_t step = int64_t(op.aux & kMaxIndexedStride);
  const int64_t size = int64_t(r.size) - int64_t(op.b) - int64_t(bytes); // last element start
  if (indicesConsecutive(index, x.width)) {
    // No division: the first and the last element bound them all.
    const int64_t i0 = index[0];
    if (i0 <= -kLimit || i0 >= kLimit) return false;
    const int64_t first = start + i0 * step, last = first + int64_t(x.width - 1) * step;
    if (first < 0 || last > size) return false;
    dense(r.base + (first + int64_t(op.b)), step);
    return true;
  }
  if (indicesEqual(index, x.width)) {
    // One element for the whole warp: dense() with stride 0 (a store's last lane wins).
    const int64_t i0 = index[0];
    if (i0 <= -kLimit || i0 >= kLimit) return false;
    const int64_t at = start + i0 * step;
    if (at < 0 || at > size) return false;
    dense(r.base + (at + int64_t(op.b)), 0);
    return true;
  }
  // Element k is in bounds for k in [lo, hi].
  const int64_t room = size - start;
  const int64_t lo = start >= 0 ? -(start / step) : (-start + step - 1) / step;
  const int64_t hi = room >= 0 ? room / step : -((-room + step - 1) / step);
  if (lo > hi || !indicesWithin(index, x.width, lo, uint64_t(hi - lo))) return false;
  const int64_t first = start + int64_t(op.b); // may be negative: lo makes up for it
  for (uint32_t l = 0; l < x.width; ++l) access(l, r.base + (first + int64_t(index[l]) * step));
  return true;
}

/// LoadIndexed / StoreIndexed: `access(lane, address)` for every active lane at
/// a[l] + sext(c[l]) * stride + imm, plus b. The fast path — every lane active, one
/// base pointer outside private memory, every element in bounds without the
/// offset wrapping — turns the allocation's bounds into a range of indices and
/// checks the lanes' indices against it; lanes at consecutive elements, or all at
/// one element, take one `dense(first address, stride or 0)` call instead. Anything else computes
/// the lanes' pointers as PtrAddIndex and PtrAdd would and takes the checked path of plain loads
/// and stores, so both give the same results and findings.
template <bool IsWrite, class Access, class Dense, class OnFault = NoFaultAction>
inline void forIndexedLanes(const ExecState &x, const LoweredOp &op, uint32_t bytes, Access access,
                            Dense dense, OnFault onFault = {}) {
  const uint64_t mask = x.maskOf(op);
  if (!mask) return;
  const uint64_t *base = x.reg<uint64_t>(op.a);
  const uint64_t stride = op.aux & kMaxIndexedStride;
  constexpr int64_t kLimit = int64_t(1) << 40; // offsets, and what keeps int64 from overflowing
  const int64_t constant = int64_t(op.imm);
  if (mask == x.allLanes && stride != 0 && constant > -kLimit && constant < kLimit &&
      tagged::space(base[0]) != AddressSpace::Private) {
    const uint64_t p0 = base[0];
    bool uniform = op.aux & kUniformBase;
    if (!uniform) {
      uint64_t differ = 0;
      for (uint32_t l = 0; l < x.width; ++l) differ |= base[l] ^ p0;
      uniform = differ == 0;
    }
    ResolvedAllocation r;
    if (uniform && resolve(x, p0, 0, r) && checkAccess(r, true, 0, IsWrite) == AccessFault::None) {
      const int64_t start = int64_t(tagged::offset(p0)) + constant;
      if (op.aux & kIndex64 ? indexedFastPath<int64_t>(x, op, bytes, r, start, access, dense)
                            : indexedFastPath<int32_t>(x, op, bytes, r, start, access, dense))
        return;
    }
  }
  uint64_t pointers[64];
  for (uint32_t l = 0; l < x.width; ++l)
    pointers[l] = tagged::addOffset(base[l], uint64_t(laneIndex(x, op, l)) * stride + op.imm);
  LoweredOp plain = op; // the access offset of a plain load or store, for its findings
  plain.imm = op.b;
  forAccessibleLanes<IsWrite>(x, plain, pointers, bytes, access, onFault);
}

template <class T> inline void load(const ExecState &x, const LoweredOp &op) {
  T *d = x.reg<T>(op.d);
  // Lanes whose access faults read 0.
  forAccessibleLanes<false>(
      x, op, sizeof(T),
      [&](uint32_t l, const std::byte *addr) { std::memcpy(&d[l], addr, sizeof(T)); },
      [&](uint32_t l) { d[l] = 0; });
}

template <class T> inline void store(const ExecState &x, const LoweredOp &op) {
  const T *v = x.reg<T>(op.b);
  forAccessibleLanes<true>(
      x, op, sizeof(T), [&](uint32_t l, std::byte *addr) { std::memcpy(addr, &v[l], sizeof(T)); });
}

template <class T> inline void loadIndexed(const ExecState &x, const LoweredOp &op) {
  T *d = x.reg<T>(op.d);
  forIndexedLanes<false>(
      x, op, sizeof(T),
      [&](uint32_t l, const std::byte *addr) { std::memcpy(&d[l], addr, sizeof(T)); },
      [&](const std::byte *addr, int64_t stride) {
        if (stride == sizeof(T)) {
          std::memcpy(d, addr, x.width * sizeof(T));
        } else if (stride == 0) {
          T v;
          std::memcpy(&v, addr, sizeof(T));
          for (uint32_t l = 0; l < x.width; ++l) d[l] = v;
        } else {
          for (uint32_t l = 0; l < x.width; ++l) std::memcpy(&d[l], addr + l * stride, sizeof(T));
        }
      },
      [&](uint32_t l) { d[l] = 0; });
}

template <class T> inline void storeIndexed(const ExecState &x, const LoweredOp &op) {
  const T *v = x.reg<T>(op.d);
  forIndexedLanes<true>(
      x, op, sizeof(T), [&](uint32_t l, std::byte *addr) { std::memcpy(addr, &v[l], sizeof(T)); },
      [&](std::byte *addr, int64_t stride) {
        if (stride == sizeof(T))
          std::memcpy(addr, v, x.width * sizeof(T));
        else if (stride == 0) // every lane stores to one place: the last one's value stays
          std::memcpy(addr, &v[x.width - 1], sizeof(T));
        else
          for (uint32_t l = 0; l < x.width; ++l) std::memcpy(addr + l * stride, &v[l], sizeof(T));
      });
}

inline void ptrAdd(const ExecState &x, const LoweredOp &op) {
  uint64_t *d = x.reg<uint64_t>(op.d);
  const uint64_t *a = x.reg<uint64_t>(op.a);
  forLanes(x, x.maskOf(op), d, [&](uint32_t l) { return tagged::addOffset(a[l], op.imm); });
}

template <class I> inline void ptrAddIndex(const ExecState &x, const LoweredOp &op) {
  uint64_t *d = x.reg<uint64_t>(op.d);
  const uint64_t *a = x.reg<uint64_t>(op.a);
  const I *index = x.reg<I>(op.b);
  forLanes(x, x.maskOf(op), d, [&](uint32_t l) {
    return tagged::addOffset(a[l], uint64_t(int64_t(index[l])) * op.imm);
  });
}

/// Where pointer `p` of lane `lane` points in the host's memory (the pointer itself
/// when it points into no allocation).
inline int64_t hostAddress(const ExecState &x, uint64_t p, uint32_t lane) {
  ResolvedAllocation r;
  uint64_t offset;
  if (!resolveLane(x, p, lane, r, offset)) return int64_t(p);
  if (!r.global || !r.global->svm) offset = uint64_t(tagged::signedOffset(p));
  return int64_t(reinterpret_cast<uintptr_t>(r.base)) + int64_t(offset);
}

/// OpPtrDiff: the distance between two pointers in elements of `imm` bytes, as
/// a signed integer of `aux` bytes. Pointers into different allocations have no
/// defined distance (as in C, C99 §6.5.6: pointers into one array object); they get the
/// distance of their bytes in the host's memory, as on a device with one flat
/// address space: b - a is -(a - b), and distinct buffers differ (the conformance suite's
/// spirv14_ptrops).
inline void ptrDiff(const ExecState &x, const LoweredOp &op) {
  const uint64_t *a = x.reg<uint64_t>(op.a), *b = x.reg<uint64_t>(op.b);
  auto diff = [&](uint32_t l) {
    if (tagged::allocation(a[l]) != tagged::allocation(b[l])) [[unlikely]]
      return (hostAddress(x, a[l], l) - hostAddress(x, b[l], l)) / int64_t(op.imm);
    return (tagged::signedOffset(a[l]) - tagged::signedOffset(b[l])) / int64_t(op.imm);
  };
  if (op.aux == 8)
    forLanes(x, x.maskOf(op), x.reg<int64_t>(op.d), diff);
  else
    forLanes(x, x.maskOf(op), x.reg<int32_t>(op.d), [&](uint32_t l) { return int32_t(diff(l)); });
}

/// OpGenericCastToPtrExplicit: the pointer if it points into space `imm`, else NULL.
inline void genericCastExplicit(const ExecState &x, const LoweredOp &op) {
  const uint64_t *a = x.reg<uint64_t>(op.a);
  const auto space = static_cast<AddressSpace>(op.imm);
  // A host address into SVM memory (space None, not NULL) is a global pointer.
  const bool global = space == AddressSpace::Global;
  forLanes(x, x.maskOf(op), x.reg<uint64_t>(op.d), [&](uint32_t l) {
    const AddressSpace s = tagged::space(a[l]);
    return s == space || (global && s == AddressSpace::None) ? a[l] : uint64_t(0);
  });
}

/// OpGenericPtrMemSemantics: WorkgroupMemory for local, CrossWorkgroupMemory for
/// global pointers, none for private ones.
inline void genericMemSemantics(const ExecState &x, const LoweredOp &op) {
  const uint64_t *a = x.reg<uint64_t>(op.a);
  forLanes(x, x.maskOf(op), x.reg<uint32_t>(op.d), [&](uint32_t l) -> uint32_t {
    switch (tagged::space(a[l])) {
    case AddressSpace::Local:
      return uint32_t(spv::MemorySemanticsMask::WorkgroupMemory);
    case AddressSpace::Global:
    case AddressSpace::Constant:
      return uint32_t(spv::MemorySemanticsMask::CrossWorkgroupMemory);
    case AddressSpace::None: // NULL, or a host address into SVM memory (global)
      return a[l] ? uint32_t(spv::MemorySemanticsMask::CrossWorkgroupMemory) : 0;
    default:
      return 0;
    }
  });
}

/// Component op.imm of a sub-group mask BuiltIn (SPIR-V §3.21 SubgroupEqMask ...
/// SubgroupLtMask, OpenCL C get_sub_group_*_mask): a uint4 of lane bits, components 0
/// and 1 holding a warp's 64 lanes; only lanes of the sub-group are set.
template <class T>
inline void subgroupMaskInto(const ExecState &x, const LoweredOp &op, T *d, uint64_t mask) {
  const uint64_t present = x.warp->present;
  const uint64_t word = op.imm;
  const auto kind = static_cast<BuiltinKind>(op.aux);
  forLanes(x, mask, d, [&](uint32_t l) {
    const uint64_t eq = uint64_t(1) << l, lt = eq - 1;
    const uint64_t bits = kind == BuiltinKind::SubgroupEqMask   ? eq
                          : kind == BuiltinKind::SubgroupGeMask ? ~lt
                          : kind == BuiltinKind::SubgroupGtMask ? ~(lt | eq)
                          : kind == BuiltinKind::SubgroupLeMask ? lt | eq
                                                                : lt;
    return T(word < 2 ? uint32_t((bits & present) >> (32 * word)) : 0);
  });
}

/// builtinInto for a warp of several work-groups (GroupState::packed, exec/packed_groups.h):
/// the built-ins that differ between its work-groups, from each lane's own group id.
/// False for the others, the same in every work-group of the launch (uniform groups).
template <class T>
[[gnu::noinline]] bool packedBuiltinInto(const ExecState &x, const LoweredOp &op) {
  const LaunchContext &L = *x.launch;
  const GroupState &g = *x.group;
  const Warp &w = *x.warp;
  const NDRange &r = L.range;
  const uint32_t c = std::min<uint32_t>(static_cast<uint32_t>(op.imm), 2);
  T *d = x.reg<T>(op.d);
  auto perLane = [&](auto f) {
    forLanes(x, x.maskOf(op), d, [&](uint32_t l) { return T(f(l)); });
    return true;
  };
  const uint64_t *local0 = w.localId[0].data(), *local1 = w.localId[1].data(),
                 *local2 = w.localId[2].data(), *local = w.localId[c].data();
  const uint64_t *group0 = w.groupId[0].data(), *group1 = w.groupId[1].data(),
                 *group2 = w.groupId[2].data(), *group = w.groupId[c].data();
  switch (static_cast<BuiltinKind>(op.aux)) {
  case BuiltinKind::GlobalId:
    return perLane([&](uint32_t l) { return group[l] * L.localSize[c] + r.offset[c] + local[l]; });
  case BuiltinKind::GroupId:
    return perLane([&](uint32_t l) { return group[l]; });
  case BuiltinKind::GlobalLinearId:
    return perLane([&](uint32_t l) {
      return ((group2[l] * L.localSize[2] + local2[l]) * r.global[1] +
              (group1[l] * L.localSize[1] + local1[l])) *
                 r.global[0] +
             group0[l] * L.localSize[0] + local0[l];
    });
  case BuiltinKind::LocalIndex:
    return perLane(
        [&](uint32_t l) { return (local2[l] * g.size[1] + local1[l]) * g.size[0] + local0[l]; });
  default:
    return false;
  }
}

/// Writes a BuiltIn (op.aux: BuiltinKind, op.imm: component) into a slot of
/// 4 or 8 bytes per lane (op.c). The kind is resolved once, outside the lanes.
template <class T> inline void builtinInto(const ExecState &x, const LoweredOp &op) {
  if (x.group->packed > 1 && packedBuiltinInto<T>(x, op)) [[unlikely]]
    return;
  const LaunchContext &L = *x.launch;
  const GroupState &g = *x.group;
  const Warp &w = *x.warp;
  const NDRange &r = L.range;
  const uint32_t c = std::min<uint32_t>(static_cast<uint32_t>(op.imm), 2);
  const uint64_t mask = x.maskOf(op);
  T *d = x.reg<T>(op.d);
  auto uniform = [&](uint64_t v) { forLanes(x, mask, d, [&](uint32_t) { return T(v); }); };
  auto perLane = [&](auto f) { forLanes(x, mask, d, [&](uint32_t l) { return T(f(l)); }); };
  const uint64_t *local0 = w.localId[0].data(), *local1 = w.localId[1].data(),
                 *local2 = w.localId[2].data(), *local = w.localId[c].data();
  switch (static_cast<BuiltinKind>(op.aux)) {
  case BuiltinKind::GlobalId: {
    uint64_t base = g.id[c] * L.localSize[c] + r.offset[c];
    return perLane([&](uint32_t l) { return base + local[l]; });
  }
  case BuiltinKind::LocalId:
    return perLane([&](uint32_t l) { return local[l]; });
  case BuiltinKind::GroupId:
    return uniform(g.id[c]);
  case BuiltinKind::NumGroups:
    return uniform(L.groups[c]);
  case BuiltinKind::LocalSize:
    return uniform(g.size[c]);
  case BuiltinKind::EnqueuedLocalSize:
    return uniform(L.localSize[c]);
  case BuiltinKind::GlobalSize:
    return uniform(r.global[c]);
  case BuiltinKind::GlobalOffset:
    return uniform(r.offset[c]);
  case BuiltinKind::GlobalLinearId: {
    uint64_t b0 = g.id[0] * L.localSize[0], b1 = g.id[1] * L.localSize[1],
             b2 = g.id[2] * L.localSize[2];
    return perLane([&](uint32_t l) {
      return ((b2 + local2[l]) * r.global[1] + (b1 + local1[l])) * r.global[0] + b0 + local0[l];
    });
  }
  case BuiltinKind::LocalIndex:
    return perLane([&](uint32_t l) { return w.firstItem + l; });
  case BuiltinKind::WorkDim:
    return uniform(r.dims);
  case BuiltinKind::SubgroupSize:
    return uniform(uint64_t(std::popcount(w.present)));
  case BuiltinKind::SubgroupMaxSize: // the largest sub-group of the dispatch, as the
    // runtime's CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE says: a warp, or a smaller group
    return uniform(std::min<uint64_t>(x.width, L.localSize[0] * L.localSize[1] * L.localSize[2]));
  case BuiltinKind::NumSubgroups:
    return uniform((g.items + x.width - 1) / x.width);
  case BuiltinKind::NumEnqueuedSubgroups:
    return uniform((L.localSize[0] * L.localSize[1] * L.localSize[2] + x.width - 1) / x.width);
  case BuiltinKind::SubgroupId:
    return uniform(w.firstItem / x.width);
  case BuiltinKind::SubgroupLocalId:
    return perLane([](uint32_t l) { return l; });
  case BuiltinKind::SubgroupEqMask:
  case BuiltinKind::SubgroupGeMask:
  case BuiltinKind::SubgroupGtMask:
  case BuiltinKind::SubgroupLeMask:
  case BuiltinKind::SubgroupLtMask:
    return subgroupMaskInto(x, op, d, mask);
  }
}

inline void builtin(const ExecState &x, const LoweredOp &op) {
  if (op.c == 8)
    builtinInto<uint64_t>(x, op);
  else
    builtinInto<uint32_t>(x, op);
}

} // namespace spvsim::ops
