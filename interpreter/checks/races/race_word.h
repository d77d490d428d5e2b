// RaceWord: the race shadow of one granule of memory packed in 64 bits, and
// the rule that records one access in it and decides whether that access
// races (the memory model of OpenCL C 2.0 §3.3.6 / SPIR-V environment §3.4;
// docs/findings.md race.*). Pure functions over values: the global shadow applies
// them with atomic loads and locked stores, the local shadow directly, and
// tests/interpreter/shadow exercise them alone. interpreter/DESIGN.md "Race
// detection" explains the choice of fields.
#pragma once

#include <cstdint>

namespace spvsim::race {

/// What an access does to memory.
enum class AccessKind : uint8_t { Read, Write, AtomicRead, AtomicWrite };

/// The scope of an atomic access as race detection sees it.
enum class Scope : uint8_t {
  Device,    ///< Device, CrossDevice, and Workgroup with Relaxed semantics (OpenCL 1.2 atomics)
  Workgroup, ///< Workgroup with ordering semantics: the work-items of one group
  Subgroup,  ///< the work-items of one sub-group (a warp)
  Invocation ///< one work-item
};

constexpr bool isWrite(AccessKind k) {
  return k == AccessKind::Write || k == AccessKind::AtomicWrite;
}
constexpr bool isAtomic(AccessKind k) {
  return k == AccessKind::AtomicRead || k == AccessKind::AtomicWrite;
}

/// One access as the shadow keeps it.
struct Access {
  uint32_t item = 0;  ///< work-item: group linear id × View::stride + local linear id
  uint32_t site = 0;  ///< race site: which instruction (RaceShadow numbers them)
  uint32_t epoch = 0; ///< barrier epoch of the work-item's warp for this memory
  AccessKind kind = AccessKind::Read;
  Scope scope = Scope::Device; ///< atomics only
  friend bool operator==(const Access &, const Access &) = default;
};

/// How two accesses conflict.
enum class Conflict : uint8_t { None, ReadWrite, WriteWrite, AtomicPlain, Scope };

/// What the accessing work-item's group knows at the access.
struct View {
  uint32_t groupFirst = 0;  ///< item id of local id 0 of the accessor's group
  uint32_t stride = 1;      ///< item ids per group: local ids, then the async-copy pseudo item
  uint32_t warpFirst = 0;   ///< local id of lane 0 of the accessor's warp
  uint32_t width = 1;       ///< lanes per warp (sub-group size)
  uint32_t lastBarrier = 0; ///< the epoch the group's last work-group barrier gave every warp
  uint32_t latest = 0;      ///< the newest epoch of any warp of the group
  /// False once the group's epochs have wrapped around the word's epoch bits: same-group
  /// accesses then count as ordered (no intra-group findings, never false ones).
  bool trustEpochs = true;
};

/// A race found by an access.
struct Outcome {
  Conflict conflict = Conflict::None;
  bool sameGroup = false; ///< the other access is by a work-item of the accessor's group
  /// `other` is the other access. Else the word only proves that a conflicting access
  /// exists: `other` is then an access of its work-group when otherGroup is set.
  bool named = false;
  bool otherGroup = false;
  Access other;
  AccessKind otherKind = AccessKind::Read; ///< what the other access did
};

/// Bit layout of a word: item, site, epoch, then kind, scope and the summary flags.
/// Global words need many work-items and few epochs, local words the reverse.
template <unsigned ItemBits, unsigned EpochBits> struct Layout {
  static_assert(ItemBits + EpochBits == 40);
  static constexpr unsigned kSiteBits = 12;
  static constexpr uint32_t kItemMask = (uint32_t(1) << ItemBits) - 1;
  static constexpr uint32_t kEpochMask = (uint32_t(1) << EpochBits) - 1;
  static constexpr uint32_t kSiteMask = (uint32_t(1) << kSiteBits) - 1;
  /// The site of an instruction the word cannot name (too many sites).
  static constexpr uint32_t kNoSite = kSiteMask;
  static constexpr unsigned kSiteShift = ItemBits;
  static constexpr unsigned kEpochShift = ItemBits + kSiteBits;

  static constexpr uint64_t pack(const Access &a) {
    return uint64_t(a.item & kItemMask) | uint64_t(a.site & kSiteMask) << kSiteShift |
           uint64_t(a.epoch & kEpochMask) << kEpochShift | uint64_t(a.kind) << 52 |
           uint64_t(a.scope) << 54;
  }
  static constexpr Access unpack(uint64_t w) {
    return Access{uint32_t(w) & kItemMask, uint32_t(w >> kSiteShift) & kSiteMask,
                  uint32_t(w >> kEpochShift) & kEpochMask, AccessKind((w >> 52) & 3),
                  Scope((w >> 54) & 3)};
  }
};
using GlobalLayout = Layout<28, 12>;
using LocalLayout = Layout<12, 28>;

/// The bits of a word that hold its kept access (below the summary flags).
inline constexpr uint64_t kAccessBits = (uint64_t(1) << 56) - 1;

// Summary flags (bits 56-63). A word is 0 until its first access; after it, at
// least one seen-bit is set.
/// Another work-item of the kept access's group accessed in the kept access's
/// epoch, without conflicting with it.
inline constexpr uint64_t kMulti = uint64_t(1) << 56;
/// Seen-bits: the kinds of every access so far (bit 57 + AccessKind).
inline constexpr uint64_t kSeenRead = uint64_t(1) << 57;
inline constexpr uint64_t kSeenWrite = uint64_t(1) << 58;
inline constexpr uint64_t kSeenAtomicRead = uint64_t(1) << 59;
inline constexpr uint64_t kSeenAtomicWrite = uint64_t(1) << 60;
/// Atomic reads / writes whose scope leaves out other work-groups were seen.
inline constexpr uint64_t kNarrowAtomicRead = uint64_t(1) << 61;
inline constexpr uint64_t kNarrowAtomicWrite = uint64_t(1) << 62;
/// Work-items of more than one work-group accessed the granule.
inline constexpr uint64_t kShared = uint64_t(1) << 63;

namespace detail {

constexpr uint64_t seenBits(const Access &a) {
  uint64_t bits = uint64_t(1) << (57 + unsigned(a.kind));
  if (isAtomic(a.kind) && a.scope != Scope::Device)
    bits |= a.kind == AccessKind::AtomicWrite ? kNarrowAtomicWrite : kNarrowAtomicRead;
  return bits;
}

/// Which of two accesses is the better witness for later conflicts: writes over
/// atomic writes over reads over atomic reads; among atomics the narrow ones.
constexpr uint32_t rank(const Access &a) {
  constexpr uint32_t base[] = {2, 4, 1, 3}; // Read, Write, AtomicRead, AtomicWrite
  return base[unsigned(a.kind)] * 2 + (isAtomic(a.kind) && a.scope != Scope::Device);
}

/// Whether atomic scope `s` includes two work-items in the given relation.
constexpr bool includes(Scope s, bool sameGroup, bool sameWarp) {
  return s == Scope::Device || (s == Scope::Workgroup && sameGroup) ||
         (s == Scope::Subgroup && sameGroup && sameWarp);
}

/// How accesses `a` and `b` of two different, unordered work-items conflict.
constexpr Conflict conflict(const Access &a, const Access &b, bool sameGroup, bool sameWarp) {
  if (!isWrite(a.kind) && !isWrite(b.kind)) return Conflict::None;
  if (isAtomic(a.kind) && isAtomic(b.kind))
    return includes(a.scope, sameGroup, sameWarp) && includes(b.scope, sameGroup, sameWarp)
               ? Conflict::None
               : Conflict::Scope;
  if (isAtomic(a.kind) || isAtomic(b.kind)) return Conflict::AtomicPlain;
  return isWrite(a.kind) && isWrite(b.kind) ? Conflict::WriteWrite : Conflict::ReadWrite;
}

/// The conflict of `b` with a history of accesses (`seen` bits) that all belong to
/// work-groups other than b's: any conflicting kind in it is a race.
constexpr bool historyConflict(uint64_t seen, const Access &b, Outcome &out) {
  const bool narrow = b.scope != Scope::Device;
  auto found = [&](Conflict c, AccessKind other) {
    out.conflict = c;
    out.otherKind = other;
    return true;
  };
  const bool r = seen & kSeenRead, w = seen & kSeenWrite;
  const bool ar = seen & kSeenAtomicRead, aw = seen & kSeenAtomicWrite;
  switch (b.kind) {
  case AccessKind::Read:
    if (w) return found(Conflict::ReadWrite, AccessKind::Write);
    if (aw) return found(Conflict::AtomicPlain, AccessKind::AtomicWrite);
    return false;
  case AccessKind::Write:
    if (w) return found(Conflict::WriteWrite, AccessKind::Write);
    if (r) return found(Conflict::ReadWrite, AccessKind::Read);
    if (aw) return found(Conflict::AtomicPlain, AccessKind::AtomicWrite);
    if (ar) return found(Conflict::AtomicPlain, AccessKind::AtomicRead);
    return false;
  case AccessKind::AtomicRead:
    if (w) return found(Conflict::AtomicPlain, AccessKind::Write);
    if (aw && (narrow || (seen & kNarrowAtomicWrite)))
      return found(Conflict::Scope, AccessKind::AtomicWrite);
    return false;
  case AccessKind::AtomicWrite:
    if (w) return found(Conflict::AtomicPlain, AccessKind::Write);
    if (r) return found(Conflict::AtomicPlain, AccessKind::Read);
    if (aw && (narrow || (seen & kNarrowAtomicWrite)))
      return found(Conflict::Scope, AccessKind::AtomicWrite);
    if (ar && (narrow || (seen & kNarrowAtomicRead)))
      return found(Conflict::Scope, AccessKind::AtomicRead);
    return false;
  }
  return false;
}

} // namespace detail

/// The part of unchanged() that holds for every reader: a plain read of a location
/// that several work-groups read and nobody wrote.
constexpr bool readShared(uint64_t word, AccessKind kind) {
  return kind == AccessKind::Read && (word & (kShared | kSeenWrite | kSeenAtomicWrite)) == kShared;
}

/// True when recording an access (`packed` by its layout, `seen` its seen-bits)
/// certainly leaves `word` as it is and finds no race: the kept access again, or a
/// plain read of a location that several work-groups read and nobody wrote. The
/// cheap test the shadow makes before step().
template <class L>
constexpr bool unchanged(uint64_t word, uint64_t packed, uint64_t seen, AccessKind kind) {
  return (((word ^ packed) & kAccessBits) == 0 && (word & seen) == seen &&
          !(kind == AccessKind::Write && (word & kShared))) ||
         readShared(word, kind);
}

/// True when recording access `packed` (by its layout) certainly leaves `word` as it
/// is and finds no race because the kept access is of the same kind and scope, does
/// not conflict with it, and is by another work-item concurrent with it, the summary
/// already saying so (multi, or shared for another group): work-items reading one
/// element, or updating one counter atomically. The same as step() would decide,
/// for a fraction of its cost.
template <class L>
[[gnu::always_inline]] constexpr bool quiet(uint64_t word, uint64_t packed, const View &v) {
  constexpr uint64_t kKindScope = uint64_t(15) << 52;
  if ((word ^ packed) & kKindScope) return false;
  const auto kind = AccessKind((packed >> 52) & 3);
  if (kind == AccessKind::Write || !v.trustEpochs) return false;
  if (kind == AccessKind::AtomicWrite && Scope((packed >> 54) & 3) != Scope::Device) return false;
  const uint32_t item = uint32_t(word) & L::kItemMask;
  if (item == (uint32_t(packed) & L::kItemMask)) return false;
  const uint32_t local = (item - v.groupFirst) & L::kItemMask;
  if (local >= v.stride) return (word & kShared) != 0;
  if (!(word & kMulti)) return false;
  const uint32_t epoch = uint32_t(word >> L::kEpochShift) & L::kEpochMask;
  if (local - v.warpFirst < v.width)
    return epoch == (uint32_t(packed >> L::kEpochShift) & L::kEpochMask);
  return ((epoch - v.lastBarrier) & L::kEpochMask) <= ((v.latest - v.lastBarrier) & L::kEpochMask);
}

/// quiet() for a warp's lanes at once, in the common case of a group whose warps
/// all passed its last barrier and no sub-group barrier since: whether every word
/// words[l] keeps an access of the same kind and scope as the access `packed` (no
/// work-item) by another work-item than l's (item `first` + l) of the same epoch
/// with multi set, or of another group with shared set. Branch-free per word.
template <class L> struct QuietRun {
  uint64_t kindScope = 0; ///< packed kind and scope of the access
  uint32_t first = 0, epoch = 0;
  View v;
  /// Whether the run test applies to this access at all.
  static constexpr bool applies(uint64_t packed, const View &v, uint32_t epoch) {
    const auto kind = AccessKind((packed >> 52) & 3);
    return v.trustEpochs && epoch == v.lastBarrier && v.latest == v.lastBarrier &&
           kind != AccessKind::Write &&
           !(kind == AccessKind::AtomicWrite && Scope((packed >> 54) & 3) != Scope::Device);
  }
  /// Nonzero unless word `w` of lane l is quiet.
  constexpr uint64_t loud(uint64_t w, uint32_t l) const {
    const uint32_t item = uint32_t(w) & L::kItemMask;
    const uint32_t local = (item - v.groupFirst) & L::kItemMask;
    const uint32_t wEpoch = uint32_t(w >> L::kEpochShift) & L::kEpochMask;
    const uint64_t inGroup = local < v.stride;
    return ((w ^ kindScope) & (uint64_t(15) << 52)) |
           uint64_t(item == ((first + l) & L::kItemMask)) |
           (inGroup & (uint64_t(!(w & kMulti)) | uint64_t(wEpoch != epoch))) |
           (uint64_t(!inGroup) & uint64_t(!(w & kShared)));
  }
};

/// The word once an access (`packed`, by its layout) ordered after the one `word` keeps
/// is recorded: the access kept, its summary flags as they were but multi (the other
/// work-items of the kept access's epoch precede it too, or the caller knows there were
/// none).
constexpr uint64_t orderedAfter(uint64_t word, uint64_t packed) {
  return (packed & kAccessBits) | (word & ~kAccessBits & ~kMulti);
}

/// step() for an access (`packed`, seen-bits `seen`) by the work-item whose access
/// the word keeps, in the same epoch, when no other work-item or group is in the
/// summary (a work-item reading and writing its own elements): the new word, or 0
/// when that is not the case.
template <class L>
[[gnu::always_inline]] constexpr uint64_t sameItemStep(uint64_t word, uint64_t packed,
                                                       uint64_t seen) {
  constexpr uint64_t kSame = L::kItemMask | uint64_t(L::kEpochMask) << L::kEpochShift;
  if (((word ^ packed) & kSame) != 0 || (word & (kMulti | kShared)) != 0 || word == 0) return 0;
  const Access d = L::unpack(word), b = L::unpack(packed);
  return (detail::rank(b) >= detail::rank(d) ? packed & kAccessBits : word & kAccessBits) |
         (word & ~kAccessBits) | seen;
}

/// step() for the two common changes without a race: `packed` (seen-bits `seen`) by
/// a work-item of the group of the kept access d, ordered after d (it becomes the
/// kept access), or concurrent with d and compatible with it while multi is not yet
/// set (multi is set, the stronger kept). The new word, or 0 when neither applies.
template <class L>
[[gnu::always_inline]] constexpr uint64_t groupStep(uint64_t word, uint64_t packed, uint64_t seen,
                                                    const View &v) {
  if (word == 0 || !v.trustEpochs) return 0;
  const Access d = L::unpack(word), b = L::unpack(packed);
  const uint32_t local = (d.item - v.groupFirst) & L::kItemMask;
  if (local >= v.stride || d.item == b.item) return 0;
  const bool sameWarp = local - v.warpFirst < v.width;
  const bool ordered = sameWarp ? d.epoch != b.epoch
                                : ((d.epoch - v.lastBarrier) & L::kEpochMask) >
                                      ((v.latest - v.lastBarrier) & L::kEpochMask);
  if (ordered) {
    if ((word & kShared) && b.kind == AccessKind::Write) return 0;
    return orderedAfter(word, packed) | seen;
  }
  if ((word & (kMulti | kShared)) || detail::conflict(d, b, true, sameWarp) != Conflict::None)
    return 0;
  return ((detail::rank(b) >= detail::rank(d) ? packed : word) & kAccessBits) |
         (word & ~kAccessBits) | kMulti | seen;
}

/// step() for a plain access `packed` (seen-bits `seen`) while every warp of the group
/// is at the group's last barrier (QuietRun::applies's case: v.trustEpochs, and the
/// access's epoch is v.lastBarrier and v.latest), in the two changes without a race that
/// barrier-synchronised tiles make: the word keeps no access, or one of the group older
/// than that barrier (ordered before: the access is kept, multi cleared); or both are
/// reads and the word keeps one by another work-item of the group in this epoch, alone
/// (concurrent: multi is set). The new word, or 0 when neither applies.
template <class L>
[[gnu::always_inline]] constexpr uint64_t settledStep(uint64_t word, uint64_t packed, uint64_t seen,
                                                      const View &v) {
  constexpr uint64_t kEpochBits = uint64_t(L::kEpochMask) << L::kEpochShift;
  constexpr uint64_t kKindScopeMulti = uint64_t(15) << 52 | kMulti; // a plain read: all 0
  if (word == 0) return packed | seen;
  const uint32_t item = uint32_t(word) & L::kItemMask;
  if ((word & kShared) || ((item - v.groupFirst) & L::kItemMask) >= v.stride) return 0;
  if ((word ^ packed) & kEpochBits) return orderedAfter(word, packed) | seen;
  if (((word | packed) & kKindScopeMulti) == 0 && item != (uint32_t(packed) & L::kItemMask))
    return (packed & kAccessBits) | (word & ~kAccessBits) | kMulti | seen;
  return 0;
}

/// Records access `b` in `word` and returns the new word; `out` receives the race `b`
/// makes, if any (left alone otherwise). `b`'s item and epoch are taken modulo the
/// layout's bits. A word that does not change (read-shared data, contended atomics
/// once the summary is complete) needs no store.
template <class L>
[[gnu::always_inline]] constexpr uint64_t step(uint64_t word, Access b, const View &v,
                                               Outcome &out) {
  using detail::rank;
  b.item &= L::kItemMask;
  b.epoch &= L::kEpochMask;
  const uint64_t seenNow = detail::seenBits(b);
  if (word == 0) return L::pack(b) | seenNow;
  const Access d = L::unpack(word);
  const uint64_t flags = word & ~((uint64_t(1) << 56) - 1);
  const bool shared = flags & kShared;
  bool multi = flags & kMulti;

  // d's relation to b: the same work-item (program order), ordered by a barrier,
  // concurrent in one group, or in another group.
  const uint32_t dLocal = (d.item - v.groupFirst) & L::kItemMask;
  const bool dInGroup = dLocal < v.stride;
  const bool sameItem = dInGroup && d.item == b.item;
  const bool sameEpoch = d.epoch == b.epoch;
  bool sameWarp = false, ordered = false;
  if (dInGroup && !sameItem) {
    sameWarp = dLocal - v.warpFirst < v.width;
    if (!v.trustEpochs)
      ordered = true;
    else if (sameWarp)
      ordered = !sameEpoch;
    else // before the group's last barrier, or after it (concurrent with b)
      ordered = ((d.epoch - v.lastBarrier) & L::kEpochMask) >
                ((v.latest - v.lastBarrier) & L::kEpochMask);
  }

  // The common case once a location is shared: b is concurrent with d, compatible
  // with it, no stronger, and the summary already says all b would add.
  if (!sameItem && !(dInGroup && ordered) && (dInGroup ? multi : shared) && rank(b) <= rank(d) &&
      (flags & seenNow) == seenNow && detail::conflict(d, b, dInGroup, sameWarp) == Conflict::None)
    return word;

  Access keep = d;
  bool nowShared = shared;
  if (sameItem) {
    // Program order orders b after d; but other work-items accessed in d's epoch
    // (multi), compatibly with a read d: reads (or atomics if d is atomic), so a
    // plain write now conflicts with them. (After a plain write d, multi only
    // follows races already reported.)
    if (multi && sameEpoch && v.trustEpochs && b.kind == AccessKind::Write &&
        d.kind != AccessKind::Write) {
      const bool plainOthers = d.kind == AccessKind::Read;
      out.conflict = plainOthers ? Conflict::ReadWrite : Conflict::AtomicPlain;
      out.otherKind = plainOthers ? AccessKind::Read : AccessKind::AtomicWrite;
      out.sameGroup = true;
      out.otherGroup = true;
      out.other = d;
    }
    if (!sameEpoch) multi = false;
    if (!sameEpoch || rank(b) >= rank(d)) keep = b;
  } else if (dInGroup && ordered) {
    keep = b;
    multi = false;
  } else {
    // Concurrent with d: d itself is the witness if it conflicts.
    const Conflict c = detail::conflict(d, b, dInGroup, sameWarp);
    if (c != Conflict::None) {
      out.conflict = c;
      out.sameGroup = dInGroup;
      out.named = true;
      out.other = d;
      out.otherKind = d.kind;
    } else if (!dInGroup && !shared && detail::historyConflict(flags, b, out)) {
      // Everything seen so far is d's group's: a conflicting kind among it is a race.
      out.otherGroup = true;
      out.other = d;
    }
    if (dInGroup) {
      // Two work-items of the group in one epoch: keep the stronger; when the
      // summary changes (multi set now) take the newer one of equal rank.
      if ((c != Conflict::None || !multi) ? rank(b) >= rank(d) : rank(b) > rank(d)) keep = b;
      multi = true;
    } else {
      // A second work-group (or one more): b's group has only b in this epoch so far.
      if (!shared ? rank(b) >= rank(d) : rank(b) > rank(d)) {
        keep = b;
        multi = false;
      }
      nowShared = true;
    }
  }
  // Work-items of another group accessed the granule: any plain write races with
  // them. (d itself is in b's group here: a d of another group conflicts with it.)
  if (shared && out.conflict == Conflict::None && b.kind == AccessKind::Write) {
    const uint64_t seen = flags;
    out.conflict = seen & kSeenWrite  ? Conflict::WriteWrite
                   : seen & kSeenRead ? Conflict::ReadWrite
                                      : Conflict::AtomicPlain;
    out.otherKind = seen & kSeenWrite        ? AccessKind::Write
                    : seen & kSeenRead       ? AccessKind::Read
                    : seen & kSeenAtomicRead ? AccessKind::AtomicRead
                                             : AccessKind::AtomicWrite;
    out.sameGroup = false;
    out.otherGroup = false;
  }
  return L::pack(keep) | (flags & ~(kMulti | kShared)) | seenNow | (multi ? kMulti : 0) |
         (nowShared ? kShared : 0);
}

/// The words an async copy wrote, once the group waited for it: the copy (pseudo
/// work-item `copyItem`) is ordered before everything the group does next.
template <class L>
constexpr uint64_t completeCopy(uint64_t word, uint32_t copyItem, const View &v) {
  if (word == 0) return word;
  Access d = L::unpack(word);
  if (d.item != (copyItem & L::kItemMask)) return word;
  d.epoch = v.lastBarrier - 1;
  return L::pack(d) | (word & ~((uint64_t(1) << 56) - 1) & ~kMulti);
}

} // namespace spvsim::race
