// An image created from a buffer shares the buffer's bytes (OpenCL API §5.3.1.2): a
// kernel that writes them through one object and reads or writes them through the
// other is undefined, "even if appropriate synchronization operations (such as a
// barrier) are performed between the writes and reads". The race check keeps, per
// granule of such bytes, the image's side and the buffer's side of what accessed it
// (RaceShadow::aliasWords, two words a side), and reports a write through one side with any access
// through the other: race.image.buffer between two work-items, image.buffer-alias
// within one (docs/findings.md).
#pragma once

#include <cstdint>

#include "checks/races/race_word.h"

namespace spvsim {

struct LaunchContext;

namespace race {

/// One access as a side of the alias words keeps it.
struct AliasAccess {
  uint32_t item = 0;       ///< an item id of the global words (GlobalLayout::kItemMask bits)
  uint32_t site = 0;       ///< race site
  uint32_t allocation = 0; ///< the image's or buffer's allocation id
  bool write = false;
};

/// One side's words: two kept accesses. The first word keeps the side's first write,
/// else its first read, with whether the side was read and written at all; the second
/// an access by another work-item than the first word's — a write if that work-item or
/// another made one, else a read — so that a conflict with several work-items' accesses
/// on the other side names one of another work-item than the conflicting access's
/// (race.image.buffer) whenever there is one, not only that work-item's own
/// (image.buffer-alias). Two words per side, four per granule: no allocation per access.
struct AliasSide {
  static constexpr uint64_t kWrite = uint64_t(1) << 61;
  static constexpr uint64_t kSeenRead = uint64_t(1) << 62; ///< second word: it is present
  static constexpr uint64_t kSeenWrite = uint64_t(1) << 63;
  static constexpr uint64_t kSeen = kSeenRead | kSeenWrite;
  static constexpr uint64_t pack(const AliasAccess &a) {
    return uint64_t(a.item & GlobalLayout::kItemMask) | uint64_t(a.site & 0xfff) << 28 |
           uint64_t(a.allocation & 0x1fffff) << 40 | (a.write ? kWrite : 0);
  }
  static constexpr AliasAccess unpack(uint64_t w) {
    return {uint32_t(w) & GlobalLayout::kItemMask, uint32_t(w >> 28) & 0xfff,
            uint32_t(w >> 40) & 0x1fffff, (w & kWrite) != 0};
  }
  static constexpr uint32_t item(uint64_t w) { return uint32_t(w) & GlobalLayout::kItemMask; }
};

/// Records access `a` in its side's words `mine` (two), and finds whether it conflicts
/// with what the other side's words `theirs` (two) kept: a write on either side. On a
/// conflict `other` is the other side's access it conflicts with, one of another
/// work-item when the side kept such a one.
constexpr bool aliasStep(uint64_t *mine, const uint64_t *theirs, const AliasAccess &a,
                         AliasAccess &other) {
  const uint64_t packed = AliasSide::pack(a);
  const uint64_t seen = a.write ? AliasSide::kSeenWrite : AliasSide::kSeenRead;
  const uint32_t item = a.item & GlobalLayout::kItemMask;
  uint64_t &first = mine[0], &second = mine[1];
  if (first == 0) {
    first = packed | seen;
  } else if (a.write && !(first & AliasSide::kWrite)) {
    // The side's first write takes the first word. The side had only reads: the read the
    // first word held is another work-item's access for the second word when it is not
    // this work-item's; when it is, the second word holds another's already (or none).
    const uint64_t old = first & ~AliasSide::kSeen;
    if (AliasSide::item(old) != item) second = old | AliasSide::kSeenRead;
    first = packed | (first & AliasSide::kSeen) | seen;
  } else {
    first |= seen;
    if (AliasSide::item(first) != item &&
        (!(second & AliasSide::kSeenRead) || (a.write && !(second & AliasSide::kWrite))))
      second = packed | AliasSide::kSeenRead;
  }
  // A kept access of the other side conflicts when one of the two writes.
  bool found = false;
  for (uint32_t k = 0; k < 2; ++k) {
    const uint64_t w = theirs[k];
    if (!(w & AliasSide::kSeen) || !(a.write || (w & AliasSide::kWrite))) continue;
    const AliasAccess o = AliasSide::unpack(w);
    if (!found || (other.item == item && o.item != item)) other = o;
    found = true;
  }
  return found;
}

/// Reports access `a` (`image`: through the image) conflicting with `other` through the
/// other object; `rootOffset` is the first byte both touch, as an offset into the root
/// allocation, `bytes` the size of `a`.
void reportImageAlias(const LaunchContext &L, const AliasAccess &a, bool image,
                      const AliasAccess &other, uint64_t rootOffset, uint32_t bytes);

} // namespace race
} // namespace spvsim
