// Half conversions on the bits (exec/half_bits.h) against the compiler's
// `_Float16` casts: every half widened, floats across the whole range and
// doubles in every rounding mode of OpenCL SPIR-V Env §6.2, including the
// doubles a conversion through float would round twice.
#include "exec/half_bits.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>

#include <gtest/gtest.h>

#include "half_bits_of.h"

namespace spvsim::ops {
namespace {

using Half = _Float16;

constexpr uint32_t kRte = 1, kRtz = 2, kRtp = 3, kRtn = 4;

using testing::bitsOf;

/// The neighbour of h toward +infinity (up) or -infinity.
Half stepHalf(Half h, bool up) {
  const uint16_t b = bitsOf(h);
  if ((b & 0x7fff) == 0) return std::bit_cast<Half>(uint16_t(up ? 0x0001 : 0x8001));
  if ((b & 0x7fff) == 0x7c00 && bool(b >> 15) != up) return h;
  return std::bit_cast<Half>(uint16_t(bool(b >> 15) != up ? b + 1 : b - 1));
}

/// The reference: the cast (to nearest even), moved by one step when the mode's
/// direction disagrees with it (the exact value compared in long double).
template <class F> uint16_t reference(F v, uint32_t mode) {
  Half r = static_cast<Half>(v);
  if (v != v || mode <= kRte) return bitsOf(r);
  const long double exact = v, back = static_cast<long double>(r);
  if (mode == kRtz && std::fabs(back) > std::fabs(exact)) r = stepHalf(r, back < 0);
  if (mode == kRtp && back < exact) r = stepHalf(r, true);
  if (mode == kRtn && back > exact) r = stepHalf(r, false);
  return bitsOf(r);
}

TEST(HalfBits, EveryHalfWidensExactly) {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    const float cast = static_cast<float>(std::bit_cast<Half>(uint16_t(h)));
    ASSERT_EQ(std::bit_cast<uint32_t>(floatFromHalfBits(uint16_t(h))),
              std::bit_cast<uint32_t>(cast))
        << std::hex << h;
  }
}

TEST(HalfBits, FloatsAcrossTheRangeInEveryMode) {
  // Millions of values: compared plainly, a GoogleTest assertion only for a difference.
  uint64_t failures = 0;
  auto check = [&failures](uint32_t bits) {
    const float f = std::bit_cast<float>(bits);
    for (uint32_t mode = 0; mode <= kRtn; ++mode) {
      const uint16_t got = halfBitsFrom(f, mode), want = reference(f, mode);
      if (got != want && ++failures <= 10)
        ADD_FAILURE() << std::hex << "float " << bits << " mode " << mode << ": got " << got
                      << ", want " << want;
    }
  };
  for (uint64_t bits = 0; bits < (uint64_t(1) << 32); bits += 4093) check(uint32_t(bits));
  // Around every power of two of half's range and beyond: subnormals, the
  // smallest normal, the largest finite value, ties and their neighbours. A normal
  // half drops the low 13 bits of a float's mantissa: 0x2000 steps on either side of
  // a power of two take every value those bits can have.
  for (int e = -30; e <= 17; ++e)
    for (int sign = 0; sign < 2; ++sign) {
      const uint32_t base = std::bit_cast<uint32_t>(std::ldexp(sign ? -1.0f : 1.0f, e));
      for (uint32_t d = 0; d < 0x2000; ++d) check(base + d), check(base - d);
    }
  for (uint32_t special : {0x7f800000u, 0xff800000u, 0x7fc00001u, 0xffbfffffu, 0x7f800001u,
                           0x477fe000u, 0x477fefffu, 0x477ff000u, 0x33000000u, 0x33000001u})
    check(special);
  EXPECT_EQ(failures, 0u);
}

TEST(HalfBits, DoublesRoundOnceInEveryMode) {
  std::mt19937_64 random(23);
  for (int i = 0; i < 400000; ++i) {
    uint64_t bits = random();
    if (i % 2) // most of them within half's range of exponents
      bits = (bits & 0x800fffffffffffffull) | (uint64_t(1023 - 30 + int(random() % 48)) << 52);
    const double d = std::bit_cast<double>(bits);
    for (uint32_t mode = 0; mode <= kRtn; ++mode)
      ASSERT_EQ(halfBitsFrom(d, mode), reference(d, mode))
          << std::hex << "double " << bits << " mode " << mode;
  }
  // Just above a tie of half: through float it becomes the tie and rounds to even.
  const double aboveTie = 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40);
  EXPECT_EQ(halfBitsFrom(aboveTie, kRte), 0x3c01);
  EXPECT_EQ(halfBitsFrom(-aboveTie, kRte), 0xbc01);
  EXPECT_EQ(halfBitsFrom(aboveTie, kRtz), 0x3c00);
  EXPECT_EQ(halfBitsFrom(std::ldexp(1.0, -1074), kRtp), 0x0001); // the smallest double
  EXPECT_EQ(halfBitsFrom(std::ldexp(1.0, -1074), kRte), 0x0000);
  EXPECT_EQ(halfBitsFrom(-1e300, kRtz), 0xfbff);
  EXPECT_EQ(halfBitsFrom(-1e300, kRtp), 0xfbff);
  EXPECT_EQ(halfBitsFrom(-1e300, kRtn), 0xfc00);
  EXPECT_EQ(halfBitsFrom(65520.0, kRte), 0x7c00); // the tie above 65504
  EXPECT_EQ(halfBitsFrom(65519.99, kRte), 0x7bff);
}

} // namespace
} // namespace spvsim::ops
