// race::Recorder's paths for shared global granules in kernels whose atomics or fences
// order (the shadow's SharedLog): a warp's run of atomics on one granule, and the
// logging and deciding of one access (race_recorder.h; shared_log.h).
#include "checks/races/race_recorder.h"

namespace spvsim::race {

uint64_t Recorder::sharedRun(const ExecState &x, uint64_t mask, uint64_t q) {
  if (tagged::space(q) != AddressSpace::Global) return mask;
  if (tagged::allocation(q) != cached_) resolve(x, q, uint32_t(std::countr_zero(mask)));
  const uint64_t offset = tagged::offset(q), at = resolved_.shadowOffset + offset;
  if (!resolved_.usable || !resolved_.global || resolved_.alias ||
      offset + bytes_ > resolved_.size ||
      reinterpret_cast<uintptr_t>(resolved_.base + offset) % bytes_ != 0 ||
      (at >> resolved_.shift) != ((at + bytes_ - 1) >> resolved_.shift))
    return mask;
  const uint64_t g = at >> resolved_.shift;
  std::atomic_ref<uint64_t> word(resolved_.words[g]);
  if (!(word.load(std::memory_order_relaxed) & kShared)) return mask;
  hold(g);
  LoggedAccess run[64];
  uint32_t n = 0;
  const uint32_t items = group_.groupFirst() + firstItem_;
  for (; mask; mask &= mask - 1) {
    const uint64_t now = word.load(std::memory_order_relaxed);
    Access b = access_[RaceGroup::kGlobal];
    b.item = items + uint32_t(std::countr_zero(mask));
    if (!(now & kShared) || (now & conflictingSeen(b.kind))) break;
    const View &v = views_[RaceGroup::kGlobal];
    // The word as it stays for the warp's later lanes once it names another of them:
    // quiet() decides as step() would, for less.
    const bool same = quiet<GlobalLayout>(
        now, packed_[RaceGroup::kGlobal] | (b.item & GlobalLayout::kItemMask), v);
    if (!same) {
      Outcome out;
      const uint64_t next = step<GlobalLayout>(now, b, v, out);
      if (out.conflict != Conflict::None) break;
      if (next != now) word.store(next, std::memory_order_relaxed);
    }
    b.item &= GlobalLayout::kItemMask;
    b.epoch &= GlobalLayout::kEpochMask;
    run[n++] = {b, false};
    if (!same) continue;
    // The word stays as it is, and quiet() depends on the lane only through its
    // work-item: every later lane up to the one the word names finds it quiet too.
    const uint32_t named = laneOf(uint32_t(now) & GlobalLayout::kItemMask);
    uint64_t rest = mask & (mask - 1);
    if (named < 64 && ((rest >> named) & 1)) rest &= (uint64_t(1) << named) - 1;
    for (uint64_t r = rest; r; r &= r - 1) {
      b.item = (items + uint32_t(std::countr_zero(r))) & GlobalLayout::kItemMask;
      run[n++] = {b, false};
    }
    mask &= ~rest;
  }
  if (n)
    log_->record(uint64_t(resolved_.root) << 40 | g, run[0].access.item / shadow_.stride(), run, n);
  unlock();
  return mask;
}

/// Access b of granule g, whose word was `before` and is shared now (under the page's
/// lock, which this releases): logs it (and the word's access, if b made it shared),
/// then decides a race with another work-group by the log, each of whose accesses
/// either precedes a release this group acquired or races with b; the word's `out`
/// decides within the group, for atomic scopes, and where the granule is not logged.
void Recorder::logged(uint64_t g, uint64_t q, uint64_t before, uint64_t after, const Access &b,
                      const Outcome &out) {
  const uint64_t key = uint64_t(resolved_.root) << 40 | g;
  const uint32_t stride = shadow_.stride();
  Access mine = b;
  mine.item &= GlobalLayout::kItemMask;
  mine.epoch &= GlobalLayout::kEpochMask;
  bool kept = true;
  if (!(before & kShared) && before != 0) {
    const Access d = GlobalLayout::unpack(before);
    kept = log_->record(key, d.item / stride, {d, (before & kMulti) != 0});
  }
  kept = log_->record(key, mine.item / stride, {mine, false}) && kept;
  unlock();
  if (out.conflict != Conflict::None && (out.sameGroup || out.conflict == Conflict::Scope || !kept))
    return decide(q, g, b, out, before, after);
  if (!kept || !(before & conflictingSeen(b.kind))) return;
  Outcome exact;
  log_->forOthers(key, mine.item / stride, [&](const LoggedAccess &e) {
    // Atomics with each other race only by scope, which the word decides.
    const AccessKind k = e.access.kind;
    if ((!isWrite(k) && !isWrite(mine.kind)) || (isAtomic(k) && isAtomic(mine.kind))) return false;
    const Conflict c = isAtomic(k) || isAtomic(mine.kind) ? Conflict::AtomicPlain
                       : isWrite(k) && isWrite(mine.kind) ? Conflict::WriteWrite
                                                          : Conflict::ReadWrite;
    if (e.wholeEpoch ? group_.followsWithGroup(e.access) : group_.follows(e.access)) return false;
    exact.conflict = c;
    exact.named = true;
    exact.other = e.access;
    exact.otherKind = e.access.kind;
    return true;
  });
  if (exact.conflict != Conflict::None) report(q, g, b, exact, true);
}

} // namespace spvsim::race
