// Vector built-ins: select and bitselect (OpenCL C §6.15.6), geometric
// functions (§6.15.5), shuffle and shuffle2 (§6.15.12), vloadn/vstoren and
// the half loads and stores with their rounding modes (§6.15.10), including
// an out-of-bounds vload reported as a finding.
#include <bit>
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "half_bits_of.h"
#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

using Half = _Float16;

class VectorBuiltins : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options() const { return GetParam().options(); }
  std::string path() const { return kernelPath("vector_builtins", GetParam().level); }
};

/// The neighbour of a finite half toward +inf (up) or -inf.
Half stepHalf(Half h, bool up) {
  uint16_t b = bitsOf(h);
  if ((b & 0x7fff) == 0) return std::bit_cast<Half>(uint16_t(up ? 1 : 0x8001));
  return std::bit_cast<Half>(uint16_t((b >> 15) != up ? b + 1 : b - 1));
}

enum class Mode { Rte, Rtz, Rtp, Rtn };
Half toHalf(float v, Mode mode) {
  Half h = Half(v);
  const float back = float(h);
  if (mode == Mode::Rtz && std::fabs(back) > std::fabs(v)) h = stepHalf(h, back < 0);
  if (mode == Mode::Rtp && back < v) h = stepHalf(h, true);
  if (mode == Mode::Rtn && back > v) h = stepHalf(h, false);
  return h;
}

TEST_P(VectorBuiltins, SelectAndBitselect) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const size_t n = 8;
  std::mt19937 rng(3);
  std::vector<float> a(4 * n), b(4 * n);
  std::vector<int32_t> c(4 * n), s(2 * n);
  for (size_t k = 0; k < 4 * n; ++k) {
    a[k] = float(rng() % 1000) / 7.0f;
    b[k] = -float(rng() % 1000) / 3.0f;
    c[k] = int32_t(rng());
  }
  for (size_t k = 0; k < 2 * n; ++k) s[k] = int32_t(rng() % 21) - 10;
  auto ab = h.buffer(a, "a"), bb = h.buffer(b, "b"), cb = h.buffer(c, "c"), sb = h.buffer(s, "s");
  auto out = h.buffer(std::vector<float>(8 * n), "out");
  auto sout = h.buffer(std::vector<int32_t>(n), "sout");
  h.run("relational", range1(n, 4),
        {ArgBinding::ofBuffer(ab), ArgBinding::ofBuffer(bb), ArgBinding::ofBuffer(cb),
         ArgBinding::ofBuffer(out), ArgBinding::ofBuffer(sb), ArgBinding::ofBuffer(sout)},
        options());
  auto got = h.read<float>(out);
  auto gotS = h.read<int32_t>(sout);
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < 4; ++k) {
      const size_t e = 4 * i + k;
      EXPECT_EQ(got[8 * i + k], c[e] < 0 ? b[e] : a[e]) << e;
      const uint32_t bits = (std::bit_cast<uint32_t>(a[e]) & ~uint32_t(c[e])) |
                            (std::bit_cast<uint32_t>(b[e]) & uint32_t(c[e]));
      EXPECT_EQ(std::bit_cast<uint32_t>(got[8 * i + 4 + k]), bits) << e;
    }
    EXPECT_EQ(gotS[i], s[2 * i] > 0 ? s[2 * i + 1] : s[2 * i]) << i;
  }
}

TEST_P(VectorBuiltins, Geometric) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const size_t n = 8;
  std::vector<float> a, b;
  std::vector<double> d;
  for (size_t i = 0; i < n; ++i)
    for (int k = 0; k < 4; ++k) {
      a.push_back(float(i + 1) * 0.75f - float(k) * 1.25f);
      b.push_back(float(k) * 2.5f - float(i) * 0.5f);
    }
  a[0] = 1e30f, a[1] = 1e30f; // squares overflow float: length must not
  a[8] = a[9] = a[10] = a[11] = 0;
  a[12] = INFINITY;
  for (size_t i = 0; i < n; ++i)
    for (int k = 0; k < 4; ++k) d.push_back(k == 3 ? 0.0 : 1e200 * double(i + 1) + k);
  auto ab = h.buffer(a, "a"), bb = h.buffer(b, "b"), db = h.buffer(d, "d");
  auto len = h.buffer(std::vector<float>(4 * n), "len");
  auto vec = h.buffer(std::vector<float>(8 * n), "vec");
  auto dlen = h.buffer(std::vector<double>(n), "dlen");
  h.run("geometric", range1(n, 8),
        {ArgBinding::ofBuffer(ab), ArgBinding::ofBuffer(bb), ArgBinding::ofBuffer(len),
         ArgBinding::ofBuffer(vec), ArgBinding::ofBuffer(db), ArgBinding::ofBuffer(dlen)},
        options());
  auto gotLen = h.read<float>(len);
  auto gotVec = h.read<float>(vec);
  auto gotD = h.read<double>(dlen);
  auto near = [](double got, double want) {
    return got == want || std::fabs(got - want) <= std::fabs(want) * 0x1p-22;
  };
  for (size_t i = 0; i < n; ++i) {
    const float *p = &a[4 * i], *q = &b[4 * i];
    long double sum = 0, dsum = 0, dot2 = 0;
    float dot = p[0] * q[0];
    for (int k = 0; k < 4; ++k) {
      sum += (long double)p[k] * p[k];
      dsum += ((long double)p[k] - q[k]) * ((long double)p[k] - q[k]);
      if (k) dot += p[k] * q[k];
    }
    dot2 = (long double)p[0] * p[0] + (long double)p[1] * p[1];
    const double length = std::isinf(p[0]) ? INFINITY : double(std::sqrt(sum));
    EXPECT_TRUE(near(gotLen[4 * i], length)) << i << ": " << gotLen[4 * i];
    EXPECT_TRUE(near(gotLen[4 * i + 1], std::isinf(p[0]) ? INFINITY : double(std::sqrt(dsum))))
        << i;
    EXPECT_EQ(gotLen[4 * i + 2], dot) << i;
    EXPECT_TRUE(near(gotLen[4 * i + 3], std::isinf(p[0]) ? INFINITY : double(std::sqrt(dot2))))
        << i;
    for (int k = 0; k < 4; ++k) {
      float want;
      if (sum == 0)
        want = p[k]; // normalize of a zero vector returns it
      else if (std::isinf(p[0]))
        want = k == 0 ? 1.0f : 0.0f; // infinite components count as ±1, the others as 0
      else
        want = float(p[k] / std::sqrt(sum));
      EXPECT_TRUE(near(gotVec[8 * i + k], want)) << i << " " << k << ": " << gotVec[8 * i + k];
    }
    EXPECT_EQ(gotVec[8 * i + 4], p[1] * q[2] - p[2] * q[1]) << i;
    EXPECT_EQ(gotVec[8 * i + 5], p[2] * q[0] - p[0] * q[2]) << i;
    EXPECT_EQ(gotVec[8 * i + 6], p[0] * q[1] - p[1] * q[0]) << i;
    EXPECT_EQ(gotVec[8 * i + 7], 0.0f) << i;
    long double ds = 0;
    for (int k = 0; k < 3; ++k) ds += (long double)d[4 * i + k] * d[4 * i + k];
    EXPECT_EQ(gotD[i], double(std::sqrt(ds))) << i; // 1e200 squared overflows double
  }
}

TEST_P(VectorBuiltins, ShuffleAndShuffle2) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const size_t n = 8;
  std::mt19937 rng(5);
  std::vector<uint32_t> x(4 * n), y(4 * n), mask(8 * n);
  for (auto &v : x) v = rng();
  for (auto &v : y) v = rng();
  for (auto &v : mask) v = rng(); // only the low bits count
  auto xb = h.buffer(x, "x"), yb = h.buffer(y, "y"), mb = h.buffer(mask, "mask");
  auto out = h.buffer(std::vector<uint32_t>(16 * n), "out");
  auto fixed = h.buffer(std::vector<uint32_t>(4 * n), "fixed");
  h.run("shuffles", range1(n, 8),
        {ArgBinding::ofBuffer(xb), ArgBinding::ofBuffer(yb), ArgBinding::ofBuffer(mb),
         ArgBinding::ofBuffer(out), ArgBinding::ofBuffer(fixed)},
        options());
  auto got = h.read<uint32_t>(out);
  auto gotFixed = h.read<uint32_t>(fixed);
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < 8; ++k) {
      const uint32_t m = mask[8 * i + k];
      EXPECT_EQ(got[16 * i + k], x[4 * i + (m & 3)]) << i << " " << k;
      const uint32_t m2 = m & 7;
      EXPECT_EQ(got[16 * i + 8 + k], m2 < 4 ? x[4 * i + m2] : y[4 * i + m2 - 4]) << i << " " << k;
    }
    for (size_t k = 0; k < 4; ++k) EXPECT_EQ(gotFixed[4 * i + k], x[4 * i + 3 - k]);
  }
}

TEST_P(VectorBuiltins, VectorAndHalfLoadsAndStores) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const size_t n = 8;
  const int32_t offset = 5;
  std::vector<float> src(offset + 3 * n);
  for (size_t k = 0; k < src.size(); ++k) src[k] = float(k) * 1.3f - 7.0f;
  std::vector<Half> hsrc(4 * n);
  for (size_t k = 0; k < hsrc.size(); ++k) hsrc[k] = Half(float(k) * 0.3f - 3.0f);
  auto sb = h.buffer(src, "src"), hb = h.buffer(hsrc, "hsrc");
  auto dst = h.buffer(std::vector<float>(3 * n), "dst");
  auto hdst = h.buffer(std::vector<Half>(160), "hdst");
  auto widened = h.buffer(std::vector<float>(72), "widened");
  h.run("vector_memory", range1(n, 4),
        {ArgBinding::ofBuffer(sb), ArgBinding::ofBuffer(dst), ArgBinding::ofBuffer(hb),
         ArgBinding::ofBuffer(hdst), ArgBinding::ofBuffer(widened), value<int32_t>(offset)},
        options());
  EXPECT_TRUE(h.sink.findings().empty());
  auto gotDst = h.read<float>(dst);
  auto gotH = h.read<Half>(hdst);
  auto gotW = h.read<float>(widened);
  for (size_t i = 0; i < n; ++i) {
    const float *v = &src[offset + 3 * i];
    for (size_t k = 0; k < 3; ++k) EXPECT_EQ(gotDst[3 * i + k], v[k] * 2.0f) << i;
    for (size_t k = 0; k < 4; ++k) {
      const float hv = float(hsrc[4 * i + k]);
      EXPECT_EQ(gotW[4 * i + k], hv) << i;
      EXPECT_EQ(bitsOf(gotH[4 * i + k]), bitsOf(toHalf(hv * 3.0f, Mode::Rtz))) << i << " " << k;
    }
    EXPECT_EQ(gotW[64 + i], float(hsrc[i])) << i;
    EXPECT_EQ(bitsOf(gotH[64 + i]), bitsOf(toHalf(v[0] / 3.0f, Mode::Rtp))) << i;
    EXPECT_EQ(bitsOf(gotH[96 + i]), bitsOf(toHalf(v[0] / 3.0f, Mode::Rtn))) << i;
    for (size_t k = 0; k < 3; ++k)
      EXPECT_EQ(bitsOf(gotH[128 + 4 * i + k]), bitsOf(toHalf(v[k], Mode::Rte))) << i << " " << k;
  }
}

TEST_P(VectorBuiltins, OutOfBoundsVloadIsReported) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const size_t n = 8;
  // src holds one float too few for the last work-item's vload3.
  auto sb = h.buffer(std::vector<float>(3 * n - 1, 1.0f), "src");
  auto hb = h.buffer(std::vector<Half>(4 * n), "hsrc");
  auto dst = h.buffer(std::vector<float>(3 * n), "dst");
  auto hdst = h.buffer(std::vector<Half>(160), "hdst");
  auto widened = h.buffer(std::vector<float>(72), "widened");
  h.run("vector_memory", range1(n, 4),
        {ArgBinding::ofBuffer(sb), ArgBinding::ofBuffer(dst), ArgBinding::ofBuffer(hb),
         ArgBinding::ofBuffer(hdst), ArgBinding::ofBuffer(widened), value<int32_t>(0)},
        options());
  ASSERT_EQ(h.findingKinds(), std::vector<std::string>{"oob.global.read"});
  const auto findings = h.sink.findings();
  const Finding &f = findings[0];
  ASSERT_TRUE(f.workItem && f.memory);
  EXPECT_EQ(f.workItem->global[0], 7u);
  EXPECT_EQ(f.memory->buffer, "src");
  EXPECT_EQ(f.memory->offset, 92u);
}

INSTANTIATE_TEST_SUITE_P(Kernels, VectorBuiltins, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
