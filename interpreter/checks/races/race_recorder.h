// race::Recorder: records the lanes of one memory op (or the elements of one async
// copy) in the race shadow's words — the allocation decided once per warp access
// where the lanes share it, lanes at equal steps (elementwise kernels) a page of words
// at a time — and reports the races they make (race_shadow.h). Included by
// race_shadow.cpp only.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>

#include "checks/races/race_image_alias.h"
#include "checks/races/race_reporter.h"
#include "checks/races/race_shadow.h"

namespace spvsim::race {

/// Records the lanes of one op (or the elements of one async copy) in the shadow (see
/// the file's comment): skips accesses the executor did not perform, reports races.
class Recorder {
public:
  /// `image`: the global accesses are of image memory (RaceGroup::kImage epochs).
  Recorder(const LaunchContext &launch, RaceGroup &group, uint32_t site, AccessKind kind,
           uint32_t bytes, uint32_t firstItem, uint32_t width, bool image = false)
      : launch_(launch), group_(group), shadow_(group.shadow()), kind_(kind), bytes_(bytes),
        firstItem_(firstItem), width_(width), image_(image), locking_(group.shadow().locking()) {
    resolved_.shift = shadow_.granuleShift();
    const RaceSite *s = shadow_.site(site);
    const Scope scope = s && isAtomic(kind) ? s->scope : Scope::Device;
    const bool copy = firstItem == shadow_.copyItem();
    for (uint32_t m = 0; m < 2; ++m) {
      const auto memory =
          image && m == RaceGroup::kGlobal ? RaceGroup::kImage : RaceGroup::Memory(m);
      views_[m] = group.view(memory, firstItem, width);
      const uint32_t epoch = copy ? views_[m].latest : group.epoch(memory, firstItem, width);
      access_[m] = Access{0, site, epoch, kind, scope};
    }
    packed_[RaceGroup::kGlobal] = GlobalLayout::pack(access_[RaceGroup::kGlobal]);
    packed_[RaceGroup::kLocal] = LocalLayout::pack(access_[RaceGroup::kLocal]);
    seen_ = detail::seenBits(access_[0]);
    log_ = image ? nullptr : shadow_.sharedLog();
  }
  ~Recorder() { unlock(); }
  /// A plain store of the lanes of `mask`, not yet performed: lane l's bytes at stored +
  /// l × stride (by default the access's bytes).
  void storing(const void *stored, uint64_t mask, uint32_t stride = 0) {
    stored_ = static_cast<const std::byte *>(stored), mask_ = mask;
    storedStride_ = stride ? stride : bytes_;
  }
  /// A range of an async copy of `element`-byte elements (findings name <= 8 bytes).
  void copying(uint64_t element) { element_ = element; }
  Recorder(const Recorder &) = delete;
  Recorder &operator=(const Recorder &) = delete;
  /// The access of lane `lane` (local id firstItem + lane) at tagged pointer q.
  void lane(const ExecState &x, uint32_t lane, uint64_t q) {
    if (log_) [[unlikely]]
      return access<true>(x, lane, q);
    access<false>(x, lane, q);
  }
  /// lane() for each lane l of `mask` at pointerOf(l): whether shared words are logged
  /// is decided once, so that kernels without the log (log_) pay nothing for it.
  template <class PointerOf> void lanes(const ExecState &x, uint64_t mask, PointerOf pointerOf) {
    if (log_) [[unlikely]] {
      mask = sharedRun(x, mask, pointerOf);
      for (uint64_t m = mask; m; m &= m - 1) {
        const uint32_t l = uint32_t(std::countr_zero(m));
        access<true>(x, l, pointerOf(l));
      }
      return;
    }
    for (uint64_t m = mask; m; m &= m - 1) {
      const uint32_t l = uint32_t(std::countr_zero(m));
      access<false>(x, l, pointerOf(l));
    }
  }

  /// The alias words' part of lane `lane`'s access at q, for an aliased root: a pass of
  /// its own (RaceShadow::aliased), so that lane() and the bulk paths stay as they are.
  void aliasLane(const ExecState &x, uint32_t lane, uint64_t q) {
    // __constant loads read a buffer an image views as global loads do.
    const AddressSpace space = tagged::space(q);
    if (space != AddressSpace::Global && space != AddressSpace::Constant) return;
    if (tagged::allocation(q) != cached_) resolve(x, q, lane);
    if (!resolved_.usable || !resolved_.alias) return;
    const uint64_t offset = tagged::offset(q);
    if (offset + bytes_ > resolved_.size) return; // out of bounds: not performed
    if (isAtomic(kind_) && reinterpret_cast<uintptr_t>(resolved_.base + offset) % bytes_ != 0)
      return;
    const uint64_t at = resolved_.shadowOffset + offset;
    aliasAccess(at >> resolved_.shift, (at + bytes_ - 1) >> resolved_.shift,
                group_.groupFirst() + firstItem_ + lane, q);
  }

  /// The lanes of `mask` at p[l] + imm when they all point into one allocation:
  /// sameAllocation(). False when they do not, or it does not apply.
  bool bulk(const ExecState &x, uint64_t mask, const uint64_t *p, uint64_t imm) {
    const uint32_t first = uint32_t(std::countr_zero(mask));
    const uint64_t q0 = tagged::addOffset(p[first], imm);
    uint64_t offsets[64];
    uint64_t differ = 0;
    for (uint32_t l = 0; l < x.width; ++l) {
      const uint64_t q = tagged::addOffset(p[l], imm);
      offsets[l] = tagged::offset(q);
      differ |= ((q ^ q0) >> tagged::kOffsetBits) & ((mask >> l) & 1 ? ~uint64_t(0) : 0);
    }
    return !differ && sameAllocation(x, mask, q0, offsets);
  }

  /// The lanes of `mask` at offsets[l] into the allocation of q0, all in bounds and
  /// (atomics) aligned, each access within one granule or the warp's lanes at equal
  /// steps (strided()): one resolution and a tight loop. False when that does not hold
  /// (nothing recorded then).
  bool sameAllocation(const ExecState &x, uint64_t mask, uint64_t q0, const uint64_t *offsets) {
    if (log_) return false; // lane by lane: shared words are logged (shared())
    const AddressSpace space = tagged::space(q0);
    if (space != AddressSpace::Global && space != AddressSpace::Local) return false;
    const uint32_t first = uint32_t(std::countr_zero(mask));
    if (tagged::allocation(q0) != cached_) resolve(x, q0, first);
    if (!resolved_.usable) return true; // no lane performed the access
    if (resolved_.size < bytes_) return false;
    // Whether the lanes are `step` bytes apart is asked first (regular(), a pass without
    // branches): strided() checks its own bounds, so the pass over the lanes' bounds and
    // alignment below is made only when that does not apply.
    const uint64_t step = x.width > 1 ? offsets[1] - offsets[0] : bytes_;
    const auto regular = [&] {
      // The last lane first: lanes in rows of a 2-D group are not (the usual way out).
      if (mask != x.allLanes || offsets[x.width - 1] - offsets[0] != step * (x.width - 1))
        return false;
      uint64_t irregular = 0;
      for (uint32_t l = 1; l < x.width; ++l) irregular |= (offsets[l] - offsets[l - 1]) ^ step;
      return irregular == 0;
    };
    const uint64_t last = offsets[x.width - 1];
    const uint64_t granule = uint64_t(1) << resolved_.shift;
    const uint64_t tag = q0 & ~tagged::kOffsetMask;
    // One granule a lane: the lanes a first touch or quiet words leave, as QuietRun and
    // settledStep() take them.
    const auto quietRest = [&](uint64_t lanes) {
      if (resolved_.global)
        return quietLanes<true>(lanes, offsets, group_.groupFirst() + firstItem_, tag);
      if (lanes != x.allLanes || isWrite(kind_) || !localQuiet(x.width, offsets))
        quietLanes<false>(lanes, offsets, firstItem_, tag);
      group_.touchLocal(((resolved_.shadowOffset + resolved_.size - 1) >> resolved_.shift) + 1);
    };
    // Lanes on granules of their own, `step` bytes apart, ascending (work-items on
    // consecutive elements, or on the components of vectors or structs: a step above the
    // highest offset is a descending one).
    if (offsets[0] < last && step <= last - offsets[0] && regular()) {
      if (bytes_ > granule ? strided(x, q0, offsets[0], step)
                           : strided(x, offsets[0], step, quietRest))
        return true;
    }
    if (bytes_ > granule) return false; // several granules a lane: only as strided()
    // One pass without branches: a lane beyond the last access that fits sets the top bit
    // of `beyond` (offsets are far below 2^63).
    const uint64_t limit = resolved_.size - bytes_;
    uint64_t beyond = 0, misaligned = 0;
    if (mask == x.allLanes) {
      for (uint32_t l = 0; l < x.width; ++l) {
        beyond |= limit - offsets[l];
        misaligned |= offsets[l];
      }
    } else {
      for (uint64_t m = mask; m; m &= m - 1) {
        const uint64_t o = offsets[std::countr_zero(m)];
        beyond |= limit - o, misaligned |= o;
      }
    }
    // Offsets aligned to the access size, no larger than a granule: one granule each.
    if ((beyond >> 63) != 0 || ((misaligned | resolved_.shadowOffset) & (bytes_ - 1)) != 0 ||
        (isAtomic(kind_) && reinterpret_cast<uintptr_t>(resolved_.base) % bytes_ != 0))
      return false;
    quietRest(mask);
    return true;
  }

  /// Every lane of the warp at consecutive elements `step` bytes apart from q0 (an
  /// indexed access with consecutive indices): strided(). False when that does not hold.
  bool dense(const ExecState &x, uint64_t q0, uint64_t step) {
    if (log_) return false; // lane by lane: shared words are logged (shared())
    const AddressSpace space = tagged::space(q0);
    if (space != AddressSpace::Global && space != AddressSpace::Local) return false;
    if (tagged::allocation(q0) != cached_) resolve(x, q0, 0);
    if (!resolved_.usable) return true; // no lane performed the access
    return strided(x, q0, tagged::offset(q0), step);
  }

  /// Every lane l of the warp at offset start + l × step of the allocation resolved last,
  /// no two lanes on one granule (step at least the access's bytes), each access whole
  /// granules: work-items on consecutive elements, on the components of vectors (a vector
  /// load in components), on a field of structs — the elementwise kernel's accesses. Per
  /// page of words (one lock), first touches in one pass, or every word found quiet; the
  /// lanes of a page where neither holds go to `rest(lanes)`. False, with nothing
  /// recorded, when that does not apply (bounds, granules, atomics' alignment).
  template <class Rest> bool strided(const ExecState &x, uint64_t start, uint64_t step, Rest rest);
  /// strided() whose other lanes take word() for each of their granules.
  bool strided(const ExecState &x, uint64_t q0, uint64_t start, uint64_t step) {
    return strided(x, start, step, [&](uint64_t lanes) { wordLanes(lanes, q0, start, step); });
  }

private:
  /// The lanes of `mask` at one shared global granule (a warp's atomics on a counter), in
  /// lane order, as shared() takes them one by one, under one hold of the page's lock and
  /// one of the log's: each lane's step() of the word, and its access logged. Stops at the
  /// first lane whose step finds a conflict or whose word holds accesses the lane may
  /// race with (logged() decides those); returns the lanes left to take one by one.
  template <class PointerOf>
  uint64_t sharedRun(const ExecState &x, uint64_t mask, PointerOf pointerOf) {
    if (!(mask & (mask - 1)) || !isAtomic(kind_)) return mask;
    const uint64_t q = pointerOf(uint32_t(std::countr_zero(mask)));
    for (uint64_t m = mask & (mask - 1); m; m &= m - 1)
      if (pointerOf(uint32_t(std::countr_zero(m))) != q) return mask;
    return sharedRun(x, mask, q);
  }
  /// sharedRun() once every lane's pointer is q (race_recorder_shared.cpp).
  uint64_t sharedRun(const ExecState &x, uint64_t mask, uint64_t q);

  /// lane(): `Logged` when the kernel logs shared words (log_ is set).
  template <bool Logged> void access(const ExecState &x, uint32_t lane, uint64_t q) {
    const AddressSpace space = tagged::space(q);
    if (space != AddressSpace::Global && space != AddressSpace::Local) return;
    if (tagged::allocation(q) != cached_) resolve(x, q, lane);
    if (!resolved_.usable) return;
    const uint64_t offset = tagged::offset(q);
    if (offset + bytes_ > resolved_.size) return; // out of bounds: not performed
    if (isAtomic(kind_) && reinterpret_cast<uintptr_t>(resolved_.base + offset) % bytes_ != 0)
      return;
    const uint32_t local = firstItem_ + lane;
    const uint64_t at = resolved_.shadowOffset + offset;
    uint64_t g = at >> resolved_.shift;
    const uint64_t last = (at + bytes_ - 1) >> resolved_.shift;
    if (resolved_.global) {
      if constexpr (Logged) { // tracked kernels: shared words are logged (shared())
        do loggedWord(g, group_.groupFirst() + local, q);
        while (++g <= last);
        return;
      }
      do word<true>(g, group_.groupFirst() + local, q);
      while (++g <= last);
    } else {
      do word<false>(g, local, q);
      while (++g <= last);
      group_.touchLocal(last + 1);
    }
  }

  /// Whether the __local word of every lane l < width at offsets[l] is quiet for this
  /// access (work-items reading a tile that others read since the barrier): QuietRun's
  /// test for local words, one pass without branches, tried when lane 0's word is quiet.
  bool localQuiet(uint32_t width, const uint64_t *offsets) const {
    constexpr uint32_t m = RaceGroup::kLocal;
    if (!QuietRun<LocalLayout>::applies(packed_[m], views_[m], access_[m].epoch)) return false;
    const uint64_t expected = quietBits<LocalLayout>();
    const uint64_t start = resolved_.shadowOffset;
    const uint32_t shift = resolved_.shift;
    const uint64_t *words = resolved_.words;
    const uint32_t first = firstItem_;
    const uint64_t w0 = words[(start + offsets[0]) >> shift];
    if (((w0 ^ expected) & kLocalQuiet) != 0 ||
        ((uint32_t(w0) ^ first) & LocalLayout::kItemMask) == 0)
      return false;
    uint64_t loud = 0;
    for (uint32_t l = 1; l < width; ++l) {
      const uint64_t w = words[(start + offsets[l]) >> shift];
      loud |= ((w ^ expected) & kLocalQuiet) |
              uint64_t(((uint32_t(w) ^ (first + l)) & LocalLayout::kItemMask) == 0);
    }
    return loud == 0;
  }
  /// The bits of a word of layout L that say it is quiet for this access: kind and scope,
  /// multi and epoch as expected (their values: quietBits<L>()). Local words hold local
  /// ids, all of the group: quiet is these and another work-item's (QuietRun::loud,
  /// fewer steps).
  template <class L>
  static constexpr uint64_t kQuietMask =
      uint64_t(15) << 52 | kMulti | uint64_t(L::kEpochMask) << L::kEpochShift;
  static constexpr uint64_t kLocalQuiet = kQuietMask<LocalLayout>;
  template <class L> uint64_t quietBits() const {
    constexpr uint32_t m = std::is_same_v<L, GlobalLayout> ? RaceGroup::kGlobal : RaceGroup::kLocal;
    return (packed_[m] & (uint64_t(15) << 52)) | kMulti |
           uint64_t(access_[m].epoch & L::kEpochMask) << L::kEpochShift;
  }

  /// sameAllocation()'s lanes of `mask` at offsets[l] (item items + l, pointer tag |
  /// offsets[l]), one granule each, in bounds. A word QuietRun finds quiet is left as it
  /// is; lanes after one that found its word quiet for a read find it quiet too (a read
  /// conflicts only with a write). While every warp of the group is at its last barrier,
  /// settledStep()'s changes to __local words and a global word's second in-group read
  /// are made here; the rest go to word().
  template <bool Global>
  void quietLanes(uint64_t mask, const uint64_t *offsets, uint32_t items, uint64_t tag) {
    using L = std::conditional_t<Global, GlobalLayout, LocalLayout>;
    constexpr uint32_t m = Global ? RaceGroup::kGlobal : RaceGroup::kLocal;
    const uint64_t start = resolved_.shadowOffset;
    const uint32_t shift = resolved_.shift;
    const bool reads = !isWrite(kind_);
    const bool run = QuietRun<L>::applies(packed_[m], views_[m], access_[m].epoch);
    const uint64_t localQuiet = quietBits<LocalLayout>();
    constexpr uint64_t kGlobalQuiet = kQuietMask<GlobalLayout>;
    const uint64_t globalQuiet = quietBits<GlobalLayout>();
    const uint32_t groupFirst = views_[m].groupFirst, stride = views_[m].stride;
    const uint64_t kept = packed_[RaceGroup::kGlobal] | kMulti | seen_; // and the item
    const bool plainRead = Global && kind_ == AccessKind::Read;
    // Plain accesses while every warp of the group is at its last barrier: settledStep().
    const bool settled = !Global && (kind_ == AccessKind::Read || kind_ == AccessKind::Write) &&
                         views_[m].trustEpochs && access_[m].epoch == views_[m].lastBarrier &&
                         views_[m].latest == views_[m].lastBarrier;
    const uint64_t plain = packed_[m] & ~uint64_t(LocalLayout::kItemMask);
    uint64_t quiet[16];
    std::fill(std::begin(quiet), std::end(quiet), ~uint64_t(0));
    for (uint64_t lanes = mask; lanes; lanes &= lanes - 1) {
      const uint32_t l = uint32_t(std::countr_zero(lanes));
      const uint64_t offset = offsets[l];
      const uint64_t g = (start + offset) >> shift;
      if (quiet[g & 15] != g) {
        bool found = false;
        if constexpr (!Global) {
          uint64_t &w = resolved_.words[g];
          const uint64_t item = (items + l) & LocalLayout::kItemMask;
          if (run)
            found = ((w ^ localQuiet) & kLocalQuiet) == 0 &&
                    (uint32_t(w) & LocalLayout::kItemMask) != item;
          if (!found && settled)
            if (const uint64_t n = settledStep<LocalLayout>(w, plain | item, seen_, views_[m])) {
              w = n;
              // A second reader: multi is set, and the word is quiet for every other lane.
              if (!(n & kMulti)) continue;
              found = true;
            }
        }
        if constexpr (Global) {
          // QuietRun::loud's in-group half (another item's read, multi); a second read here.
          if (run) {
            const uint64_t w =
                std::atomic_ref<uint64_t>(resolved_.words[g]).load(std::memory_order_relaxed);
            const uint32_t item = uint32_t(w) & GlobalLayout::kItemMask;
            const uint64_t differ = (w ^ globalQuiet) & kGlobalQuiet;
            const auto other = [&] {
              return item != ((items + l) & GlobalLayout::kItemMask) &&
                     ((item - groupFirst) & GlobalLayout::kItemMask) < stride;
            };
            found = differ == 0 && other();
            if (differ == kMulti && plainRead && w != 0 && !(w & kShared) && other()) {
              hold(g);
              std::atomic_ref<uint64_t> word(resolved_.words[g]);
              if (word.load(std::memory_order_relaxed) == w) {
                word.store(kept | ((items + l) & GlobalLayout::kItemMask) | (w >> 56 << 56),
                           std::memory_order_relaxed);
                found = true;
              }
            }
          }
        }
        if (!found) found = word<Global>(g, items + l, tag | offset);
        if (!found || !reads) continue;
        quiet[g & 15] = g;
      }
      // The lanes after l on the same element find it quiet too (see above; lanes not
      // pending on it are passed over as well: their bits are clear already).
      uint32_t k = l + 1;
      if (k >= width_ || offsets[k] != offset) continue;
      while (++k < width_ && offsets[k] == offset) {
      }
      if (k < 64)
        lanes &= ~(uint64_t(1) << k) + (uint64_t(2) << l); // lanes l+1..k-1 cleared
      else
        lanes &= (uint64_t(2) << l) - 1;
    }
  }
  /// Whether the word of every lane of `mask` (word index wordOf(l), work-item
  /// items + l) is quiet for this access: QuietRun, one pass without branches.
  template <class WordOf> bool allQuiet(uint64_t mask, uint32_t items, WordOf wordOf) {
    if (resolved_.global) return allQuiet<GlobalLayout>(mask, items, wordOf);
    return allQuiet<LocalLayout>(mask, items, wordOf);
  }
  template <class L, class WordOf> bool allQuiet(uint64_t mask, uint32_t items, WordOf wordOf) {
    constexpr uint32_t m = std::is_same_v<L, GlobalLayout> ? RaceGroup::kGlobal : RaceGroup::kLocal;
    const View &v = views_[m];
    if (!QuietRun<L>::applies(packed_[m], v, access_[m].epoch)) return false;
    const QuietRun<L> run{packed_[m] & (uint64_t(15) << 52), items, access_[m].epoch, v};
    uint64_t loud = 0;
    for (uint64_t lanes = mask; lanes; lanes &= lanes - 1) {
      const uint32_t l = uint32_t(std::countr_zero(lanes));
      const uint64_t g = wordOf(l);
      const uint64_t w =
          m == RaceGroup::kGlobal
              ? std::atomic_ref<uint64_t>(resolved_.words[g]).load(std::memory_order_relaxed)
              : resolved_.words[g];
      loud |= run.loud(w, l);
    }
    return loud == 0;
  }

  /// A warp's first access to untouched words: lanes l0 .. l0 + n - 1, lane l0 + k at the
  /// `perLane` words from g + k × stepG (work-item items + l0 + k), written in one pass
  /// (the common case). False, with nothing written, when a word was touched already or
  /// the global words are not in one page.
  bool firstTouch(uint64_t g, uint32_t l0, uint32_t n, uint64_t stepG, uint32_t perLane,
                  uint32_t items);
  /// firstTouch() once the page's lock is held: `P` words a lane (0: perLane).
  template <uint32_t P>
  [[gnu::always_inline]] bool touchWords(uint64_t g, uint32_t l0, uint32_t n, uint64_t stepG,
                                         uint32_t perLane, uint32_t items);

  /// Whether every word of the lanes of `lanes` is quiet for this access, lane l at the
  /// `perLane` words from g0 + l × stepG: allQuiet() for each of a lane's words.
  bool quietStrided(uint64_t lanes, uint64_t g0, uint64_t stepG, uint32_t perLane, uint32_t items) {
    for (uint32_t j = 0; j < perLane; ++j)
      if (!allQuiet(lanes, items, [&](uint32_t l) { return g0 + l * stepG + j; })) return false;
    return true;
  }

  /// strided()'s lanes of `lanes` (lane l at offset start + l × step of the allocation of
  /// q0) one by one, word() for each of their granules, as lane() takes them.
  void wordLanes(uint64_t lanes, uint64_t q0, uint64_t start, uint64_t step) {
    if (resolved_.global) return wordLanes<true>(lanes, q0, start, step);
    wordLanes<false>(lanes, q0, start, step);
  }
  template <bool Global> void wordLanes(uint64_t lanes, uint64_t q0, uint64_t start, uint64_t step);
  /// wordLanes() for lanes of one granule each (lane l at word g0 + l × stepG) when
  /// word() decides every one of them without change() (a work-item writing what it read,
  /// reads of another's read): each new word worked out in one pass under the page's
  /// lock, then written. False, with nothing written, when a lane's word needs change().
  template <bool Global>
  bool settleLanes(uint64_t lanes, uint64_t g0, uint64_t stepG, uint32_t items);

  [[gnu::always_inline]] void resolve(const ExecState &x, uint64_t q, uint32_t lane) {
    cached_ = tagged::allocation(q);
    Resolution &last = group_.lastResolution(isWrite(kind_));
    const uint64_t key = cached_ << 2 | uint64_t(isWrite(kind_)) << 1 | uint64_t(image_);
    if (last.key == key) {
      resolved_ = last;
      return;
    }
    resolveAnew(x, q, lane);
    resolved_.key = key;
    last = resolved_;
  }
  /// resolve() when the group's last resolution was of another allocation or access.
  void resolveAnew(const ExecState &x, uint64_t q, uint32_t lane) {
    ops::ResolvedAllocation r;
    const bool ok = ops::resolve(x, q, lane, r);
    const ops::AccessFault fault = ops::checkAccess(r, ok, 0, isWrite(kind_));
    resolved_.usable = ops::accessPerformed(fault);
    if (!resolved_.usable) return;
    resolved_.base = r.base;
    resolved_.size = r.size;
    const uint32_t id = tagged::id(q);
    resolved_.global = tagged::space(q) == AddressSpace::Global;
    if (resolved_.global ||
        tagged::space(q) == AddressSpace::Constant) { // constant: aliasLane only
      const AllocationView &a = launch_.allocations[id];
      resolved_.root = a.parent ? a.parent : id;
      resolved_.shadowOffset = a.parent ? a.parentOffset : 0;
      resolved_.words = resolved_.global ? shadow_.words(resolved_.root) : nullptr;
      resolved_.shift = shadow_.shiftOf(resolved_.root);
      if (shadow_.anyAliased()) [[unlikely]]
        resolveAlias(id);
      resolved_.usable = resolved_.words != nullptr || !resolved_.global;
    } else {
      resolved_.shadowOffset = launch_.localOffsets[id];
      resolved_.words = group_.localWords();
      resolved_.shift = shadow_.granuleShift();
      resolved_.alias = nullptr;
    }
  }

  /// resolve()'s part for aliased roots: image words for image accesses, resolved_.alias set.
  [[gnu::noinline]] void resolveAlias(uint32_t id) {
    const bool aliased = shadow_.aliased(resolved_.root);
    if (aliased && image_) resolved_.words = shadow_.imageWords(resolved_.root);
    resolved_.alias = aliased ? shadow_.aliasWords(resolved_.root) : nullptr;
    resolved_.id = id;
  }

  /// Work-item `item`'s access at q to granules g..last of an aliased root, on its side
  /// of the alias words (race_image_alias.h); reports the first conflict.
  [[gnu::noinline]] void aliasAccess(uint64_t g, uint64_t last, uint32_t item, uint64_t q) {
    const AliasAccess mine{item & GlobalLayout::kItemMask, access_[RaceGroup::kGlobal].site,
                           resolved_.id, isWrite(kind_)};
    AliasAccess other, found; // a conflict with another work-item is preferred
    uint64_t at = 0;
    bool conflict = false;
    for (; g <= last; ++g) {
      hold(g);
      uint64_t *sides = resolved_.alias + 4 * g; // the image's two words, then the buffer's
      if (aliasStep(sides + (image_ ? 0 : 2), sides + (image_ ? 2 : 0), mine, found) &&
          (!conflict || (other.item == mine.item && found.item != mine.item)))
        conflict = true, at = g << resolved_.shift, other = found;
    }
    if (!conflict) return;
    unlock();
    const uint64_t start = resolved_.shadowOffset + tagged::offset(q);
    uint64_t first = std::max(at, start);
    uint32_t bytes = bytes_;
    if (element_) { // an async copy's range: the element holding the conflicting byte
      first = start + (first - start) / element_ * element_;
      bytes = uint32_t(std::min<uint64_t>(element_, bytes_));
    }
    reportImageAlias(launch_, mine, image_, other, first, bytes);
  }

  /// Records the access of work-item `item` (global words: the group's ids; local
  /// words: local ids) in word g. Most accesses leave a word as it is — read-shared
  /// data, repeated atomics: a load and a few tests decide that here; the rest goes
  /// to change().
  /// True when quiet() decided (see bulk()).
  /// `Logged`: the kernel logs shared words (log_), and this one is not shared yet.
  template <bool Global, bool Logged = false>
  [[gnu::always_inline]] bool word(uint64_t g, uint32_t item, uint64_t q) {
    using L = std::conditional_t<Global, GlobalLayout, LocalLayout>;
    constexpr uint32_t m = Global ? RaceGroup::kGlobal : RaceGroup::kLocal;
    const uint64_t w =
        Global ? std::atomic_ref<uint64_t>(resolved_.words[g]).load(std::memory_order_relaxed)
               : resolved_.words[g];
    const uint64_t packed = packed_[m] | (item & L::kItemMask);
    if (w == 0) { // first touch: no race possible
      if constexpr (Global) {
        hold(g);
        std::atomic_ref<uint64_t> word(resolved_.words[g]);
        const uint64_t now = word.load(std::memory_order_relaxed);
        if (now == 0)
          word.store(packed | seen_, std::memory_order_relaxed);
        else
          change<Global, Logged>(g, item, q, now);
      } else {
        resolved_.words[g] = packed | seen_;
      }
      return false;
    }
    if (quiet<L>(w, packed, views_[m]) || readShared(w, kind_)) return !isWrite(kind_);
    if (unchanged<L>(w, packed, seen_, kind_)) return false;
    uint64_t n = sameItemStep<L>(w, packed, seen_);
    if (!n) n = groupStep<L>(w, packed, seen_, views_[m]);
    if (n) {
      if constexpr (Global) {
        // Global words change only under their page's lock: a load and a store under
        // it are as good as a compare-exchange, and cheaper.
        hold(g);
        std::atomic_ref<uint64_t> word(resolved_.words[g]);
        const uint64_t now = word.load(std::memory_order_relaxed);
        if (now == w)
          word.store(n, std::memory_order_relaxed);
        else
          change<Global, Logged>(g, item, q, now); // another thread changed it meanwhile
      } else {
        resolved_.words[g] = n;
      }
      return false;
    }
    change<Global, Logged>(g, item, q, w);
    return false;
  }

  /// Takes the lock of word g's page (global words), releasing the one held before. A
  /// launch on one thread takes none (RaceShadow::locking): its locked exchange waited
  /// for every store before it once per warp access.
  [[gnu::always_inline]] void hold(uint64_t g) {
    const uint64_t page = uint64_t(resolved_.root) << 40 | g >> RaceShadow::kWordsPerLock;
    if (page == heldPage_) return; // ~0 while none is held
    unlock();
    heldPage_ = page;
    if (locking_) {
      held_ = &shadow_.lock(resolved_.root, g);
      race::lockSpin(*held_);
    }
    shadow_.populate(resolved_.root, g);
  }

  /// The rest of word(): step() decides; global words change under their page's lock.
  /// `Logged`: as word()'s.
  template <bool Global, bool Logged>
  [[gnu::noinline]] void change(uint64_t g, uint32_t item, uint64_t q, uint64_t w) {
    if constexpr (Global) {
      if constexpr (Logged)
        if (w & kShared) return shared(g, item, q);
      std::atomic_ref<uint64_t> word(resolved_.words[g]);
      Access b = access_[RaceGroup::kGlobal];
      b.item = item;
      const View &v = views_[RaceGroup::kGlobal];
      Outcome out;
      uint64_t n = w == 0 ? packed_[RaceGroup::kGlobal] | (item & GlobalLayout::kItemMask) | seen_
                          : step<GlobalLayout>(w, b, v, out);
      if (n == w && out.conflict == Conflict::None) return;
      hold(g);
      const uint64_t now = word.load(std::memory_order_relaxed);
      if (now != w) { // another thread changed it meanwhile
        out = Outcome{};
        n = step<GlobalLayout>(now, b, v, out);
      }
      if (n != now) word.store(n, std::memory_order_relaxed);
      if constexpr (Logged)
        if (n & kShared) return logged(g, q, now, n, b, out);
      if (out.conflict != Conflict::None) {
        unlock();
        decide(q, g, b, out, now, n);
      }
    } else {
      Access b = access_[RaceGroup::kLocal];
      b.item = item;
      Outcome out;
      resolved_.words[g] = step<LocalLayout>(w, b, views_[RaceGroup::kLocal], out);
      if (out.conflict == Conflict::None) return;
      // Local words hold local ids: give both accesses the group's ids.
      b.item += group_.groupFirst();
      out.other.item += group_.groupFirst();
      report(q, g, b, out);
    }
  }

  /// word<true>() in a kernel whose atomics or fences order (log_): a shared word goes to
  /// shared(), the others as word() takes them.
  [[gnu::noinline]] void loggedWord(uint64_t g, uint32_t item, uint64_t q) {
    if (std::atomic_ref<uint64_t>(resolved_.words[g]).load(std::memory_order_relaxed) & kShared)
      return shared(g, item, q);
    word<true, true>(g, item, q);
  }

  /// word() for a shared global word in a kernel whose atomics or fences order: the word
  /// changes as step() says, the access is logged, and logged() decides.
  [[gnu::noinline]] void shared(uint64_t g, uint32_t item, uint64_t q) {
    hold(g);
    std::atomic_ref<uint64_t> word(resolved_.words[g]);
    const uint64_t now = word.load(std::memory_order_relaxed);
    Access b = access_[RaceGroup::kGlobal];
    b.item = item;
    Outcome out;
    const uint64_t n = step<GlobalLayout>(now, b, views_[RaceGroup::kGlobal], out);
    if (n != now) word.store(n, std::memory_order_relaxed);
    logged(g, q, now, n, b, out);
  }

  /// report() of the race `out` access b of granule g found, which changed its word from
  /// `before` to `after` (no lock held). When the memory model orders a conflict within
  /// the group after all (the kept access precedes a release this group acquired; step()
  /// made it two concurrent accesses, multi set), the word becomes what an access
  /// ordered after the kept one makes of it, as a barrier orders it (orderedAfter), so
  /// that another group's later access is decided against it and the releases, not
  /// against the group's barriers alone (RaceGroup::followsWithGroup). Not when `before`
  /// was multi already (other work-items of that epoch are not ordered before b), nor
  /// when another thread changed the word meanwhile.
  [[gnu::noinline]] void decide(uint64_t q, uint64_t g, const Access &b, const Outcome &out,
                                uint64_t before, uint64_t after) {
    if (!report(q, g, b, out) || !out.sameGroup || (before & kMulti)) return;
    hold(g);
    std::atomic_ref<uint64_t> word(resolved_.words[g]);
    if (word.load(std::memory_order_relaxed) == after)
      word.store(
          orderedAfter(after, packed_[RaceGroup::kGlobal] | (b.item & GlobalLayout::kItemMask)),
          std::memory_order_relaxed);
    unlock();
  }

  /// The seen-bits of the accesses an access of kind k may race with.
  static constexpr uint64_t conflictingSeen(AccessKind k) {
    switch (k) {
    case AccessKind::Read:
      return kSeenWrite | kSeenAtomicWrite;
    case AccessKind::AtomicRead:
      return kSeenWrite;
    case AccessKind::AtomicWrite:
      return kSeenWrite | kSeenRead;
    case AccessKind::Write:
      break;
    }
    return kSeenRead | kSeenWrite | kSeenAtomicRead | kSeenAtomicWrite;
  }

  /// Access b of granule g, whose word was `before` and is `after` now, shared (under the
  /// page's lock, which this releases): logs it, then decides (race_recorder_shared.cpp).
  [[gnu::noinline]] void logged(uint64_t g, uint64_t q, uint64_t before, uint64_t after,
                                const Access &b, const Outcome &out);

  /// `decided`: the log found `out.other` not to precede a release this group acquired
  /// (race_recorder_report.cpp: the cold path). True when a release this group acquired
  /// orders the two accesses after all: no race.
  bool report(uint64_t q, uint64_t granule, const Access &b, const Outcome &out,
              bool decided = false);

  /// The lane of this warp whose work-item has id `item` (global words' ids), or 64.
  uint32_t laneOf(uint32_t item) const {
    const uint32_t lane = (item - group_.groupFirst() - firstItem_) & GlobalLayout::kItemMask;
    return lane < views_[0].width ? lane : 64;
  }

  void unlock() {
    if (held_) held_->store(0, std::memory_order_release);
    held_ = nullptr;
    heldPage_ = ~uint64_t(0);
  }

  const LaunchContext &launch_;
  RaceGroup &group_;
  RaceShadow &shadow_;
  AccessKind kind_;
  uint32_t bytes_;
  uint32_t firstItem_;
  uint32_t width_; ///< lanes of the warp (1 for an async copy)
  bool image_;
  bool locking_; ///< RaceShadow::locking()
  /// Per memory (RaceGroup::Memory): the group's view, the access without its work-item,
  /// and the same packed by the memory's layout.
  View views_[2];
  Access access_[2];
  uint64_t packed_[2] = {0, 0};
  uint64_t seen_ = 0;
  // The allocation of the last lane (space and id), and where its words are.
  uint64_t cached_ = ~uint64_t(0);
  /// Where its words are, whether the access records there (resolve()); its granule
  /// (shift) the shadow's until an allocation is resolved.
  Resolution resolved_;
  SharedLog *log_ = nullptr; ///< the shadow's log of shared granules (shared())
  std::atomic<uint32_t> *held_ = nullptr;
  uint64_t heldPage_ = ~uint64_t(0);  ///< root id and page of words of the lock held
  const std::byte *stored_ = nullptr; ///< storing(): the values, lane by lane
  uint64_t mask_ = 0;                 ///< storing(): the lanes that store
  uint32_t storedStride_ = 0;         ///< storing(): bytes from one lane's value to the next
  uint64_t element_ = 0;              ///< copying(): the copy's element size
};

} // namespace spvsim::race

#include "checks/races/race_recorder_strided.h"
