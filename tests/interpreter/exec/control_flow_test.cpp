// Divergent control flow, calls and vectors, compiled from OpenCL C at -O0 and
// -O2 and run at several warp widths, against results computed on the host.
#include <cmath>

#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

class ControlFlow : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options() const { return GetParam().options(); }
  std::string path(const std::string &name) const { return kernelPath(name, GetParam().level); }
};

TEST_P(ControlFlow, LoopTripCountsDiverge) {
  KernelHarness h(path("control_flow"));
  ASSERT_TRUE(h.ok());
  const uint32_t n = 100;
  std::vector<uint32_t> trips(n);
  for (uint32_t i = 0; i < n; ++i) trips[i] = (i * 7) % 23;
  auto in = h.buffer(trips, "trips");
  auto out = h.buffer(std::vector<uint32_t>(2 * n), "out");
  h.run("loop_trip", range1(n, 20), {ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out)},
        options());
  auto got = h.read<uint32_t>(out);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t acc = 0, k = 0;
    for (k = 0; k < trips[i]; ++k) {
      acc = acc * 3 + k;
      if (acc > 100000) break;
    }
    EXPECT_EQ(got[2 * i], acc) << i;
    EXPECT_EQ(got[2 * i + 1], k) << i;
  }
  EXPECT_TRUE(h.sink.findings().empty());
}

TEST_P(ControlFlow, BranchesAndSwitchWithFallThrough) {
  KernelHarness h(path("control_flow"));
  ASSERT_TRUE(h.ok());
  const int n = 256;
  std::vector<int32_t> values(n);
  for (int i = 0; i < n; ++i) values[i] = i * 37 - 4000;
  auto in = h.buffer(values, "in");
  auto out = h.buffer(std::vector<int32_t>(n), "out");
  h.run("branches", range1(n, 64), {ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out)},
        options());
  auto got = h.read<int32_t>(out);
  for (int i = 0; i < n; ++i) {
    int v = values[i], r;
    if (v % 3 == 0)
      r = v * 2;
    else if (v % 3 == 1)
      r = -v;
    else
      r = v + 100;
    switch (v - 3) {
    case 0:
      r += 1;
      break;
    case 1:
    case 2:
      r += 2;
      break;
    case 5:
      r *= 3;
      [[fallthrough]];
    case 6:
      r -= 1;
      break;
    default:
      r ^= 0x55;
    }
    EXPECT_EQ(got[i], r) << i;
  }
}

TEST_P(ControlFlow, NestedLoopsWithContinue) {
  KernelHarness h(path("control_flow"));
  ASSERT_TRUE(h.ok());
  const int n = 77; // not a multiple of the work-group size: non-uniform last group
  auto out = h.buffer(std::vector<int32_t>(n), "out");
  h.run("nested", range1(n, 16), {ArgBinding::ofBuffer(out)}, options());
  auto got = h.read<int32_t>(out);
  for (int i = 0; i < n; ++i) {
    int s = 0;
    for (int a = 0; a < i % 5; ++a)
      for (int b = 0; b <= a; ++b) {
        if ((a + b + i) % 4 == 0) continue;
        s += a * b + 1;
      }
    EXPECT_EQ(got[i], s) << i;
  }
}

TEST_P(ControlFlow, IntegerOperations) {
  KernelHarness h(path("control_flow"));
  ASSERT_TRUE(h.ok());
  const int n = 64;
  std::vector<int32_t> values(n + 1);
  for (int i = 0; i <= n; ++i) values[i] = (i % 2 ? -1 : 1) * (i * 123457 + 11);
  values[3] = INT32_MIN;
  auto in = h.buffer(values, "in");
  auto out = h.buffer(std::vector<int32_t>(8 * n), "out");
  h.run("int_ops", range1(n, 32), {ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out)}, options());
  auto got = h.read<int32_t>(out);
  for (int i = 0; i < n; ++i) {
    int a = values[i], b = values[i + 1] | 1;
    long long la = (long long)a * 100003;
    int expect[8] = {a / b,
                     (a + 7) % b,
                     int(uint32_t(a) >> (i & 31)),
                     a >> (i & 31),
                     int(la >> 7),
                     int(uint32_t(std::max(a, b)) - uint32_t(std::min(a, b))),
                     int(short(a)) * int((signed char)b),
                     int(float(a) * 0.5f) + int(double(b) / 3.0)};
    for (int k = 0; k < 8; ++k) EXPECT_EQ(got[8 * i + k], expect[k]) << i << "," << k;
  }
}

TEST_P(ControlFlow, CallsWithPrivateArraysAndStructArgument) {
  KernelHarness h(path("calls"));
  ASSERT_TRUE(h.ok());
  const int n = 40;
  auto out = h.buffer(std::vector<int32_t>(n), "out");
  struct Item {
    int32_t a;
    float b;
    int8_t c;
  } item{1000, 2.75f, -3};
  std::vector<std::byte> bytes(12, std::byte{0});
  std::memcpy(bytes.data(), &item.a, 4);
  std::memcpy(bytes.data() + 4, &item.b, 4);
  std::memcpy(bytes.data() + 8, &item.c, 1);
  h.run("calls", range1(n, 8), {ArgBinding::ofBuffer(out), ArgBinding::ofBytes(bytes)}, options());
  auto got = h.read<int32_t>(out);
  for (int i = 0; i < n; ++i) {
    int s = 0;
    for (int k = 0; k < i % 8 + 1; ++k) s += i * k + 1;
    EXPECT_EQ(got[i], s + 1000 + 2 - 3) << i;
  }
  EXPECT_TRUE(h.sink.findings().empty());
}

TEST_P(ControlFlow, Float4Vectors) {
  KernelHarness h(path("calls"));
  ASSERT_TRUE(h.ok());
  const int n = 48;
  std::vector<float> in(4 * n);
  for (int i = 0; i < 4 * n; ++i) in[i] = 0.25f * i - 7;
  auto a = h.buffer(in, "in");
  auto out = h.buffer(std::vector<float>(4 * n), "out");
  auto dots = h.buffer(std::vector<float>(n), "dots");
  h.run("vectors", range1(n, 16),
        {ArgBinding::ofBuffer(a), ArgBinding::ofBuffer(out), ArgBinding::ofBuffer(dots)},
        options());
  auto got = h.read<float>(out);
  auto gotDots = h.read<float>(dots);
  for (int i = 0; i < n; ++i) {
    const float *v = &in[4 * i];
    float w[4] = {v[3] * 1 + i, v[2] * 2 + i, v[1] * 3 + i, v[0] * 4 + i};
    for (int k = 0; k < 4; ++k) EXPECT_EQ(got[4 * i + k], w[k]);
    float d = v[0] * w[0] + v[1] * w[1] + v[2] * w[2] + v[3] * w[3];
    EXPECT_NEAR(gotDots[i], d, std::fabs(d) * 1e-6f);
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, ControlFlow, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
