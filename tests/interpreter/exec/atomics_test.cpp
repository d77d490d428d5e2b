// Atomics on global and local memory at every warp width and with several
// threads (atomics are host atomics across work-groups), and dynamic vector
// indexing, against results computed on the host.
#include <algorithm>
#include <bit>
#include <utility>

#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

class Atomics : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options() const { return GetParam().options(); }
  std::string path(const std::string &name) const { return kernelPath(name, GetParam().level); }
};

TEST_P(Atomics, HistogramWithLocalAndGlobalAtomics) {
  KernelHarness h(path("atomics"));
  ASSERT_TRUE(h.ok());
  const uint32_t n = 4096, nbins = 37;
  std::vector<uint32_t> in(n);
  for (uint32_t i = 0; i < n; ++i) in[i] = (i * 2654435761u) >> 7;
  auto input = h.buffer(in, "in");
  auto bins = h.buffer(std::vector<uint32_t>(nbins), "bins");
  h.run("histogram", range1(n, 128),
        {ArgBinding::ofBuffer(input), ArgBinding::ofBuffer(bins), ArgBinding::ofLocal(nbins * 4),
         value<uint32_t>(nbins)},
        options());
  std::vector<uint32_t> expected(nbins);
  for (uint32_t v : in) ++expected[v % nbins];
  EXPECT_EQ(h.read<uint32_t>(bins), expected);
  EXPECT_TRUE(h.sink.findings().empty());
}

TEST_P(Atomics, EveryKind) {
  KernelHarness h(path("atomics"));
  ASSERT_TRUE(h.ok());
  const int n = 300;
  std::vector<int32_t> in(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 7919) % 1000 - 400;
  auto input = h.buffer(in, "in");
  std::vector<int32_t> init{0, INT32_MAX, INT32_MIN, -1, 0, 0, 0, n};
  auto out = h.buffer(init, "out");
  auto big = h.buffer(std::vector<uint64_t>(1), "big");
  auto f = h.buffer(std::vector<float>(1, 1.0f), "f");
  h.run("kinds", range1(n, 20),
        {ArgBinding::ofBuffer(input), ArgBinding::ofBuffer(out), ArgBinding::ofBuffer(big),
         ArgBinding::ofBuffer(f)},
        options());
  auto got = h.read<int32_t>(out);
  int32_t sum = 0, mn = INT32_MAX, mx = INT32_MIN, andAll = -1, orAll = 0, xorAll = 0;
  uint64_t bigSum = 0;
  for (int32_t v : in) {
    sum += v, mn = std::min(mn, v), mx = std::max(mx, v);
    andAll &= v | 0x10, orAll |= v & 0xff, xorAll ^= v;
    bigSum += uint64_t(uint32_t(v)) << 32;
  }
  EXPECT_EQ(got[0], sum);
  EXPECT_EQ(got[1], mn);
  EXPECT_EQ(got[2], mx);
  EXPECT_EQ(got[3], andAll);
  EXPECT_EQ(got[4], orAll);
  EXPECT_EQ(got[5], xorAll);
  EXPECT_GE(got[6], 1); // exactly one work-item won the compare-exchange
  EXPECT_LE(got[6], n);
  EXPECT_EQ(got[7], 0);
  EXPECT_EQ(h.read<uint64_t>(big)[0], bigSum);
  EXPECT_EQ(h.read<float>(f)[0], 2.5f);
}

// The lanes of a warp on one location (exec/handlers_atomic.h): whatever order the
// work-items took, their old values chain from the first value to the last one.
TEST_P(Atomics, OldValuesOfOneLocationChain) {
  KernelHarness h(path("atomics"));
  ASSERT_TRUE(h.ok());
  const int n = 96;
  auto c = h.buffer(std::vector<int32_t>{1000, 50000, -7, 0}, "c");
  auto old = h.buffer(std::vector<int32_t>(4 * n), "old");
  h.run("old_values", range1(n, 48), {ArgBinding::ofBuffer(c), ArgBinding::ofBuffer(old)},
        options());
  const auto last = h.read<int32_t>(c), got = h.read<int32_t>(old);
  // Adds and subtracts of positive operands: the old values in order, each the one
  // before it plus (minus) that work-item's operand, the last ending at the final value.
  auto chain = [&](int part, int32_t first, int32_t sign) {
    std::vector<std::pair<int32_t, int32_t>> steps; // (old value, operand)
    for (int i = 0; i < n; ++i)
      if (part == 0 || i % 3) steps.emplace_back(got[part * n + i], i + 1);
    std::sort(steps.begin(), steps.end());
    if (sign < 0) std::reverse(steps.begin(), steps.end());
    int32_t expected = first;
    for (auto [value, operand] : steps) {
      EXPECT_EQ(value, expected);
      expected = value + sign * operand;
    }
    EXPECT_EQ(last[part], expected);
  };
  chain(0, 1000, 1);
  chain(1, 50000, -1);
  // Exchanges: the first value and every operand, each exactly once, among the old
  // values and the final one.
  std::vector<int32_t> seen(got.begin() + 2 * n, got.begin() + 3 * n), all{-7};
  seen.push_back(last[2]);
  for (int i = 0; i < n; ++i) all.push_back(i + 1);
  std::sort(seen.begin(), seen.end());
  std::sort(all.begin(), all.end());
  EXPECT_EQ(seen, all);
  // Ors of one bit each: every old value is the bits of the work-items before it.
  std::vector<int32_t> ors(got.begin() + 3 * n, got.begin() + 3 * n + 32);
  std::sort(ors.begin(), ors.end(), [](int32_t a, int32_t b) {
    return std::popcount(uint32_t(a)) < std::popcount(uint32_t(b));
  });
  uint32_t bits = 0;
  for (int32_t value : ors) {
    EXPECT_EQ(uint32_t(value), bits);
    const int i = int(std::find(got.begin() + 3 * n, got.begin() + 3 * n + 32, value) -
                      (got.begin() + 3 * n));
    bits |= 1u << i;
  }
  EXPECT_EQ(uint32_t(last[3]), 0xffffffffu);
  EXPECT_TRUE(h.sink.findings().empty());
}

TEST_P(Atomics, OpenCL20AtomicsAndFlag) {
  KernelHarness h(path("atomics20"));
  ASSERT_TRUE(h.ok());
  auto counter = h.buffer(std::vector<int32_t>{5}, "counter");
  auto flag = h.buffer(std::vector<int32_t>{0}, "flag");
  auto winners = h.buffer(std::vector<int32_t>{0}, "winners");
  h.run("counters", range1(100, 10),
        {ArgBinding::ofBuffer(counter), ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(winners)},
        options());
  EXPECT_EQ(h.read<int32_t>(counter)[0], 105);
  EXPECT_NE(h.read<int32_t>(flag)[0], 0);
  int32_t winner = h.read<int32_t>(winners)[0];
  EXPECT_GE(winner, 1);
  EXPECT_LE(winner, 100);
}

TEST_P(Atomics, DynamicVectorIndexing) {
  KernelHarness h(path("atomics"));
  ASSERT_TRUE(h.ok());
  const uint32_t n = 64;
  std::vector<uint32_t> in(n);
  for (uint32_t i = 0; i < n; ++i) in[i] = i * 5 + 1;
  auto input = h.buffer(in, "in");
  auto out = h.buffer(std::vector<uint32_t>(n), "out");
  h.run("dynamic_index", range1(n, 16), {ArgBinding::ofBuffer(input), ArgBinding::ofBuffer(out)},
        options());
  auto got = h.read<uint32_t>(out);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t v[4] = {10 + i, 20 + i, 30 + i, 40 + i};
    uint32_t k = in[i] & 3;
    v[(k + 1) & 3] = 7;
    EXPECT_EQ(got[i], v[k] + v[(k + 1) & 3] * 1000) << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, Atomics, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
