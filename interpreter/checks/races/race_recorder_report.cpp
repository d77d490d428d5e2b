// race::Recorder::report: the cold path of a race an access found — whether an
// ordering the memory model tracks (release/acquire, fences) still orders the two
// accesses, the ordering the message names, and whether both writes stored the same
// bytes — before race_reporter.cpp builds the finding.
#include "checks/races/race_recorder.h"

namespace spvsim::race {

bool Recorder::report(uint64_t q, uint64_t granule, const Access &b, const Outcome &out,
                      bool decided) {
  // The byte the two accesses share: the granule's first byte inside this access.
  const uint64_t at = granule << resolved_.shift;
  uint64_t offset = std::max(tagged::offset(q), at - resolved_.shadowOffset);
  uint32_t bytes = bytes_;
  if (element_) { // an async copy's range: its 8-byte piece of an element
    const uint64_t into = offset - tagged::offset(q);
    const uint64_t piece = into % element_ / 8 * 8;
    const uint64_t start = tagged::offset(q) + into / element_ * element_ + piece;
    bytes = uint32_t(std::min<uint64_t>(8, element_ - piece));
    offset = std::max(start, at - resolved_.shadowOffset);
  }
  std::string ordering;
  if (resolved_.global && !image_ && out.conflict != Conflict::Scope && shadow_.atomics()) {
    // A release this group acquired may order the other access (sync_order.h).
    const bool known = out.named || out.otherGroup;
    if (known && shadow_.tracked() && !decided && group_.follows(out.other)) return true;
    ordering = group_.missingOrdering(out.other, known, out.sameGroup,
                                      firstItem_ / std::max(width_, 1u), laneOf(b.item));
  } else if (!resolved_.global && out.conflict != Conflict::Scope && shadow_.atomics()) {
    // A work-group scope release/acquire pair, or fences with atomics, may order two
    // work-items' accesses to __local memory (race_sync.cpp).
    const uint32_t width = views_[RaceGroup::kLocal].width;
    const uint32_t warp = firstItem_ / std::max(width, 1u);
    if (out.named && shadow_.tracked() && group_.followsLocal(out.other, warp, width)) return true;
    ordering = group_.missingLocalOrdering(warp);
  }
  if (resolved_.global && !image_ && out.sameGroup && out.conflict != Conflict::Scope &&
      ordering.empty())
    ordering = group_.unfencedBarrierOrdering();
  RacyAccess a{b, tagged::make(tagged::space(q), tagged::id(q), offset), bytes};
  if (stored_ && out.conflict == Conflict::WriteWrite) {
    // The other write's bytes: an earlier lane's of this store, else the memory's.
    const uint32_t lane = laneOf(b.item), other = out.named ? laneOf(out.other.item) : ~0u;
    const bool earlierLane = other < lane && out.other.site == b.site && (mask_ >> other) & 1;
    a.uniform = lane < 64 && std::memcmp(stored_ + lane * storedStride_,
                                         earlierLane ? stored_ + other * storedStride_
                                                     : resolved_.base + tagged::offset(q),
                                         bytes_) == 0;
  }
  reportRace(launch_, a, out, ordering);
  return false;
}

} // namespace spvsim::race
