// Conversions with explicit rounding modes and saturation (OpenCL SPIR-V Env
// §6.2 FPRoundingMode and SaturatedConversion), and ub.fp-to-int for an
// unsaturated conversion out of range.
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "exec/handlers_convert.h"
#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

class Conversions : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options() const { return GetParam().options(); }
  std::string path() const { return kernelPath("conversions", GetParam().level); }
};

template <class T> T saturate(int64_t v) {
  return static_cast<T>(
      std::clamp<int64_t>(v, std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
}

/// The float neighbours below and above an int32 (equal when it is exact).
std::pair<float, float> bracket(int32_t v) {
  double exact = v;
  float nearest = static_cast<float>(exact);
  if (nearest > exact) return {std::nextafter(nearest, -INFINITY), nearest};
  if (nearest < exact) return {nearest, std::nextafter(nearest, INFINITY)};
  return {nearest, nearest};
}

TEST_P(Conversions, RoundingModesAndSaturation) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  std::vector<float> f{2.5f, -2.5f, 3.5f, -0.4f, 1e9f, -7.75f, 0.5f, 123456.7f};
  std::vector<int32_t> ints{300, -300, 70000, -1, 127, 128, 5, -129};
  const int n = static_cast<int>(f.size());
  auto fb = h.buffer(f, "f");
  auto ib = h.buffer(ints, "i");
  auto out = h.buffer(std::vector<int32_t>(8 * n), "out");
  auto fout = h.buffer(std::vector<float>(4 * n), "fout");
  h.run("rounding", range1(n, n),
        {ArgBinding::ofBuffer(fb), ArgBinding::ofBuffer(ib), ArgBinding::ofBuffer(out),
         ArgBinding::ofBuffer(fout)},
        options());
  auto got = h.read<int32_t>(out);
  auto gotF = h.read<float>(fout);
  for (int k = 0; k < n; ++k) {
    float x = f[k];
    EXPECT_EQ(got[8 * k + 0], int32_t(std::nearbyint(x))) << k;
    EXPECT_EQ(got[8 * k + 1], int32_t(std::trunc(x))) << k;
    EXPECT_EQ(got[8 * k + 2], int32_t(std::ceil(x))) << k;
    EXPECT_EQ(got[8 * k + 3], int32_t(std::floor(x))) << k;
    double big = double(x * 1e10f);
    EXPECT_EQ(got[8 * k + 4], big >= 2147483648.0   ? INT32_MAX
                              : big < -2147483648.0 ? INT32_MIN
                                                    : int32_t(big))
        << k;
    EXPECT_EQ(got[8 * k + 5], saturate<uint8_t>(ints[k])) << k;
    EXPECT_EQ(got[8 * k + 6], saturate<int8_t>(ints[k])) << k;
    EXPECT_EQ(got[8 * k + 7], saturate<uint16_t>(ints[k])) << k;
    int32_t v = int32_t(uint32_t(ints[k]) * 16777217u);
    auto [below, above] = bracket(v);
    EXPECT_EQ(gotF[4 * k + 0], v >= 0 ? below : above) << k;
    EXPECT_EQ(gotF[4 * k + 1], above) << k;
    EXPECT_EQ(gotF[4 * k + 2], below) << k;
    EXPECT_EQ(gotF[4 * k + 3], float(v)) << k;
  }
  EXPECT_TRUE(h.sink.findings().empty());
}

TEST_P(Conversions, UnsaturatedOutOfRangeIsReported) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  std::vector<float> f{1.5f, 3e9f, -2.5f, NAN};
  auto fb = h.buffer(f, "f");
  auto out = h.buffer(std::vector<int32_t>(4), "out");
  h.run("unsaturated", range1(4, 4), {ArgBinding::ofBuffer(fb), ArgBinding::ofBuffer(out)},
        options());
  auto got = h.read<int32_t>(out);
  EXPECT_EQ(got[0], 1);
  EXPECT_EQ(got[2], -2);
  auto findings = h.sink.findings();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].kind, "ub.fp-to-int");
  EXPECT_EQ(findings[0].workItem->global[0], 1u);
  EXPECT_EQ(findings[0].message.rfind("conversion of 3e+09 to an integer type", 0), 0u)
      << findings[0].message;
}

/// roundIntegral (interpreter/exec/handlers_convert.h), the float → integer
/// conversions' rounding without the C library, against the C library's own for every
/// mode: ties, halves and neighbours of the limits where its steps change, signed zeros,
/// infinities, NaN and random bit patterns.
template <class F> void expectRoundIntegralMatchesTheCLibrary() {
  std::vector<F> values{0,
                        F(-0.0),
                        F(0.5),
                        F(-0.5),
                        F(1.5),
                        F(-1.5),
                        F(2.5),
                        F(-2.5),
                        F(0.49999997),
                        F(-3.75),
                        F(1e-40),
                        F(-1e-40),
                        std::numeric_limits<F>::infinity(),
                        -std::numeric_limits<F>::infinity(),
                        std::numeric_limits<F>::quiet_NaN(),
                        std::numeric_limits<F>::max(),
                        std::numeric_limits<F>::lowest(),
                        std::numeric_limits<F>::denorm_min()};
  for (int e : {23, 24, 52, 53, 62, 63, 64}) {
    const F p = std::ldexp(F(1), e);
    for (F v : {p, std::nextafter(p, F(0)), std::nextafter(p, F(2) * p), p - F(0.5), p + F(0.5)})
      values.insert(values.end(), {v, -v});
  }
  std::mt19937_64 random(12345);
  using Bits = std::conditional_t<sizeof(F) == 4, uint32_t, uint64_t>;
  for (int i = 0; i < 100000; ++i) {
    const Bits b = Bits(random());
    F v;
    std::memcpy(&v, &b, sizeof v);
    values.push_back(v);
    values.push_back(F(int64_t(random() % 2000001) - 1000000) / F(8)); // small with fractions
  }
  const auto same = [](F got, F want) {
    return (std::isnan(got) && std::isnan(want)) ||
           (got == want && std::signbit(got) == std::signbit(want));
  };
  for (F v : values) {
    EXPECT_TRUE(same(ops::roundIntegral<kRoundRte>(v), std::nearbyint(v))) << v;
    EXPECT_TRUE(same(ops::roundIntegral<kRoundRtz>(v), std::trunc(v))) << v;
    EXPECT_TRUE(same(ops::roundIntegral<kRoundRtp>(v), std::ceil(v))) << v;
    EXPECT_TRUE(same(ops::roundIntegral<kRoundRtn>(v), std::floor(v))) << v;
  }
}

TEST(RoundIntegral, MatchesTheCLibraryForFloat) {
  expectRoundIntegralMatchesTheCLibrary<float>();
}
TEST(RoundIntegral, MatchesTheCLibraryForDouble) {
  expectRoundIntegralMatchesTheCLibrary<double>();
}

INSTANTIATE_TEST_SUITE_P(Kernels, Conversions, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
