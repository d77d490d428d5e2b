// The memory model's clocks and atomic locations alone (interpreter/checks/races/
// sync_order.h): joins in place give what a merge of the two clocks gives, and a
// location's version tells a repeated write or read, which changes nothing, from one
// that the location's change since makes count.
#include "checks/races/sync_order.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

namespace spvsim::race {
namespace {

/// A key of group `g`, warp `w`, point `i` (SyncOrder's layout).
uint64_t key(uint32_t g, uint32_t w, uint32_t i) {
  return uint64_t(g) << 32 | uint64_t(w) << 20 | i;
}

/// The join by its definition: per (group, warp) the later point.
SyncClock merged(const SyncClock &a, const SyncClock &b) {
  std::map<uint64_t, uint64_t> byWarp;
  for (const SyncClock *c : {&a, &b})
    for (uint64_t k : *c) {
      uint64_t &e = byWarp[k >> 20];
      e = std::max(e, k);
    }
  SyncClock out;
  for (const auto &[prefix, k] : byWarp) out.push_back(k);
  return out;
}

SyncClock randomClock(std::mt19937 &rng) {
  SyncClock c;
  for (uint32_t g = 0; g < 3; ++g)
    for (uint32_t w = 0; w < 5; ++w)
      if (rng() % 3 == 0) c.push_back(key(g, w, rng() % 6));
  return c;
}

TEST(SyncClock, JoinInPlaceIsTheMergeOfBoth) {
  std::mt19937 rng(7);
  for (int n = 0; n < 2000; ++n) {
    SyncClock into = randomClock(rng);
    const SyncClock from = randomClock(rng);
    const SyncClock original = into;
    const SyncClock want = merged(into, from);
    const bool changed = join(into, from);
    EXPECT_EQ(into, want);
    EXPECT_EQ(changed, want != original) << n;
    const SyncClock before = into;
    EXPECT_FALSE(join(into, from)) << "a clock joined again adds nothing";
    EXPECT_EQ(into, before);
  }
}

TEST(SyncClock, JoinReportsWhetherItChanged) {
  SyncClock c{key(0, 0, 3), key(1, 2, 1)};
  EXPECT_FALSE(join(c, key(0, 0, 2)));
  EXPECT_FALSE(join(c, key(0, 0, 3)));
  EXPECT_TRUE(join(c, key(0, 0, 4)));
  EXPECT_TRUE(join(c, key(0, 1, 0)));
  EXPECT_EQ(c, (SyncClock{key(0, 0, 4), key(0, 1, 0), key(1, 2, 1)}));
  EXPECT_FALSE(join(c, SyncClock{key(0, 0, 1), key(1, 2, 0)}));
  EXPECT_TRUE(join(c, SyncClock{key(0, 0, 1), key(2, 0, 0)}));
  EXPECT_EQ(c, (SyncClock{key(0, 0, 4), key(0, 1, 0), key(1, 2, 1), key(2, 0, 0)}));
}

TEST(SyncOrderLocation, ARepeatedWriteIsSkippedUntilTheLocationChanges) {
  SyncOrder order;
  const uint64_t location = uint64_t(1) << 40 | 16;
  const uint64_t r0 = order.addRelease(0, 0, ReleasePoint{});
  SyncOrder::Held held = order.hold();
  const uint64_t v1 = order.write(held, location, 0, r0, {}, false, Missing::None);
  EXPECT_NE(v1, SyncOrder::kNoVersion);
  // The same write again, as the next lane of the instruction makes it.
  EXPECT_EQ(order.write(held, location, 0, r0, {}, false, Missing::None, v1), v1);
  // Another group's relaxed write changes what a read gives: a new version.
  const uint64_t v2 =
      order.write(held, location, 1, SyncOrder::kNoRelease, {}, false, Missing::RelaxedWrite);
  EXPECT_NE(v2, v1);
  // Group 0's write once more, with the version it knew: the location changed, so the
  // write is made, and changes nothing (its release is in the clock already).
  EXPECT_EQ(order.write(held, location, 0, r0, {}, false, Missing::None, v1), v2);

  SyncClock seen;
  std::vector<SyncHint> hints;
  const SyncOrder::Read first = order.read(held, location, 2, seen, hints);
  EXPECT_FALSE(first.repeated);
  EXPECT_EQ(first.version, v2);
  EXPECT_EQ(seen, SyncClock{r0});
  ASSERT_EQ(hints.size(), 1u);
  EXPECT_EQ(hints[0].group, 1u);
  EXPECT_EQ(hints[0].missing, Missing::RelaxedWrite);

  SyncClock again;
  const SyncOrder::Read second = order.read(held, location, 2, again, hints, first.version);
  EXPECT_TRUE(second.repeated);
  EXPECT_TRUE(again.empty());

  // A new release of group 0 since: the read with the old version is made.
  held.unlock();
  const uint64_t r1 = order.addRelease(0, 0, ReleasePoint{});
  held.lock();
  order.write(held, location, 0, r1, {}, false, Missing::None);
  const SyncOrder::Read third = order.read(held, location, 2, again, hints, first.version);
  EXPECT_FALSE(third.repeated);
  EXPECT_EQ(again, SyncClock{r1});

  // A location nobody wrote reads as nothing, repeated or not.
  SyncClock none;
  const SyncOrder::Read absent = order.read(held, location + 8, 2, none, hints);
  EXPECT_FALSE(absent.repeated);
  EXPECT_FALSE(absent.saturated);
  EXPECT_TRUE(order.read(held, location + 8, 2, none, hints, absent.version).repeated);
  EXPECT_TRUE(none.empty());
}

TEST(SyncOrderLocation, SaturationIsAChange) {
  SyncOrder order;
  const uint64_t location = uint64_t(2) << 40;
  const uint64_t r0 = order.addRelease(0, 0, ReleasePoint{});
  const SyncOrder::Held held = order.hold();
  const uint64_t v1 = order.write(held, location, 0, r0, {}, false, Missing::None);
  // The same release from a group whose clock is saturated: nothing new in the clock,
  // but the location now orders everything.
  const uint64_t v2 = order.write(held, location, 0, r0, {}, true, Missing::None);
  EXPECT_NE(v2, v1);
  SyncClock seen;
  std::vector<SyncHint> hints;
  EXPECT_TRUE(order.read(held, location, 1, seen, hints, v1).saturated);
}

} // namespace
} // namespace spvsim::race
