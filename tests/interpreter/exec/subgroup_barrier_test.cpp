// sub_group_barrier (OpControlBarrier of Subgroup execution scope): a sub-group
// is a warp, and the warp is released once its own work-items arrive, whatever
// the other warps of the group do; a sub-group that only partly arrives is
// barrier.divergence. References are computed here per sub-group of consecutive
// work-items.
#include <algorithm>

#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

class SubGroupBarrier : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options() const { return GetParam().options(); }
  std::string path() const { return kernelPath("subgroup_barrier", GetParam().level); }
  std::vector<int32_t> input(uint32_t n) const {
    std::vector<int32_t> in(n);
    for (uint32_t i = 0; i < n; ++i) in[i] = int32_t(i * 7 + 3);
    return in;
  }
};

/// What test_lbar / test_gbar expect: sub-group 0 of each group reversed, the others negated.
void expectReversedFirstSubGroup(const std::vector<int32_t> &in, const std::vector<int32_t> &got,
                                 uint32_t local, uint32_t width) {
  for (uint32_t g = 0; g < in.size(); g += local) {
    const uint32_t n = std::min(width, local);
    for (uint32_t l = 0; l < local; ++l) {
      const uint32_t i = g + l;
      const int32_t want = l < n ? in[g + n - 1 - l] : -in[i];
      EXPECT_EQ(got[i], want) << "work-item " << i;
    }
  }
}

TEST_P(SubGroupBarrier, OnlyOneSubGroupTakesALocalBarrier) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 128, local = 64;
  const auto in = input(n);
  auto inb = h.buffer(in, "in");
  auto out = h.buffer(std::vector<int32_t>(n), "out");
  h.run("reverse_local", range1(n, local), {ArgBinding::ofBuffer(inb), ArgBinding::ofBuffer(out)},
        options());
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings().at(0));
  expectReversedFirstSubGroup(in, h.read<int32_t>(out), local, GetParam().width);
}

TEST_P(SubGroupBarrier, OnlyOneSubGroupTakesAGlobalBarrier) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 128, local = 64;
  const auto in = input(n);
  auto inb = h.buffer(in, "in");
  auto out = h.buffer(std::vector<int32_t>(n), "out");
  auto tmp = h.buffer(std::vector<int32_t>(n), "tmp");
  h.run("reverse_global", range1(n, local),
        {ArgBinding::ofBuffer(inb), ArgBinding::ofBuffer(out), ArgBinding::ofBuffer(tmp)},
        options());
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings().at(0));
  expectReversedFirstSubGroup(in, h.read<int32_t>(out), local, GetParam().width);
}

TEST_P(SubGroupBarrier, OrdersLocalMemoryWithinEachSubGroup) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 96, local = 48; // the groups are not a multiple of the warp width
  const auto in = input(n);
  auto inb = h.buffer(in, "in");
  auto out = h.buffer(std::vector<int32_t>(n), "out");
  h.run("rotate_twice", range1(n, local), {ArgBinding::ofBuffer(inb), ArgBinding::ofBuffer(out)},
        options());
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings().at(0));
  const auto got = h.read<int32_t>(out);
  const uint32_t width = GetParam().width;
  for (uint32_t g = 0; g < n; g += local)
    for (uint32_t first = g; first < g + local; first += width) {
      const uint32_t size = std::min(width, g + local - first);
      for (uint32_t l = 0; l < size; ++l)
        EXPECT_EQ(got[first + l], in[first + (l + 2) % size]) << "work-item " << first + l;
    }
}

TEST_P(SubGroupBarrier, ASubGroupThatOnlyPartlyArrivesIsDivergence) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 64;
  auto out = h.buffer(std::vector<int32_t>(n, -1), "out");
  h.run("subgroup_barrier_divergence", range1(n, n), {ArgBinding::ofBuffer(out)}, options());
  const auto got = h.read<int32_t>(out);
  const uint32_t width = GetParam().width;
  for (uint32_t i = 0; i < n; ++i) EXPECT_EQ(got[i], int32_t(i % width)) << i;
  if (width <= 3) { // every work-item of a sub-group takes the barrier
    EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings().at(0));
    return;
  }
  const auto kinds = h.findingKinds();
  ASSERT_FALSE(kinds.empty());
  for (const auto &k : kinds) EXPECT_EQ(k, "barrier.divergence");
  const std::vector<Finding> findings = h.sink.findings(); // a copy: keep it alive
  const Finding &f = findings[0];
  EXPECT_NE(f.message.find("sub-group"), std::string::npos) << f.message;
  ASSERT_TRUE(f.workItem);
  EXPECT_GE(f.workItem->local[0] % width, 3u);
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/subgroup_barrier.cl",
                     "subgroup_barrier_divergence");
}

INSTANTIATE_TEST_SUITE_P(Kernels, SubGroupBarrier, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
