// Schedules: parsing and naming, and the work-group and warp orders a seed stands for
// (exec/schedule_order.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "exec/schedule_order.h"
#include "spvsim/common/error.h"

namespace spvsim::testing {
namespace {

std::vector<uint64_t> groupOrder(const Schedule &s, uint64_t total) {
  GroupOrder order(s, total);
  std::vector<uint64_t> out;
  for (uint64_t i = 0; i < total; ++i) out.push_back(order.at(i));
  return out;
}

bool isPermutation(std::vector<uint64_t> v) {
  std::sort(v.begin(), v.end());
  for (uint64_t i = 0; i < v.size(); ++i)
    if (v[i] != i) return false;
  return true;
}

TEST(Schedule, ParsesAndNamesEachForm) {
  EXPECT_TRUE(Schedule::parse("ordered").ordered());
  EXPECT_EQ(Schedule::parse("reverse").name(), "reverse");
  Schedule s = Schedule::parse("shuffle:1234");
  EXPECT_EQ(s.order, Schedule::Order::Shuffle);
  EXPECT_EQ(s.seed, 1234u);
  EXPECT_EQ(s.name(), "shuffle:1234");
  EXPECT_EQ(Schedule::parse("shuffle:18446744073709551615").seed, ~uint64_t(0));
  // Without a seed one is drawn, and the name gives it back.
  Schedule drawn = Schedule::parse("shuffle");
  EXPECT_EQ(Schedule::parse(drawn.name()).seed, drawn.seed);
}

TEST(Schedule, RejectsAnythingElse) {
  for (const char *bad : {"", "Ordered", "random", "shuffle:", "shuffle:-1", "shuffle:12x",
                          "shuffle:18446744073709551616", "reverse:3"})
    EXPECT_THROW(Schedule::parse(bad), Error) << bad;
}

TEST(Schedule, ShuffleChoosesAWarpWidthUnlessItIsGiven) {
  EXPECT_EQ(Schedule::parse("ordered").warpWidth(16), 16u);
  EXPECT_EQ(Schedule::parse("reverse").warpWidth(16), 16u);
  std::vector<uint32_t> widths;
  for (uint64_t seed = 0; seed < 64; ++seed) {
    Schedule s = Schedule::parse("shuffle:" + std::to_string(seed));
    uint32_t w = s.warpWidth(32);
    EXPECT_TRUE(w >= 1 && w <= 64 && (w & (w - 1)) == 0) << w;
    EXPECT_EQ(s.warpWidth(32), w) << "the same seed gives the same width";
    widths.push_back(w);
    s.chooseWarpWidth = false;
    EXPECT_EQ(s.warpWidth(32), 32u);
  }
  std::sort(widths.begin(), widths.end());
  EXPECT_EQ(std::unique(widths.begin(), widths.end()) - widths.begin(), 7)
      << "64 seeds give every width from 1 to 64";
}

TEST(GroupOrder, OrderedAndReverse) {
  EXPECT_EQ(groupOrder(Schedule::parse("ordered"), 4), (std::vector<uint64_t>{0, 1, 2, 3}));
  EXPECT_EQ(groupOrder(Schedule::parse("reverse"), 4), (std::vector<uint64_t>{3, 2, 1, 0}));
}

TEST(GroupOrder, ShuffleIsAPermutationFixedByTheSeed) {
  for (uint64_t total : {1u, 2u, 7u, 100u, 4096u}) {
    auto a = groupOrder(Schedule::parse("shuffle:5"), total);
    EXPECT_TRUE(isPermutation(a)) << total;
    EXPECT_EQ(groupOrder(Schedule::parse("shuffle:5"), total), a);
  }
  EXPECT_NE(groupOrder(Schedule::parse("shuffle:5"), 100),
            groupOrder(Schedule::parse("shuffle:6"), 100));
  // Over seeds, every group of four comes last in some schedule.
  std::vector<bool> last(4);
  for (uint64_t seed = 0; seed < 64; ++seed)
    last[groupOrder(Schedule::parse("shuffle:" + std::to_string(seed)), 4).back()] = true;
  EXPECT_EQ(std::count(last.begin(), last.end(), true), 4);
}

TEST(ScheduleShuffle, PermutesAndDependsOnTheKey) {
  std::vector<uint32_t> a(16), b(16);
  std::iota(a.begin(), a.end(), 0u);
  std::iota(b.begin(), b.end(), 0u);
  scheduleShuffle(a, 1);
  scheduleShuffle(b, 2);
  EXPECT_NE(a, b);
  std::sort(a.begin(), a.end());
  for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(a[i], i);
}

} // namespace
} // namespace spvsim::testing
