// Half-precision values (Float16): arithmetic computed in float and rounded
// once, comparisons, and conversions with rounding modes and saturation
// (OpenCL SPIR-V Env §6.2, §6.3), for scalars and vectors.
#include <cmath>

#include <gtest/gtest.h>

#include "half_bits_of.h"
#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

using Half = _Float16;

class HalfValues : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options() const { return GetParam().options(); }
  std::string path() const { return kernelPath("half", GetParam().level); }
};

/// The largest half not above `exact` (toward -infinity), from float.
Half halfDown(float exact) {
  Half h = Half(exact);
  if (float(h) > exact)
    h = std::bit_cast<Half>(uint16_t(exact > 0 ? bitsOf(h) - 1 : bitsOf(h) + 1));
  return h;
}

TEST_P(HalfValues, ArithmeticComparisonsAndConversions) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const float inf = INFINITY, nan = NAN;
  std::vector<Half> a{Half(1.5f),  Half(-2.25f), Half(65504.0f), Half(0.1f),
                      Half(6e-8f), Half(nan),    Half(300.7f),   Half(-40000.f)};
  std::vector<Half> b{Half(3.0f), Half(-2.25f), Half(2.0f), Half(3.0f),
                      Half(0.5f), Half(1.0f),   Half(inf),  Half(0.001f)};
  const size_t n = a.size();
  auto ab = h.buffer(a, "a"), bb = h.buffer(b, "b");
  auto out = h.buffer(std::vector<Half>(4 * n), "out");
  auto widened = h.buffer(std::vector<float>(n), "widened");
  auto flags = h.buffer(std::vector<int32_t>(n), "flags");
  auto ints = h.buffer(std::vector<int16_t>(2 * n), "ints");
  h.run("half_arith", range1(n, 4),
        {ArgBinding::ofBuffer(ab), ArgBinding::ofBuffer(bb), ArgBinding::ofBuffer(out),
         ArgBinding::ofBuffer(widened), ArgBinding::ofBuffer(flags), ArgBinding::ofBuffer(ints)},
        options());
  // convert_short_rtp of NaN and -40000 (not saturating) is undefined: reported.
  for (const std::string &kind : h.findingKinds()) EXPECT_EQ(kind, "ub.fp-to-int");
  EXPECT_FALSE(h.findingKinds().empty());
  auto got = h.read<Half>(out);
  auto gotWide = h.read<float>(widened);
  auto gotFlags = h.read<int32_t>(flags);
  auto gotInts = h.read<int16_t>(ints);
  auto same = [](Half x, Half y) { return bitsOf(x) == bitsOf(y) || (x != x && y != y); };
  for (size_t i = 0; i < n; ++i) {
    const float x = float(a[i]), y = float(b[i]);
    EXPECT_TRUE(same(got[4 * i], Half(x + y))) << i << ": " << float(got[4 * i]);
    EXPECT_TRUE(same(got[4 * i + 1], Half(x * y))) << i << ": " << float(got[4 * i + 1]);
    EXPECT_TRUE(same(got[4 * i + 2], Half(x / y))) << i << ": " << float(got[4 * i + 2]);
    EXPECT_TRUE(same(got[4 * i + 3], Half(float(int(i) * 1000 + 1)))) << i;
    if (x == x) {
      EXPECT_EQ(gotWide[i], x * 3.0f) << i;
    }
    const int want = (x < y) | ((x == y) << 1) | (std::isnan(x) << 2) | (std::isinf(y) << 3);
    EXPECT_EQ(gotFlags[i], want) << i;
    const float t = std::trunc(x);
    const int16_t sat = x != x ? 0 : t >= 32767.f ? 32767 : t <= -32768.f ? -32768 : int16_t(t);
    EXPECT_EQ(gotInts[2 * i], sat) << i;
    if (x == x && std::fabs(x) < 32767.f) {
      EXPECT_EQ(gotInts[2 * i + 1], int16_t(std::ceil(x))) << i;
    }
  }
}

TEST_P(HalfValues, VectorsAndDirectedRounding) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  std::vector<Half> a;
  std::vector<float> f;
  for (int i = 0; i < 16; ++i) {
    a.push_back(Half(float(i) * 0.37f - 2.0f));
    f.push_back(float(i) * 1.0001f - 7.3f);
  }
  f[5] = 1e6f;   // beyond half's range: RTZ gives the largest finite half
  f[6] = -1e-9f; // below the smallest subnormal: RTZ gives -0
  auto ab = h.buffer(a, "a"), fb = h.buffer(f, "f");
  auto out = h.buffer(std::vector<Half>(32), "out");
  h.run("half_vectors", range1(4, 2),
        {ArgBinding::ofBuffer(ab), ArgBinding::ofBuffer(fb), ArgBinding::ofBuffer(out)}, options());
  auto got = h.read<Half>(out);
  for (int i = 0; i < 4; ++i)
    for (int c = 0; c < 4; ++c) {
      const float x = float(a[4 * i + c]), rev = float(a[4 * i + 3 - c]);
      EXPECT_EQ(bitsOf(got[8 * i + c]), bitsOf(Half(float(Half(x * 2.0f)) + rev))) << i << c;
      const float v = f[4 * i + c];
      const Half rtz = v >= 0 ? halfDown(v) : Half(-float(halfDown(-v)));
      EXPECT_EQ(bitsOf(got[8 * i + 4 + c]), bitsOf(std::isinf(float(rtz)) ? Half(65504.f) : rtz))
          << i << " " << c << " " << v << " got " << float(got[8 * i + 4 + c]);
    }
}

INSTANTIATE_TEST_SUITE_P(Kernels, HalfValues, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
