// Integer built-ins (OpenCL C §6.15.3, OpenCL.std s_*/u_* instructions) on
// every integer type, compared with references computed here in 128-bit
// arithmetic.
#include <bit>
#include <limits>
#include <random>
#include <type_traits>

#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

class IntegerBuiltins : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options() const { return GetParam().options(); }
  std::string path() const { return kernelPath("integer_builtins", GetParam().level); }
};

/// Reference semantics of OpenCL C's integer functions for T, in 128 bits.
template <class T> struct Reference {
  using U = std::make_unsigned_t<T>;
  using W = std::conditional_t<std::is_signed_v<T>, __int128, unsigned __int128>;
  static constexpr int kBits = sizeof(T) * 8;
  template <class V> static T saturate(V v) {
    const V lo = V(std::numeric_limits<T>::min()), hi = V(std::numeric_limits<T>::max());
    return T(v < lo ? lo : v > hi ? hi : v);
  }
  static T abs(T x) { return T(U(x < 0 ? U(0) - U(x) : U(x))); }
  static T absDiff(T x, T y) { return T(U(x > y ? W(x) - W(y) : W(y) - W(x))); }
  static T floorHalf(__int128 v) { return T(v >= 0 ? v / 2 : -((-v + 1) / 2)); }
  static T hadd(T x, T y) { return floorHalf(__int128(x) + __int128(y)); }
  static T rhadd(T x, T y) { return floorHalf(__int128(x) + __int128(y) + 1); }
  static T mulHi(T x, T y) { return T((W(x) * W(y)) >> kBits); }
  static T madSat(T x, T y, T z) { return saturate(W(x) * W(y) + W(z)); }
  static T rotate(T x, T y) { return T(std::rotl(U(x), int(U(y) % kBits))); }
  static T clz(T x) { return T(std::countl_zero(U(x))); }
  static T ctz(T x) { return T(std::countr_zero(U(x))); }
  static T popcount(T x) { return T(std::popcount(U(x))); }
};

template <class T> std::vector<T> interesting(std::mt19937_64 &rng, size_t n) {
  const T lo = std::numeric_limits<T>::min(), hi = std::numeric_limits<T>::max();
  std::vector<T> v{lo, hi, 0, 1, T(-1), T(lo + 1), T(hi - 1), T(hi / 2), 2, 7};
  while (v.size() < n) v.push_back(T(rng()));
  return v;
}

template <class T> void checkType(KernelHarness &h, const ExecOptions &options, const char *name) {
  using R = Reference<T>;
  std::mt19937_64 rng(sizeof(T) * 31 + std::is_signed_v<T>);
  const size_t n = 48;
  auto a = interesting<T>(rng, n), b = interesting<T>(rng, n), c = interesting<T>(rng, n);
  std::rotate(b.begin(), b.begin() + 3, b.end());
  std::rotate(c.begin(), c.begin() + 5, c.end());
  auto ab = h.buffer(a, "a"), bb = h.buffer(b, "b"), cb = h.buffer(c, "c");
  auto out = h.buffer(std::vector<T>(16 * n), "out");
  h.run(std::string("integers_") + name, range1(n, 16),
        {ArgBinding::ofBuffer(ab), ArgBinding::ofBuffer(bb), ArgBinding::ofBuffer(cb),
         ArgBinding::ofBuffer(out)},
        options);
  auto got = h.read<T>(out);
  for (size_t i = 0; i < n; ++i) {
    const T x = a[i], y = b[i], z = c[i];
    const T lo = std::min(y, z), hi = std::max(y, z);
    const T want[16] = {
        R::abs(x),          R::absDiff(x, y), R::saturate(__int128(x) + y),
        R::hadd(x, y),      R::rhadd(x, y),   std::clamp(x, lo, hi),
        R::clz(x),          R::ctz(x),        T(uint64_t(R::mulHi(x, y)) + uint64_t(z)),
        R::madSat(x, y, z), std::max(x, y),   std::min(x, y),
        R::mulHi(x, y),     R::rotate(x, y),  R::saturate(__int128(x) - y),
        R::popcount(x)};
    for (int k = 0; k < 16; ++k)
      EXPECT_EQ(int64_t(got[16 * i + k]), int64_t(want[k]))
          << name << " function " << k << " of " << int64_t(x) << ", " << int64_t(y) << ", "
          << int64_t(z);
  }
}

TEST_P(IntegerBuiltins, EveryFunctionOnEveryType) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  checkType<int8_t>(h, options(), "char");
  checkType<uint8_t>(h, options(), "uchar");
  checkType<int16_t>(h, options(), "short");
  checkType<uint16_t>(h, options(), "ushort");
  checkType<int32_t>(h, options(), "int");
  checkType<uint32_t>(h, options(), "uint");
  checkType<int64_t>(h, options(), "long");
  checkType<uint64_t>(h, options(), "ulong");
  EXPECT_TRUE(h.sink.findings().empty());
}

TEST_P(IntegerBuiltins, UpsampleMul24AndVectors) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  std::mt19937_64 rng(7);
  const size_t n = 32;
  auto a = interesting<int32_t>(rng, n), b = interesting<int32_t>(rng, n),
       c = interesting<int32_t>(rng, n);
  std::rotate(b.begin(), b.begin() + 1, b.end());
  auto ab = h.buffer(a, "a"), bb = h.buffer(b, "b"), cb = h.buffer(c, "c");
  auto wide = h.buffer(std::vector<int64_t>(3 * n), "wide");
  auto out = h.buffer(std::vector<int32_t>(4 * n), "out");
  auto vout = h.buffer(std::vector<int32_t>(16 * n), "vout");
  h.run("integers_mixed", range1(n, 8),
        {ArgBinding::ofBuffer(ab), ArgBinding::ofBuffer(bb), ArgBinding::ofBuffer(cb),
         ArgBinding::ofBuffer(wide), ArgBinding::ofBuffer(out), ArgBinding::ofBuffer(vout)},
        options());
  auto gotWide = h.read<int64_t>(wide);
  auto got = h.read<int32_t>(out);
  auto gotV = h.read<int32_t>(vout);
  using R = Reference<int32_t>;
  for (size_t i = 0; i < n; ++i) {
    const int32_t x = a[i], y = b[i], z = c[i];
    EXPECT_EQ(gotWide[3 * i], int64_t((uint64_t(uint32_t(x)) << 32) | uint32_t(y))) << i;
    EXPECT_EQ(gotWide[3 * i + 1], int64_t(int32_t((uint32_t(uint16_t(x)) << 16) | uint16_t(y))))
        << i;
    EXPECT_EQ(gotWide[3 * i + 2], int64_t(uint16_t((uint16_t(uint8_t(x)) << 8) | uint8_t(y)))) << i;
    const int32_t x24 = x >> 8, y24 = y >> 8;
    EXPECT_EQ(got[4 * i], int32_t(int64_t(x24) * y24)) << i;
    EXPECT_EQ(got[4 * i + 1], int32_t(uint32_t(int64_t(x24) * y24) + uint32_t(z))) << i;
    const uint32_t ux = uint32_t(x) & 0xffffff, uy = uint32_t(y) & 0xffffff;
    EXPECT_EQ(uint32_t(got[4 * i + 2]), ux * uy) << i;
    EXPECT_EQ(uint32_t(got[4 * i + 3]), ux * uy + uint32_t(z)) << i;
    const int32_t v[4] = {x, y, z, x ^ y}, w[4] = {z, x, y, int32_t(0u - uint32_t(x))};
    for (int k = 0; k < 4; ++k) {
      EXPECT_EQ(gotV[16 * i + k], std::clamp(v[k], -1000, 1000)) << i << k;
      EXPECT_EQ(gotV[16 * i + 4 + k], R::saturate(__int128(v[k]) + w[k])) << i << k;
      EXPECT_EQ(gotV[16 * i + 8 + k], R::rotate(v[k], w[k])) << i << k;
      EXPECT_EQ(gotV[16 * i + 12 + k], R::mulHi(v[k], w[k])) << i << k;
    }
  }
  EXPECT_TRUE(h.sink.findings().empty());
}

INSTANTIATE_TEST_SUITE_P(Kernels, IntegerBuiltins, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
