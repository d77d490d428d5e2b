// Program-scope variables keep their values across launches of the same
// program; __constant tables read their initializers; a __constant argument
// read out of bounds is oob.constant.
#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

class ProgramScope : public ::testing::TestWithParam<Variant> {};

TEST_P(ProgramScope, GlobalsPersistAcrossLaunches) {
  KernelHarness h(kernelPath("program_scope", GetParam().level));
  ASSERT_TRUE(h.ok());
  const int n = 40;
  std::vector<int32_t> in(n);
  for (int i = 0; i < n; ++i) in[i] = i * 3;
  auto input = h.buffer(in, "in");
  auto out = h.buffer(std::vector<float>(n), "out");
  for (int launch = 0; launch < 2; ++launch)
    h.run("lookup", range1(n, 8), {ArgBinding::ofBuffer(input), ArgBinding::ofBuffer(out)},
          GetParam().options());
  auto result = h.buffer(std::vector<int32_t>(5), "result");
  h.run("read_back", range1(1, 1), {ArgBinding::ofBuffer(result)}, {GetParam().width, 1});
  EXPECT_TRUE(h.sink.findings().empty());
  auto got = h.read<float>(out);
  for (int i = 0; i < n; ++i) EXPECT_EQ(got[i], 0.5f + float(in[i] % 5));
  std::vector<int32_t> expected{7 + 2 * n, 0, 0, 0, 0};
  for (int v : in) expected[1 + (v & 3)] += 2;
  EXPECT_EQ(h.read<int32_t>(result), expected);
}

TEST_P(ProgramScope, ConstantArgumentOutOfBounds) {
  KernelHarness h(kernelPath("faults", GetParam().level));
  ASSERT_TRUE(h.ok());
  auto table = h.buffer(std::vector<int32_t>{1, 2, 3, 4}, "table", BufferAccess::ReadOnly);
  auto out = h.buffer(std::vector<int32_t>(4), "out");
  h.run("constant_overflow", range1(4, 4),
        {ArgBinding::ofBuffer(table), ArgBinding::ofBuffer(out), value<int32_t>(2)},
        {GetParam().width, 1});
  EXPECT_EQ(h.read<int32_t>(out), (std::vector<int32_t>{3, 3, 3, 3}));
  EXPECT_TRUE(h.sink.findings().empty());
  h.run("constant_overflow", range1(4, 4),
        {ArgBinding::ofBuffer(table), ArgBinding::ofBuffer(out), value<int32_t>(4)},
        {GetParam().width, 1});
  auto kinds = h.findingKinds();
  ASSERT_EQ(kinds.size(), 1u);
  EXPECT_EQ(kinds[0], "oob.constant");
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/faults.cl", "constant_overflow");
}

INSTANTIATE_TEST_SUITE_P(Kernels, ProgramScope, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
