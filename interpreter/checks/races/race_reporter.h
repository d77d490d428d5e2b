// Race findings (docs/findings.md race.*): both accesses of a
// race the shadow found — work-items, instructions, source lines, buffer and
// byte offset — reported once per kind, pair of instructions and buffer, with
// a count.
#pragma once

#include <cstdint>
#include <string>

#include "checks/races/race_word.h"

namespace spvsim {

struct LaunchContext;

namespace race {

/// The access that found a race.
struct RacyAccess {
  Access access;        ///< who (an item id of the global words) and which instruction
  uint64_t pointer = 0; ///< tagged pointer of the first byte both accesses touch
  uint32_t bytes = 0;   ///< size of the access
  /// A write-write race in which both writes stored the same bytes (Finding::uniformWrite).
  bool uniform = false;
};

/// The docs/findings.md kind of a race between an access to memory of `space` and
/// another access (`sameGroup`: of the same work-group) that conflict as `c`; `image`
/// when one of them is an image read or write (race.image.*).
const char *raceKind(Conflict c, bool local, bool sameGroup, bool image = false);

/// Reports the race `out` that access `a` found (the cold path: may allocate);
/// `ordering`, when not empty, says what ordering between the work-groups is missing.
void reportRace(const LaunchContext &launch, const RacyAccess &a, const Outcome &out,
                const std::string &ordering = {});

} // namespace race
} // namespace spvsim
