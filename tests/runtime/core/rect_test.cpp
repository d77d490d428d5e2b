// Buffer rectangles: pitches, bounds, copies, pattern fills and the overlap test of
// OpenCL API Appendix D.
#include "core/rect.h"

#include <gtest/gtest.h>

#include <vector>

namespace spvsim::runtime {
namespace {

TEST(Rect, ZeroPitchesArePacked) {
  RectPlace p;
  ASSERT_TRUE(resolvePitches({10, 4, 2}, p));
  EXPECT_EQ(p.rowPitch, 10u);
  EXPECT_EQ(p.slicePitch, 40u);
}

TEST(Rect, GivenPitchesAreChecked) {
  RectPlace ok{{0, 0, 0}, 16, 64};
  EXPECT_TRUE(resolvePitches({10, 4, 2}, ok));
  RectPlace shortRow{{0, 0, 0}, 8, 0};
  EXPECT_FALSE(resolvePitches({10, 4, 2}, shortRow));
  RectPlace shortSlice{{0, 0, 0}, 16, 48};
  EXPECT_FALSE(resolvePitches({10, 4, 2}, shortSlice));
  RectPlace notMultiple{{0, 0, 0}, 16, 70};
  EXPECT_FALSE(resolvePitches({10, 4, 2}, notMultiple));
}

TEST(Rect, StartAndEnd) {
  RectPlace p{{3, 2, 1}, 16, 100};
  EXPECT_EQ(p.start(), 100u + 32 + 3);
  // Last byte: slice 1 of the region, row 3, column 9.
  EXPECT_EQ(p.end({10, 4, 2}), p.start() + 100 + 3 * 16 + 10);
}

TEST(Rect, CopyMovesExactlyTheRegion) {
  std::vector<std::byte> src(200), dst(200, std::byte{0xee});
  for (size_t i = 0; i < src.size(); ++i) src[i] = std::byte(i);
  RectPlace from{{1, 1, 0}, 10, 50}, to{{0, 2, 1}, 8, 40};
  copyRect(dst.data(), to, src.data(), from, {3, 2, 2});
  for (size_t z = 0; z < 2; ++z)
    for (size_t y = 0; y < 2; ++y)
      for (size_t x = 0; x < 3; ++x)
        EXPECT_EQ(dst[(1 + z) * 40 + (2 + y) * 8 + x], src[z * 50 + (1 + y) * 10 + 1 + x]);
  size_t untouched = 0;
  for (std::byte b : dst) untouched += b == std::byte{0xee};
  EXPECT_EQ(untouched, 200u - 12);
}

TEST(Rect, ContiguousWhenRowsHaveNoGap) {
  EXPECT_TRUE((RectPlace{{0, 0, 0}, 12, 36}.contiguous({12, 3, 2})));
  EXPECT_TRUE((RectPlace{{4, 1, 0}, 12, 36}.contiguous({4, 1, 1})));
  EXPECT_TRUE((RectPlace{{0, 0, 1}, 12, 36}.contiguous({12, 3, 1})));
  EXPECT_FALSE((RectPlace{{0, 0, 0}, 16, 48}.contiguous({12, 3, 1}))); // padded rows
  EXPECT_FALSE((RectPlace{{0, 0, 0}, 12, 48}.contiguous({12, 3, 2}))); // padded slices
  EXPECT_FALSE((RectPlace{{0, 0, 0}, 12, 36}.contiguous({12, 2, 2}))); // part of a slice
}

/// Checks that `dst` holds the 3-byte pattern 1, 2, 3 in every row of `region` at `to` and
/// 0xee everywhere else.
void expectFilled(const std::vector<std::byte> &dst, const RectPlace &to, const Triple &region) {
  std::vector<bool> inside(dst.size());
  for (size_t z = 0; z < region[2]; ++z)
    for (size_t y = 0; y < region[1]; ++y)
      for (size_t x = 0; x < region[0]; ++x) {
        const size_t at = to.start() + z * to.slicePitch + y * to.rowPitch + x;
        inside[at] = true;
        EXPECT_EQ(dst[at], std::byte(1 + x % 3)) << "at " << x << ", " << y << ", " << z;
      }
  for (size_t i = 0; i < dst.size(); ++i) {
    if (inside[i]) continue;
    EXPECT_EQ(dst[i], std::byte{0xee}) << "outside, at byte " << i;
  }
}

TEST(Rect, FillRepeatsThePatternInTheRegionOnly) {
  const std::byte pattern[3] = {std::byte{1}, std::byte{2}, std::byte{3}};
  // Rows of 7 texels of 3 bytes in rows of 25 bytes, 4 rows a slice in slices of 110.
  const RectPlace gaps{{3, 1, 1}, 25, 110};
  const Triple region{21, 3, 2};
  std::vector<std::byte> dst(400, std::byte{0xee});
  fillRect(dst.data(), gaps, region, pattern, 3);
  expectFilled(dst, gaps, region);
  // Rows without a gap: one range, however many rows and slices.
  const RectPlace packed{{0, 1, 1}, 24, 96};
  std::vector<std::byte> whole(300, std::byte{0xee});
  fillRect(whole.data(), packed, {24, 3, 2}, pattern, 3);
  expectFilled(whole, packed, {24, 3, 2});
  // One texel; an empty region writes nothing.
  std::vector<std::byte> one(10, std::byte{0xee});
  fillRect(one.data(), RectPlace{{4, 0, 0}, 10, 10}, {3, 1, 1}, pattern, 3);
  expectFilled(one, RectPlace{{4, 0, 0}, 10, 10}, {3, 1, 1});
  fillRect(one.data(), RectPlace{{0, 0, 0}, 10, 10}, {0, 1, 1}, pattern, 3);
  expectFilled(one, RectPlace{{4, 0, 0}, 10, 10}, {3, 1, 1});
}

TEST(Rect, OverlapOfAppendixD) {
  // Rows 16 wide in rows of 64: side by side in the same rows do not overlap...
  EXPECT_FALSE(rectsOverlap({0, 0, 0}, {16, 0, 0}, {16, 4, 1}, 64, 256));
  // ...shifted by half a row they do...
  EXPECT_TRUE(rectsOverlap({0, 0, 0}, {8, 0, 0}, {16, 4, 1}, 64, 256));
  // ...and below each other they do not.
  EXPECT_FALSE(rectsOverlap({0, 0, 0}, {0, 4, 0}, {16, 4, 1}, 64, 256));
  EXPECT_TRUE(rectsOverlap({0, 0, 0}, {0, 3, 0}, {16, 4, 1}, 64, 256));
  // Different slices.
  EXPECT_FALSE(rectsOverlap({0, 0, 0}, {0, 0, 1}, {16, 4, 1}, 64, 256));
}

} // namespace
} // namespace spvsim::runtime
