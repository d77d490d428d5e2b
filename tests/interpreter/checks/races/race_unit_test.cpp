// The race check's unit per buffer (checks/races/race_unit.h): a buffer written in
// bytes through pointers cast inside the kernel keeps byte units wherever the pointer
// went (a choice between arguments, a loop, a helper's parameter, an integer), so that
// neighbouring bytes never race and a read of an int finds the byte writes it races
// with; a buffer bound to two arguments takes the smaller unit of the two.
#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim {
namespace {

using testing::KernelHarness;
using testing::range1;
using testing::value;
using testing::Variant;

class RaceUnit : public ::testing::TestWithParam<Variant> {
protected:
  std::string path() const { return testing::kernelPath("races", GetParam().level); }
  ExecOptions options() const { return GetParam().options(); }
};

constexpr uint32_t kItems = 64;
constexpr uint32_t kNoReader = ~0u;
constexpr uint32_t kReader = 5; // reads bytes 20..23, which work-items 20..23 wrote

/// The findings of kReader's int access (`kind`) to the int work-items 20..23 wrote in
/// bytes: each at one of those bytes, with one of them.
void expectReaderRace(const KernelHarness &h, const std::string &kind) {
  const auto findings = h.sink.findings();
  ASSERT_FALSE(findings.empty());
  for (const Finding &f : findings) {
    EXPECT_EQ(f.kind, kind) << formatText(f);
    ASSERT_TRUE(f.memory && f.workItem && f.other && f.other->workItem) << formatText(f);
    EXPECT_GE(f.memory->offset, 4 * kReader) << formatText(f);
    EXPECT_LT(f.memory->offset, 4 * kReader + 4) << formatText(f);
    const uint64_t writer =
        f.workItem->global[0] == kReader ? f.other->workItem->global[0] : f.workItem->global[0];
    EXPECT_GE(writer, 4 * kReader);
    EXPECT_LT(writer, 4 * kReader + 4);
  }
}

TEST_P(RaceUnit, BytesWrittenThroughCastPointersKeepByteUnits) {
  for (uint32_t how : {0u, 2u}) {
    SCOPED_TRACE(how);
    KernelHarness h(path());
    ASSERT_TRUE(h.ok());
    const BufferId ints = h.buffer(std::vector<int32_t>(kItems), "ints");
    const BufferId spare = h.buffer(std::vector<uint8_t>(4 * kItems), "spare");
    const BufferId out = h.buffer(std::vector<int32_t>(kItems), "out");
    const auto run = [&](uint32_t reader) {
      h.run("bytes_of_ints", range1(kItems, kItems),
            {ArgBinding::ofBuffer(ints), ArgBinding::ofBuffer(spare), ArgBinding::ofBuffer(out),
             value<uint32_t>(how), value<uint32_t>(reader)},
            options());
    };
    run(kNoReader);
    EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings()[0]);
    const std::vector<uint8_t> bytes = h.read<uint8_t>(ints);
    for (uint32_t b = 0; b < 4 * kItems; ++b) ASSERT_EQ(bytes[b], b / kItems) << b;
    run(kReader);
    expectReaderRace(h, "race.global.intra-group");
  }
}

TEST_P(RaceUnit, BytesWrittenThroughIntegersKeepByteUnits) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const BufferId ints = h.buffer(std::vector<int32_t>(kItems), "ints");
  const BufferId out = h.buffer(std::vector<int32_t>(kItems), "out");
  const auto run = [&](uint32_t reader) {
    h.run("bytes_through_integers", range1(kItems, kItems),
          {ArgBinding::ofBuffer(ints), ArgBinding::ofBuffer(out), value<uint32_t>(reader)},
          options());
  };
  run(kNoReader);
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings()[0]);
  run(kReader);
  expectReaderRace(h, "race.global.intra-group");
}

// `spare` (bytes) and `out` (ints) are one buffer: its unit is a byte, though `out`
// alone would have ints.
TEST_P(RaceUnit, ABufferBoundTwiceTakesTheSmallerUnit) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const BufferId ints = h.buffer(std::vector<int32_t>(kItems), "ints");
  const BufferId both = h.buffer(std::vector<int32_t>(kItems), "both");
  const auto run = [&](uint32_t reader) {
    h.run("bytes_of_ints", range1(kItems, kItems),
          {ArgBinding::ofBuffer(ints), ArgBinding::ofBuffer(both), ArgBinding::ofBuffer(both),
           value<uint32_t>(1), value<uint32_t>(reader)},
          options());
  };
  run(kNoReader);
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings()[0]);
  // The reader's int store to both[5] races with the byte stores of work-items 20..23.
  run(kReader);
  expectReaderRace(h, "race.global.write-write");
}

// vload3 and vstore3 reach their pointer's buffer only: the bytes they store never
// race, and `words`, which the kernel accesses in ints only, keeps int units.
TEST_P(RaceUnit, VectorLoadsAndStoresReachTheirBufferOnly) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const BufferId src = h.buffer(std::vector<int32_t>(3 * kItems, 7), "src");
  const BufferId bytes = h.buffer(std::vector<uint8_t>(3 * kItems), "bytes");
  const BufferId words = h.buffer(std::vector<int32_t>(kItems + 1), "words");
  const auto run = [&](uint32_t shift) {
    h.run("vector3_units", range1(kItems, kItems),
          {ArgBinding::ofBuffer(src), ArgBinding::ofBuffer(bytes), ArgBinding::ofBuffer(words),
           value<uint32_t>(shift)},
          options());
  };
  run(0);
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings()[0]);
  EXPECT_EQ(h.read<uint8_t>(bytes)[3 * kItems - 1], 7);
  run(1);
  uint64_t count = 0;
  for (const Finding &f : h.sink.findings()) {
    ASSERT_TRUE(f.memory) << formatText(f);
    EXPECT_EQ(f.memory->size, 4u) << formatText(f);
    EXPECT_EQ(f.memory->offset % 4, 0u) << formatText(f);
    count += f.count;
  }
  EXPECT_EQ(count, kItems - 1); // each store with the next work-item's read, once
}

INSTANTIATE_TEST_SUITE_P(Builds, RaceUnit, ::testing::ValuesIn(testing::allVariants()),
                         testing::variantName);

} // namespace
} // namespace spvsim
