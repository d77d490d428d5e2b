// Non-uniform sub-group functions (OpGroupNonUniform*, SPIR-V 1.3 §3.32.24):
// a sub-group is a warp, and the instructions combine the lanes that execute
// them together. References are computed here per sub-group of consecutive
// work-items.
#include <bit>
#include <random>

#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

class NonUniformSubgroups : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options() const { return GetParam().options(); }
  std::string path() const { return kernelPath("subgroups_non_uniform", GetParam().level); }
};

TEST_P(NonUniformSubgroups, ActiveLanesCombine) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 96, local = 48;
  std::mt19937 rng(11);
  std::vector<int32_t> in(n);
  for (auto &v : in) v = int32_t(rng() % 201) - 50;
  auto inb = h.buffer(in, "in");
  auto out = h.buffer(std::vector<int32_t>(16 * n), "out");
  auto fout = h.buffer(std::vector<float>(n), "fout");
  auto ballots = h.buffer(std::vector<uint32_t>(4 * n), "ballots");
  h.run("non_uniform", range1(n, local),
        {ArgBinding::ofBuffer(inb), ArgBinding::ofBuffer(out), ArgBinding::ofBuffer(fout),
         ArgBinding::ofBuffer(ballots)},
        options());
  EXPECT_TRUE(h.sink.findings().empty());
  auto got = h.read<int32_t>(out);
  auto gotF = h.read<float>(fout);
  auto gotB = h.read<uint32_t>(ballots);
  const uint32_t width = GetParam().width;
  for (uint32_t group = 0; group < n; group += local) {
    for (uint32_t sg = group; sg < group + local; sg += width) {
      const uint32_t size = std::min(width, group + local - sg);
      std::vector<uint32_t> active;
      for (uint32_t l = 0; l < size; ++l)
        if (in[sg + l] & 1) active.push_back(l);
      uint64_t ballot = 0;
      int32_t sum = 0, xorAll = 0;
      bool all = true, any = false, anyOver50 = false;
      float product = 1.0f;
      for (uint32_t l : active) {
        const int32_t x = in[sg + l];
        if (x > 20) ballot |= uint64_t(1) << l;
        sum += x, xorAll ^= x, all &= x > 0, any |= x > 100, anyOver50 |= x > 50;
        product *= float(x) * 0.5f;
      }
      int32_t runningMax = INT32_MIN, runningSum = 0;
      for (uint32_t l = 0; l < size; ++l) {
        const uint32_t i = sg + l;
        const int32_t *o = &got[16 * i];
        const int32_t x = in[i];
        // Shuffles: every work-item takes part; out-of-range sources are undefined.
        if (size > 3 && (l ^ 1) < size && l + 2 < size && l >= 1) {
          EXPECT_EQ(o[15], in[sg + 3] + 1000 * in[sg + (l ^ 1)] + 100000 * in[sg + l + 2] +
                               1000000 * in[sg + l - 1])
              << i;
        }
        if (!(x & 1)) {
          for (int k = 0; k < 15; ++k) EXPECT_EQ(o[k], -7) << i << " " << k;
          continue;
        }
        runningMax = std::max(runningMax, x);
        EXPECT_EQ(o[0], l == active[0]) << i;
        EXPECT_EQ(o[1], all) << i;
        EXPECT_EQ(o[2], any) << i;
        EXPECT_EQ(o[3], 1) << i;
        EXPECT_EQ(o[4], in[sg + active[0]]) << i;
        EXPECT_EQ(o[5], sum) << i;
        EXPECT_EQ(o[6], runningMax) << i;
        EXPECT_EQ(o[7], runningSum) << i;
        runningSum += x;
        EXPECT_EQ(o[8], xorAll) << i;
        EXPECT_EQ(o[9], anyOver50) << i;
        EXPECT_EQ(gotB[4 * i], uint32_t(ballot)) << i;
        EXPECT_EQ(gotB[4 * i + 1], uint32_t(ballot >> 32)) << i;
        EXPECT_EQ(gotB[4 * i + 2], 0u) << i;
        EXPECT_EQ(o[10], std::popcount(ballot)) << i;
        const uint64_t upTo = l == 63 ? ~uint64_t(0) : (uint64_t(2) << l) - 1;
        EXPECT_EQ(o[11], std::popcount(ballot & upTo)) << i;
        EXPECT_EQ(o[12], ballot ? std::countr_zero(ballot) : -1) << i;
        EXPECT_EQ(o[13], ballot ? 63 - std::countl_zero(ballot) : -1) << i;
        int32_t cluster = 0;
        for (uint32_t k : active)
          if (k / 4 == l / 4) cluster += in[sg + k];
        EXPECT_EQ(o[14], cluster) << i;
        EXPECT_EQ(gotF[i], product) << i;
      }
    }
  }
}

TEST_P(NonUniformSubgroups, BroadcastsInBothBranchesOfAnIf) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 80, local = 40, width = GetParam().width;
  std::vector<int32_t> in(n), from(2 * n);
  for (uint32_t i = 0; i < n; ++i) in[i] = int32_t(7 * i + 100);
  // Per sub-group: lanes 0-3 broadcast from one of them, the others from one of theirs.
  std::vector<int32_t> want(n);
  for (uint32_t g = 0; g < n; g += local)
    for (uint32_t sg = g; sg < g + local; sg += width) {
      const uint32_t size = std::min(width, g + local - sg);
      const uint32_t low = std::min(2u, size - 1), high = size > 4 ? 4 + 5 % (size - 4) : 0;
      for (uint32_t l = 0; l < size; ++l) {
        from[2 * (sg + l)] = int32_t(low);
        from[2 * (sg + l) + 1] = int32_t(high);
        want[sg + l] = in[sg + (l < 4 ? low : high)];
      }
    }
  auto inb = h.buffer(in, "in");
  auto fromb = h.buffer(from, "from");
  auto out = h.buffer(std::vector<int32_t>(n), "out");
  h.run("broadcast_in_branches", range1(n, local),
        {ArgBinding::ofBuffer(inb), ArgBinding::ofBuffer(fromb), ArgBinding::ofBuffer(out)},
        options());
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings().at(0));
  EXPECT_EQ(h.read<int32_t>(out), want);
}

TEST_P(NonUniformSubgroups, BallotFindCountsOnlyTheSubGroupsBits) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 80, local = 40, width = GetParam().width;
  std::mt19937 rng(5);
  std::vector<uint32_t> values(4 * n);
  for (auto &v : values) v = rng() & rng(); // about a quarter of the bits set
  auto valuesb = h.buffer(values, "values");
  auto out = h.buffer(std::vector<int32_t>(2 * n), "out");
  h.run("ballot_find", range1(n, local), {ArgBinding::ofBuffer(valuesb), ArgBinding::ofBuffer(out)},
        options());
  EXPECT_TRUE(h.sink.findings().empty());
  auto got = h.read<int32_t>(out);
  unsigned checked = 0, beyond = 0;
  for (uint32_t g = 0; g < n; g += local)
    for (uint32_t sg = g; sg < g + local; sg += width) {
      const uint32_t size = std::min(width, g + local - sg);
      // Bits below the sub-group size, also for the last sub-group of a group with fewer.
      const uint64_t own = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
      for (uint32_t l = 0; l < size; ++l) {
        const uint32_t i = sg + l;
        const uint64_t all = values[4 * i] | uint64_t(values[4 * i + 1]) << 32;
        const uint64_t bits = all & own;
        if (!bits) continue; // undefined
        ++checked;
        beyond += (all & ~own) > bits;
        EXPECT_EQ(got[2 * i], std::countr_zero(bits)) << i;
        EXPECT_EQ(got[2 * i + 1], 63 - std::countl_zero(bits)) << i;
      }
    }
  EXPECT_GT(checked, 0u);
  if (width < 64) {
    EXPECT_GT(beyond, 0u); // values whose highest set bit is not the sub-group's
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, NonUniformSubgroups, ::testing::ValuesIn(allVariants()),
                         variantName);

} // namespace
} // namespace spvsim::testing
