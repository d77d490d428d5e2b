// race::Recorder's recording of a warp's lanes at equal steps (strided(), the
// elementwise kernel's accesses): first touches a page of words at a time, the
// lanes word() settles without change() in one pass, the rest lane by lane.
// Included by race_recorder.h only, after the class.
#pragma once

namespace spvsim::race {

template <class Rest>
bool Recorder::strided(const ExecState &x, uint64_t start, uint64_t step, Rest rest) {
  const uint64_t granule = uint64_t(1) << resolved_.shift;
  if (step < bytes_ || step > resolved_.size || resolved_.size < bytes_ ||
      ((start | step | bytes_ | resolved_.shadowOffset) & (granule - 1)) != 0 ||
      start + step * (x.width - 1) > resolved_.size - bytes_ ||
      (isAtomic(kind_) &&
       (reinterpret_cast<uintptr_t>(resolved_.base) | start | step) % bytes_ != 0))
    return false;
  const uint32_t perLane = uint32_t(bytes_ >> resolved_.shift);
  const uint64_t stepG = step >> resolved_.shift;
  const uint64_t g0 = (resolved_.shadowOffset + start) >> resolved_.shift;
  const uint32_t items = resolved_.global ? group_.groupFirst() + firstItem_ : firstItem_;
  // __local words take no lock; global ones all in one page of words take one.
  const uint64_t span = (x.width - 1) * stepG + perLane;
  if (!resolved_.global ||
      (g0 >> RaceShadow::kWordsPerLock) == ((g0 + span - 1) >> RaceShadow::kWordsPerLock)) {
    if (!firstTouch(g0, 0, x.width, stepG, perLane, items) &&
        !quietStrided(x.allLanes, g0, stepG, perLane, items))
      rest(x.allLanes);
    return true;
  }
  for (uint32_t l = 0; l < x.width;) {
    // The lanes from l whose words end in lane l's page of words (one lock); a lane
    // across two pages alone.
    const uint64_t g = g0 + l * stepG;
    const uint64_t pageEnd = ((g >> RaceShadow::kWordsPerLock) + 1) << RaceShadow::kWordsPerLock;
    const uint32_t n =
        g + perLane <= pageEnd
            ? uint32_t(std::min<uint64_t>(x.width - l, (pageEnd - g - perLane) / stepG + 1))
            : 1;
    const uint64_t lanes = (n == 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1) << l;
    if (!firstTouch(g, l, n, stepG, perLane, items) &&
        !quietStrided(lanes, g0, stepG, perLane, items))
      rest(lanes);
    l += n;
  }
  return true;
}

inline bool Recorder::firstTouch(uint64_t g, uint32_t l0, uint32_t n, uint64_t stepG,
                                 uint32_t perLane, uint32_t items) {
  const uint64_t span = (n - 1) * stepG + perLane;
  if (resolved_.global) {
    if ((g >> RaceShadow::kWordsPerLock) != ((g + span - 1) >> RaceShadow::kWordsPerLock))
      return false;
    hold(g);
  }
  // A lane's words unrolled for the usual widths (an int of chars, a long of ints ...).
  switch (perLane) {
  case 1: // consecutive words (consecutive elements of the smallest access) unit-strided
    return stepG == 1 ? touchWords<1>(g, l0, n, 1, perLane, items)
                      : touchWords<1>(g, l0, n, stepG, perLane, items);
  case 2:
    return touchWords<2>(g, l0, n, stepG, perLane, items);
  case 4:
    return touchWords<4>(g, l0, n, stepG, perLane, items);
  case 8:
    return touchWords<8>(g, l0, n, stepG, perLane, items);
  default:
    return touchWords<0>(g, l0, n, stepG, perLane, items);
  }
}

template <uint32_t P>
[[gnu::always_inline]] inline bool Recorder::touchWords(uint64_t g, uint32_t l0, uint32_t n,
                                                        uint64_t stepG, uint32_t perLane,
                                                        uint32_t items) {
  const uint32_t per = P ? P : perLane;
  uint64_t *w = resolved_.words + g;
  // Plain loads: global words change only under the page's lock, held here. The lane
  // loops are unrolled (a warp's lanes a step apart: a load or a store and little else
  // an iteration), which the compiler does not do by itself.
  uint64_t any = 0;
#pragma GCC unroll 4
  for (uint32_t k = 0; k < n; ++k)
    for (uint32_t j = 0; j < per; ++j) any |= w[k * stepG + j];
  if (any) return false;
  const uint32_t first = items + l0;
  if (resolved_.global) {
    const uint64_t packed = packed_[RaceGroup::kGlobal] | seen_;
#pragma GCC unroll 4
    for (uint32_t k = 0; k < n; ++k) {
      const uint64_t word = packed | ((first + k) & GlobalLayout::kItemMask);
      for (uint32_t j = 0; j < per; ++j)
        std::atomic_ref<uint64_t>(w[k * stepG + j]).store(word, std::memory_order_relaxed);
    }
    return true;
  }
  const uint64_t packed = packed_[RaceGroup::kLocal] | seen_;
#pragma GCC unroll 4
  for (uint32_t k = 0; k < n; ++k) {
    const uint64_t word = packed | ((first + k) & LocalLayout::kItemMask);
    for (uint32_t j = 0; j < per; ++j) w[k * stepG + j] = word;
  }
  group_.touchLocal(g + (n - 1) * stepG + per);
  return true;
}

template <bool Global>
void Recorder::wordLanes(uint64_t lanes, uint64_t q0, uint64_t start, uint64_t step) {
  const uint64_t tag = q0 & ~tagged::kOffsetMask;
  const uint32_t perLane = uint32_t(bytes_ >> resolved_.shift);
  const uint32_t items = Global ? group_.groupFirst() + firstItem_ : firstItem_;
  const uint64_t g0 = (resolved_.shadowOffset + start) >> resolved_.shift,
                 stepG = step >> resolved_.shift;
  if (perLane == 1 && settleLanes<Global>(lanes, g0, stepG, items)) return;
  uint64_t g = 0;
  for (; lanes; lanes &= lanes - 1) {
    const uint32_t l = uint32_t(std::countr_zero(lanes));
    const uint64_t q = tag | (start + l * step);
    g = g0 + l * stepG;
    if (perLane == 1) {
      word<Global>(g, items + l, q);
      continue;
    }
    for (uint32_t j = 0; j < perLane; ++j) word<Global>(g + j, items + l, q);
  }
  if (!Global) group_.touchLocal(g + perLane);
}

template <bool Global>
bool Recorder::settleLanes(uint64_t lanes, uint64_t g0, uint64_t stepG, uint32_t items) {
  using L = std::conditional_t<Global, GlobalLayout, LocalLayout>;
  constexpr uint32_t m = Global ? RaceGroup::kGlobal : RaceGroup::kLocal;
  const uint32_t first = uint32_t(std::countr_zero(lanes)),
                 last = uint32_t(63 - std::countl_zero(lanes));
  if constexpr (Global) {
    if (((g0 + first * stepG) >> RaceShadow::kWordsPerLock) !=
        ((g0 + last * stepG) >> RaceShadow::kWordsPerLock))
      return false;
    hold(g0 + first * stepG);
  }
  uint64_t next[64];
  for (uint64_t left = lanes; left; left &= left - 1) {
    const uint32_t l = uint32_t(std::countr_zero(left));
    // Plain loads: global words change only under the page's lock, held here.
    const uint64_t w = resolved_.words[g0 + l * stepG];
    const uint64_t packed = packed_[m] | ((items + l) & L::kItemMask);
    uint64_t n = w;
    if (w == 0) {
      n = packed | seen_;
    } else if (!quiet<L>(w, packed, views_[m]) && !readShared(w, kind_) &&
               !unchanged<L>(w, packed, seen_, kind_)) {
      n = sameItemStep<L>(w, packed, seen_);
      if (!n) n = groupStep<L>(w, packed, seen_, views_[m]);
      if (!n) return false;
    }
    next[l] = n;
  }
  for (uint64_t left = lanes; left; left &= left - 1) {
    const uint32_t l = uint32_t(std::countr_zero(left));
    if constexpr (Global)
      std::atomic_ref<uint64_t>(resolved_.words[g0 + l * stepG])
          .store(next[l], std::memory_order_relaxed);
    else
      resolved_.words[g0 + l * stepG] = next[l];
  }
  if constexpr (!Global) group_.touchLocal(g0 + last * stepG + 1);
  return true;
}

} // namespace spvsim::race
