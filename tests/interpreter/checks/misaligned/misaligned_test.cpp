// The misaligned check (docs/findings.md misaligned): loads, stores and atomics not
// aligned to what their type or Aligned operand needs are reported and
// performed byte-wise, with the results an aligned machine gives.
#include <cstring>

#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

class Misaligned : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options() const { return GetParam().options(); }
  std::string path() const { return kernelPath("misaligned", GetParam().level); }
};

TEST_P(Misaligned, AtomicsAreReportedAndPerformed) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto counter = h.buffer(std::vector<int32_t>(3, 0), "counter");
  h.run("misaligned_atomic", range1(64, 32), {ArgBinding::ofBuffer(counter), value<int32_t>(2)},
        options());
  ASSERT_EQ(h.findingKinds(), std::vector<std::string>{"misaligned"});
  const Finding f = h.sink.findings()[0];
  ASSERT_TRUE(f.memory);
  EXPECT_EQ(f.memory->buffer, "counter");
  EXPECT_EQ(f.memory->offset, 2u);
  EXPECT_EQ(f.memory->size, 4u);
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/misaligned.cl", "misaligned_atomic");
  auto bytes = h.memory.bytes(counter);
  int32_t sum = 0;
  std::memcpy(&sum, bytes.data() + 2, 4);
  EXPECT_EQ(sum, 64); // every increment happened, none was lost
  // Aligned: nothing to report.
  h.sink.clear();
  h.run("misaligned_atomic", range1(64, 32), {ArgBinding::ofBuffer(counter), value<int32_t>(8)},
        options());
  EXPECT_TRUE(h.sink.findings().empty());
  EXPECT_EQ(h.read<int32_t>(counter)[2], 64);
}

TEST_P(Misaligned, VectorsNeedTheirSizeAsAlignment) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  std::vector<float> values(4 * 16 + 4);
  for (size_t i = 0; i < values.size(); ++i) values[i] = float(i);
  auto in = h.buffer(values, "in");
  auto out = h.buffer(std::vector<float>(4 * 16), "out");
  h.run("vector_load", range1(16, 16),
        {ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out), value<int32_t>(1)}, options());
  ASSERT_EQ(h.findingKinds(), std::vector<std::string>{"misaligned"});
  EXPECT_NE(h.sink.findings()[0].message.find("not aligned to 16 bytes"), std::string::npos)
      << h.sink.findings()[0].message;
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/misaligned.cl", "vector_load");
  auto got = h.read<float>(out);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(got[i], float(i + 1)) << i;
  h.sink.clear();
  h.run("vector_load", range1(16, 16),
        {ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out), value<int32_t>(4)}, options());
  EXPECT_TRUE(h.sink.findings().empty());
}

TEST_P(Misaligned, PackedMembersAreNoFinding) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  std::vector<uint8_t> packed(5 * 8);
  for (int32_t i = 0; i < 8; ++i) {
    packed[5 * i] = uint8_t(i);
    const int32_t v = 1000 + i;
    std::memcpy(&packed[5 * i + 1], &v, 4);
  }
  auto in = h.buffer(packed, "in");
  auto out = h.buffer(std::vector<int32_t>(8), "out");
  h.run("packed_member", range1(8, 8), {ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out)},
        options());
  EXPECT_TRUE(h.sink.findings().empty());
  auto got = h.read<int32_t>(out);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(got[i], 1000 + i);
}

TEST_P(Misaligned, OffWithoutTheCheck) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto counter = h.buffer(std::vector<int32_t>(3, 0), "counter");
  ExecOptions o = options();
  o.checks = CheckSet::parse("bounds,uninit");
  h.run("misaligned_atomic", range1(64, 32), {ArgBinding::ofBuffer(counter), value<int32_t>(2)}, o);
  EXPECT_TRUE(h.sink.findings().empty());
  int32_t sum = 0;
  std::memcpy(&sum, h.memory.bytes(counter).data() + 2, 4);
  EXPECT_EQ(sum, 64);
}

INSTANTIATE_TEST_SUITE_P(AllBuilds, Misaligned, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
