// LoadIndexed / StoreIndexed (exec/handlers_memory.h forIndexedLanes): each path
// — lanes at consecutive elements, all at one element, scattered, and the
// checked per-lane path for anything out of bounds — reads and writes what
// plain loads and stores would, and reports the same findings: the first
// faulting work-item, its byte offset, and how many lanes faulted.
#include <gtest/gtest.h>

#include <numeric>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

class IndexedAccess : public ::testing::TestWithParam<uint32_t> {
protected:
  std::string path() const {
    return std::string(SPVSIM_TEST_SOURCE_DIR) + "/kernels/indexed_access.spvasm";
  }
  ExecOptions options() const {
    ExecOptions o;
    o.warpWidth = GetParam();
    o.threads = 1;
    return o;
  }
  static std::vector<uint32_t> input() {
    std::vector<uint32_t> in(64);
    std::iota(in.begin(), in.end(), 100u);
    return in;
  }
};

TEST_P(IndexedAccess, GatherReadsEveryPattern) {
  // Consecutive, all equal, reversed and scattered indices, 32 work-items each.
  std::vector<std::vector<int64_t>> patterns(4, std::vector<int64_t>(32));
  for (int64_t l = 0; l < 32; ++l) {
    patterns[0][l] = 5 + l;
    patterns[1][l] = 17;
    patterns[2][l] = 63 - l;
    patterns[3][l] = (l * 37) % 64;
  }
  for (const auto &idx : patterns) {
    KernelHarness h(path());
    ASSERT_TRUE(h.ok());
    auto out = h.buffer(std::vector<uint32_t>(32), "out");
    auto in = h.buffer(input(), "in");
    auto ib = h.buffer(idx, "idx");
    h.run("gather", range1(32, 32),
          {ArgBinding::ofBuffer(out), ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(ib)},
          options());
    EXPECT_TRUE(h.sink.findings().empty());
    auto got = h.read<uint32_t>(out);
    for (size_t l = 0; l < 32; ++l) EXPECT_EQ(got[l], 100u + uint32_t(idx[l])) << l;
    // The same through 32-bit indices.
    std::vector<int32_t> idx32(idx.begin(), idx.end());
    auto ib32 = h.buffer(idx32, "idx32");
    auto out32 = h.buffer(std::vector<uint32_t>(32), "out32");
    h.run("gather32", range1(32, 32),
          {ArgBinding::ofBuffer(out32), ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(ib32)},
          options());
    EXPECT_TRUE(h.sink.findings().empty());
    EXPECT_EQ(h.read<uint32_t>(out32), got);
  }
}

TEST_P(IndexedAccess, OutOfBoundsLanesReadZeroAndAreReportedOnce) {
  // Consecutive indices running past the end (work-items 28..31 read in[64..67]),
  // and one negative index among scattered ones.
  for (int pattern = 0; pattern < 2; ++pattern) {
    std::vector<int64_t> idx(32);
    for (int64_t l = 0; l < 32; ++l) idx[l] = pattern == 0 ? 36 + l : (l * 7) % 64;
    if (pattern == 1) idx[9] = -3;
    KernelHarness h(path());
    ASSERT_TRUE(h.ok());
    auto out = h.buffer(std::vector<uint32_t>(32, 7), "out");
    auto in = h.buffer(input(), "in");
    auto ib = h.buffer(idx, "idx");
    h.run("gather", range1(32, 32),
          {ArgBinding::ofBuffer(out), ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(ib)},
          options());
    auto got = h.read<uint32_t>(out);
    for (size_t l = 0; l < 32; ++l) {
      const bool inside = idx[l] >= 0 && idx[l] < 64;
      EXPECT_EQ(got[l], inside ? 100u + uint32_t(idx[l]) : 0u) << l;
    }
    auto findings = h.sink.findings();
    ASSERT_EQ(findings.size(), 1u);
    const Finding &f = findings[0];
    EXPECT_EQ(f.kind, "oob.global.read");
    ASSERT_TRUE(f.workItem && f.memory);
    EXPECT_EQ(f.workItem->global[0], pattern == 0 ? 28u : 9u);
    EXPECT_EQ(static_cast<int64_t>(f.memory->offset), pattern == 0 ? 256 : -12);
    EXPECT_EQ(f.memory->buffer, "in");
  }
}

TEST_P(IndexedAccess, ScatterWritesInLaneOrder) {
  // All work-items store to element 3: the highest work-item's value stays (lanes
  // go in order), and each store races with the one before it (31 times, whatever
  // the width); the others store where their index says; one lane past the end.
  std::vector<int64_t> same(32, 3), scattered(32);
  for (int64_t l = 0; l < 32; ++l) scattered[l] = (l * 5) % 32;
  scattered[30] = 64;
  std::vector<uint32_t> values(32);
  std::iota(values.begin(), values.end(), 1000u);
  {
    KernelHarness h(path());
    ASSERT_TRUE(h.ok());
    auto out = h.buffer(std::vector<uint32_t>(64), "out");
    auto ib = h.buffer(same, "idx");
    auto vb = h.buffer(values, "v");
    h.run("scatter", range1(32, 32),
          {ArgBinding::ofBuffer(out), ArgBinding::ofBuffer(ib), ArgBinding::ofBuffer(vb)},
          options());
    auto findings = h.sink.findings();
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].kind, "race.global.write-write");
    EXPECT_EQ(findings[0].count, 31u);
    // With narrow warps the last warp runs last: its last lane is work-item 31 too.
    EXPECT_EQ(h.read<uint32_t>(out)[3], 1031u);
  }
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<uint32_t>(64, 9), "out");
  auto ib = h.buffer(scattered, "idx");
  auto vb = h.buffer(values, "v");
  h.run("scatter", range1(32, 32),
        {ArgBinding::ofBuffer(out), ArgBinding::ofBuffer(ib), ArgBinding::ofBuffer(vb)}, options());
  auto got = h.read<uint32_t>(out);
  for (size_t l = 0; l < 32; ++l) {
    if (l == 30) continue;
    EXPECT_EQ(got[size_t(scattered[l])], values[l]) << l;
  }
  auto findings = h.sink.findings();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].kind, "oob.global.write");
  EXPECT_EQ(findings[0].workItem->global[0], 30u);
  EXPECT_EQ(findings[0].memory->offset, 256u);
}

INSTANTIATE_TEST_SUITE_P(Widths, IndexedAccess, ::testing::Values(1u, 4u, 7u, 32u, 64u),
                         [](const auto &info) { return "w" + std::to_string(info.param); });

} // namespace
} // namespace spvsim::testing
