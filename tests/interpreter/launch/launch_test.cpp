// launchKernel: argument binding errors, work-group size choice, builtins in
// three dimensions with offsets and non-uniform work-groups, thread counts, lowered
// kernels reused across launches.
#include <gtest/gtest.h>

#include "kernel_harness.h"
#include "spvsim/common/error.h"
#include "spvsim/interpreter/lowered_kernel_cache.h"

namespace spvsim::testing {
namespace {

TEST(ChooseLocalSize, DividesTheGlobalSizeAndFillsWarps) {
  EXPECT_EQ(chooseLocalSize(1, {1024, 1, 1}, 32), (std::array<uint64_t, 3>{256, 1, 1}));
  EXPECT_EQ(chooseLocalSize(1, {96, 1, 1}, 32), (std::array<uint64_t, 3>{96, 1, 1}));
  // No multiple of 32 divides 1000: the largest divisor within 256.
  EXPECT_EQ(chooseLocalSize(1, {1000, 1, 1}, 32), (std::array<uint64_t, 3>{250, 1, 1}));
  EXPECT_EQ(chooseLocalSize(1, {97, 1, 1}, 32), (std::array<uint64_t, 3>{97, 1, 1}));
  EXPECT_EQ(chooseLocalSize(1, {1009 * 2, 1, 1}, 32), (std::array<uint64_t, 3>{2, 1, 1}));
  auto local = chooseLocalSize(2, {64, 48, 1}, 32);
  EXPECT_EQ(64 % local[0], 0u);
  EXPECT_EQ(48 % local[1], 0u);
  EXPECT_LE(local[0] * local[1], 256u);
  EXPECT_EQ(local[0], 64u);
}

class Builtins : public ::testing::TestWithParam<Variant> {};

TEST_P(Builtins, ThreeDimensionsWithOffsetAndNonUniformGroups) {
  KernelHarness h(kernelPath("builtins", GetParam().level));
  ASSERT_TRUE(h.ok());
  NDRange r;
  r.dims = 3;
  r.global = {7, 5, 3};
  r.offset = {100, 200, 300};
  r.local = std::array<uint64_t, 3>{4, 2, 2};
  const uint64_t items = 7 * 5 * 3;
  auto out = h.buffer(std::vector<uint64_t>(items * 16), "out");
  h.run("ids", r, {ArgBinding::ofBuffer(out)}, GetParam().options());
  EXPECT_TRUE(h.sink.findings().empty());
  auto got = h.read<uint64_t>(out);
  for (uint64_t z = 0; z < 3; ++z)
    for (uint64_t y = 0; y < 5; ++y)
      for (uint64_t x = 0; x < 7; ++x) {
        uint64_t linear = (z * 5 + y) * 7 + x;
        const uint64_t *o = &got[linear * 16];
        uint64_t g[3] = {x, y, z}, l[3] = {4, 2, 2}, G[3] = {7, 5, 3};
        uint64_t off[3] = {100, 200, 300};
        uint64_t size[3];
        for (int d = 0; d < 3; ++d) {
          EXPECT_EQ(o[d], g[d] + off[d]);
          EXPECT_EQ(o[3 + d], g[d] % l[d]);
          EXPECT_EQ(o[6 + d], g[d] / l[d]);
          uint64_t start = g[d] / l[d] * l[d];
          size[d] = std::min(l[d], G[d] - start);
        }
        EXPECT_EQ(o[9], size[0] * 10000 + size[1] * 100 + size[2]) << x << y << z;
        EXPECT_EQ(o[10], 40202u);
        EXPECT_EQ(o[11], 2u * 10000 + 3 * 100 + 2);
        EXPECT_EQ(o[12], 70503u);
        EXPECT_EQ(o[13], 100u * 10000 + 200 * 100 + 300);
        EXPECT_EQ(o[14], (g[2] % 2 * size[1] + g[1] % 2) * size[0] + g[0] % 4);
        EXPECT_EQ(o[15], 3u);
      }
}

INSTANTIATE_TEST_SUITE_P(Kernels, Builtins, ::testing::ValuesIn(allVariants()), variantName);

TEST(Launch, ArgumentErrorsNameTheArgument) {
  KernelHarness h(kernelPath("faults", "O2"));
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(4), "out");
  auto expectError = [&](const std::vector<ArgBinding> &args, const std::string &text) {
    try {
      h.run("write_past_end", range1(4, 4), args);
      ADD_FAILURE() << "no error for " << text;
    } catch (const Error &e) {
      EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
    }
  };
  expectError({ArgBinding::ofBuffer(out)}, "takes 2 arguments, 1 given");
  expectError({ArgBinding::ofLocal(4), value<int32_t>(0)}, "argument 0");
  expectError({ArgBinding::ofBuffer(out), value<int16_t>(0)}, "needs 4 bytes, 2 given");
  expectError({ArgBinding::ofBuffer(77), value<int32_t>(0)}, "no buffer with id 77");
  EXPECT_THROW(h.run("nope", range1(4, 4), {}), Error);
  NDRange bad = range1(4, 4);
  bad.dims = 4;
  EXPECT_THROW(h.run("null_store", bad, {ArgBinding::ofBuffer(out)}), Error);
  EXPECT_THROW(h.run("null_store", range1(2048, 2048), {ArgBinding::ofBuffer(out)}), Error);
}

TEST(Launch, ResultsDoNotDependOnThreadCount) {
  KernelHarness h(kernelPath("control_flow", "O2"));
  ASSERT_TRUE(h.ok());
  const int n = 1000;
  std::vector<std::vector<int32_t>> results;
  for (uint32_t threads : {1u, 2u, 4u}) {
    auto out = h.buffer(std::vector<int32_t>(n), "out");
    auto stats = h.run("nested", range1(n), {ArgBinding::ofBuffer(out)}, {32, threads});
    EXPECT_EQ(stats.workItems, uint64_t(n));
    EXPECT_EQ(n % stats.localSize[0], 0u);
    results.push_back(h.read<int32_t>(out));
  }
  EXPECT_EQ(results[0], results[1]);
  EXPECT_EQ(results[0], results[2]);
}

// A kernel lowered once serves later launches with other arguments; the checks' variant
// (alignment facts kept or cleared), the warp width and the spec constants each get
// their own lowering.
TEST(Launch, LoweredKernelsAreReusedAcrossLaunches) {
  KernelHarness h(kernelPath("misaligned", "O2"));
  ASSERT_TRUE(h.ok());
  LoweredKernelCache cache;
  auto counter = h.buffer(std::vector<int32_t>(4, 0), "counter");
  auto launch = [&](int32_t offset, CheckSet checks, uint32_t width,
                    const SpecConstants &spec = {}) {
    ExecOptions o;
    o.warpWidth = width;
    o.threads = 1;
    o.checks = checks;
    o.loweredKernels = &cache;
    h.sink.clear();
    h.run("misaligned_atomic", range1(32, 32),
          {ArgBinding::ofBuffer(counter), value<int32_t>(offset)}, o, spec);
    return h.findingKinds();
  };
  const CheckSet all = CheckSet::only(CheckSet::kAll), bounds = CheckSet::only(0);
  EXPECT_EQ(launch(2, all, 32), std::vector<std::string>{"misaligned"});
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_TRUE(launch(8, all, 32).empty()); // the argument is the launch's, not the cache's
  EXPECT_EQ(launch(2, all, 32), std::vector<std::string>{"misaligned"});
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_TRUE(launch(2, bounds, 32).empty()); // no misaligned check: its lowering
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(launch(2, all, 32), std::vector<std::string>{"misaligned"});
  EXPECT_EQ(launch(2, all, 8), std::vector<std::string>{"misaligned"});
  EXPECT_EQ(cache.size(), 3u);
  launch(8, all, 32, {{7, 1}}); // other spec constants: lowered again, alone in the cache
  EXPECT_EQ(cache.size(), 1u);
  auto got = h.read<int32_t>(counter);
  int32_t atTwo = 0;
  std::memcpy(&atTwo, reinterpret_cast<const std::byte *>(got.data()) + 2, 4);
  // Offsets 2 (five launches of 32 increments) and 8 (two) overlap in no byte.
  EXPECT_EQ(got[2], 2 * 32);
  EXPECT_EQ(atTwo, 5 * 32);
}

} // namespace
} // namespace spvsim::testing
