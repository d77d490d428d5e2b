// Work-group functions (a rendezvous of every warp of the group), sub-group
// functions (a sub-group is a warp) and async_work_group_copy, against
// results computed on the host.
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

class Collectives : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options() const { return GetParam().options(); }
  std::string path() const { return kernelPath("collectives", GetParam().level); }
};

TEST_P(Collectives, WorkGroupAndSubGroupFunctions) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const int n = 200, local = 50; // the groups are not a multiple of the warp width
  std::vector<int32_t> in(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 901 - 450;
  auto input = h.buffer(in, "in");
  auto out = h.buffer(std::vector<int32_t>(8 * n), "out");
  auto f = h.buffer(std::vector<float>(n), "f");
  h.run("group_functions", range1(n, local),
        {ArgBinding::ofBuffer(input), ArgBinding::ofBuffer(out), ArgBinding::ofBuffer(f)},
        options());
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings().at(0));
  auto got = h.read<int32_t>(out);
  auto gotF = h.read<float>(f);
  const int width = static_cast<int>(GetParam().width);
  for (int g = 0; g < n / local; ++g) {
    const int *v = &in[g * local];
    int sum = 0, all = 1, any = 0;
    float fmax = -INFINITY;
    for (int k = 0; k < local; ++k)
      sum += v[k], all &= v[k] > -500, any |= v[k] > 400, fmax = std::max(fmax, v[k] * 0.5f);
    int runningMax = INT32_MIN, prefix = 0;
    for (int k = 0; k < local; ++k) {
      const int *o = &got[8 * (g * local + k)];
      runningMax = std::max(runningMax, v[k]);
      EXPECT_EQ(o[0], sum);
      EXPECT_EQ(o[1], runningMax);
      EXPECT_EQ(o[2], prefix);
      prefix += v[k];
      EXPECT_EQ(o[3], v[3]);
      EXPECT_EQ(o[4], all);
      EXPECT_EQ(o[5], any);
      // The sub-group of local id k: the warp k / width.
      int first = k / width * width, last = std::min(first + width, local);
      EXPECT_EQ(o[6], *std::min_element(v + first, v + last)) << g << "," << k;
      EXPECT_EQ(o[7], v[first]);
      EXPECT_EQ(gotF[g * local + k], fmax);
    }
  }
}

TEST_P(Collectives, AsyncStridedCopy) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 96, local = 32, stride = 3;
  std::vector<float> src(n * stride);
  for (uint32_t i = 0; i < src.size(); ++i) src[i] = 0.5f * i;
  auto s = h.buffer(src, "src");
  auto d = h.buffer(std::vector<float>(n), "dst");
  h.run("group_copy", range1(n, local),
        {ArgBinding::ofBuffer(s), ArgBinding::ofBuffer(d), ArgBinding::ofLocal(local * 4),
         value<uint32_t>(stride)},
        options());
  EXPECT_TRUE(h.sink.findings().empty());
  auto got = h.read<float>(d);
  for (uint32_t g = 0; g < n / local; ++g)
    for (uint32_t l = 0; l < local; ++l)
      EXPECT_EQ(got[g * local + l], src[(g * local + (local - 1 - l)) * stride] * 2.0f);
}

// SubgroupDispatch: OpGetKernelMaxNumSubgroups and
// OpGetKernelLocalSizeForSubgroupCount, with a sub-group being a warp.
TEST_P(Collectives, SubgroupDispatchQueries) {
  KernelHarness h(std::string(SPVSIM_TEST_SOURCE_DIR) + "/kernels/subgroup_dispatch.spvasm");
  ASSERT_TRUE(h.ok());
  const uint32_t width = GetParam().width;
  auto out = h.buffer(std::vector<uint32_t>(2), "out");
  h.run("dispatch", range1(1, 1), {ArgBinding::ofBuffer(out), value<uint32_t>(4)}, options());
  EXPECT_EQ(h.read<uint32_t>(out), (std::vector<uint32_t>{1024 / width, 4 * width}));
  h.run("dispatch", range1(1, 1), {ArgBinding::ofBuffer(out), value<uint32_t>(2000)}, options());
  EXPECT_EQ(h.read<uint32_t>(out)[1], 0u); // 2000 sub-groups exceed any work-group
}

TEST_P(Collectives, AsyncCopyNeverWaitedForIsReported) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 64, local = 32;
  auto s = h.buffer(std::vector<float>(n, 1.5f), "src");
  auto d = h.buffer(std::vector<float>(n), "dst");
  h.run("copy_no_wait", range1(n, local),
        {ArgBinding::ofBuffer(s), ArgBinding::ofBuffer(d), ArgBinding::ofLocal(local * 4)},
        options());
  // One finding for the instruction, standing for both work-groups.
  EXPECT_EQ(h.findingKinds(), std::vector<std::string>{"events.not_waited"});
  EXPECT_EQ(h.read<float>(d), std::vector<float>(n, 1.5f));
}

TEST_P(Collectives, AsyncCopyOutOfBoundsIsReported) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 64, local = 32;
  auto s = h.buffer(std::vector<float>(n * 2), "src"); // stride 3 runs past the end
  auto d = h.buffer(std::vector<float>(n), "dst");
  h.run("group_copy", range1(n, local),
        {ArgBinding::ofBuffer(s), ArgBinding::ofBuffer(d), ArgBinding::ofLocal(local * 4),
         value<uint32_t>(3)},
        options());
  auto kinds = h.findingKinds();
  ASSERT_FALSE(kinds.empty());
  EXPECT_EQ(kinds[0], "oob.global.read");
}

INSTANTIATE_TEST_SUITE_P(Kernels, Collectives, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
