// Generic pointers (OpenCL C 2.0): OpGenericCastToPtrExplicit gives NULL on a
// mismatched space, OpGenericPtrMemSemantics names the pointer's memory, and
// pointers compare and subtract within an allocation.
#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

class GenericPointers : public ::testing::TestWithParam<Variant> {};

TEST_P(GenericPointers, CastsFencesAndDifferences) {
  KernelHarness h(kernelPath("generic", GetParam().level));
  ASSERT_TRUE(h.ok());
  const int n = 24;
  auto out = h.buffer(std::vector<int32_t>(16 * n, -1), "out");
  h.run("spaces", range1(n, 8), {ArgBinding::ofBuffer(out), ArgBinding::ofLocal(8 * 4)},
        GetParam().options());
  EXPECT_TRUE(h.sink.findings().empty());
  auto got = h.read<int32_t>(out);
  const int kGlobalFence = 2, kLocalFence = 1; // CLK_GLOBAL_MEM_FENCE, CLK_LOCAL_MEM_FENCE
  for (int i = 0; i < n; ++i) {
    const int32_t *o = &got[16 * i];
    EXPECT_EQ(std::vector<int32_t>(o, o + 4), (std::vector<int32_t>{1, 0, 0, kGlobalFence})) << i;
    EXPECT_EQ(std::vector<int32_t>(o + 4, o + 8), (std::vector<int32_t>{0, 1, 0, kLocalFence}))
        << i;
    EXPECT_EQ(std::vector<int32_t>(o + 8, o + 12), (std::vector<int32_t>{0, 0, 1, 0})) << i;
    EXPECT_EQ(o[12], 16 * i + 12);
    EXPECT_EQ(o[13], 0);
    EXPECT_EQ(o[14], 1);
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, GenericPointers, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
