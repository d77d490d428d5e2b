// An image created from a buffer shares the buffer's bytes (OpenCL API §5.3.1.2): a
// kernel that writes them through one object and reads or writes them through the
// other is undefined, "even if appropriate synchronization operations (such as a
// barrier) are performed between the writes and reads". The race check keeps, per
// granule of such bytes, the image's side and the buffer's side of what accessed it
// (RaceShadow::aliasWords), and reports a write through one side with any access
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

/// One side's word: the kept access (the side's first write, else its first read), and
/// whether the side was read and written at all.
struct AliasSide {
  static constexpr uint64_t kWrite = uint64_t(1) << 61;
  static constexpr uint64_t kSeenRead = uint64_t(1) << 62;
  static constexpr uint64_t kSeenWrite = uint64_t(1) << 63;
  static constexpr uint64_t pack(const AliasAccess &a) {
    return uint64_t(a.item & GlobalLayout::kItemMask) | uint64_t(a.site & 0xfff) << 28 |
           uint64_t(a.allocation & 0x1fffff) << 40 | (a.write ? kWrite : 0);
  }
  static constexpr AliasAccess unpack(uint64_t w) {
    return {uint32_t(w) & GlobalLayout::kItemMask, uint32_t(w >> 28) & 0xfff,
            uint32_t(w >> 40) & 0x1fffff, (w & kWrite) != 0};
  }
};

/// Records access `a` in its side's word `mine`; true when it conflicts with what the
/// other side's word `theirs` saw (a write on either side), `other` then the access of
/// the other side it conflicts with.
constexpr bool aliasStep(uint64_t &mine, uint64_t theirs, const AliasAccess &a,
                         AliasAccess &other) {
  const uint64_t seen = a.write ? AliasSide::kSeenWrite : AliasSide::kSeenRead;
  if (mine == 0 || (a.write && !(mine & AliasSide::kWrite)))
    mine = AliasSide::pack(a) | (mine & (AliasSide::kSeenRead | AliasSide::kSeenWrite));
  mine |= seen;
  if (!(theirs & AliasSide::kSeenWrite) && !(a.write && (theirs & AliasSide::kSeenRead)))
    return false;
  other = AliasSide::unpack(theirs);
  return true;
}

/// Reports access `a` (`image`: through the image) conflicting with `other` through the
/// other object; `rootOffset` is the first byte both touch, as an offset into the root
/// allocation, `bytes` the size of `a`.
void reportImageAlias(const LaunchContext &L, const AliasAccess &a, bool image,
                      const AliasAccess &other, uint64_t rootOffset, uint32_t bytes);

} // namespace race
} // namespace spvsim
