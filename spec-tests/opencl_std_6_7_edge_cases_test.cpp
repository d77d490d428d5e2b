// OpenCL SPIR-V Env §6.7.1 "Additional Requirements Beyond ISO/IEC 9899:TC2"
// and §6.7.2 "Changes to ISO/IEC 9899: TC2 Behavior": every edge case the
// sections list, exactly (sign of zero included), for half, float and double,
// on the functions the interpreter runs (interpreter/exec/math_functions.h).
// One test per function, named by section; the geometric cases (length,
// distance, normalize) run through kernels in tests/interpreter.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "exec/math_functions.h"

namespace spvsim {
namespace {

namespace m = ops::math;
using Half = _Float16;

/// The type under test, wrapped: the C++ runtime has no typeinfo for _Float16.
template <class F> struct Precision {
  using T = F;
};
template <class F> class Env_6_7 : public ::testing::Test {};
using FloatTypes = ::testing::Types<Precision<Half>, Precision<float>, Precision<double>>;
TYPED_TEST_SUITE(Env_6_7, FloatTypes);

template <class F> F v(double d) {
  return static_cast<F>(d);
}
template <class F> F inf() {
  return v<F>(INFINITY);
}
template <class F> F nan() {
  return v<F>(NAN);
}
/// Same value and, for zeros, the same sign.
template <class F>::testing::AssertionResult exactly(F got, double want) {
  const double g = static_cast<double>(got);
  if (std::isnan(want) ? std::isnan(g) : g == want && std::signbit(g) == std::signbit(want))
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << g << ", want " << want;
}

TYPED_TEST(Env_6_7, Section_6_7_1_acospi) {
  using F = typename TypeParam::T;
  EXPECT_TRUE(exactly(m::acospi(v<F>(1)), 0.0));
  EXPECT_TRUE(exactly(m::acospi(v<F>(1.5)), NAN));
  EXPECT_TRUE(exactly(m::acospi(v<F>(-2)), NAN));
}

TYPED_TEST(Env_6_7, Section_6_7_1_asinpi) {
  using F = typename TypeParam::T;
  EXPECT_TRUE(exactly(m::asinpi(v<F>(0.0)), 0.0));
  EXPECT_TRUE(exactly(m::asinpi(v<F>(-0.0)), -0.0));
  EXPECT_TRUE(exactly(m::asinpi(v<F>(1.25)), NAN));
}

TYPED_TEST(Env_6_7, Section_6_7_1_atanpi) {
  using F = typename TypeParam::T;
  EXPECT_TRUE(exactly(m::atanpi(v<F>(0.0)), 0.0));
  EXPECT_TRUE(exactly(m::atanpi(v<F>(-0.0)), -0.0));
  EXPECT_TRUE(exactly(m::atanpi(inf<F>()), 0.5));
  EXPECT_TRUE(exactly(m::atanpi(-inf<F>()), -0.5));
}

TYPED_TEST(Env_6_7, Section_6_7_1_atan2pi) {
  using F = typename TypeParam::T;
  for (double s : {1.0, -1.0}) {
    const F zero = v<F>(s * 0.0);
    EXPECT_TRUE(exactly(m::atan2pi(zero, v<F>(-0.0)), s * 1));
    EXPECT_TRUE(exactly(m::atan2pi(zero, v<F>(0.0)), s * 0.0));
    EXPECT_TRUE(exactly(m::atan2pi(zero, v<F>(-3)), s * 1));
    EXPECT_TRUE(exactly(m::atan2pi(zero, v<F>(3)), s * 0.0));
    EXPECT_TRUE(exactly(m::atan2pi(v<F>(s * 2), -inf<F>()), s * 1));
    EXPECT_TRUE(exactly(m::atan2pi(v<F>(s * 2), inf<F>()), s * 0.0));
    EXPECT_TRUE(exactly(m::atan2pi(v<F>(s * INFINITY), v<F>(5)), s * 0.5));
    EXPECT_TRUE(exactly(m::atan2pi(v<F>(s * INFINITY), -inf<F>()), s * 0.75));
    EXPECT_TRUE(exactly(m::atan2pi(v<F>(s * INFINITY), inf<F>()), s * 0.25));
  }
  for (double x : {0.0, -0.0}) {
    EXPECT_TRUE(exactly(m::atan2pi(v<F>(-2), v<F>(x)), -0.5));
    EXPECT_TRUE(exactly(m::atan2pi(v<F>(2), v<F>(x)), 0.5));
  }
}

TYPED_TEST(Env_6_7, Section_6_7_1_ceil) {
  using F = typename TypeParam::T;
  for (double x : {-0.5, -0.001, -0.999}) EXPECT_TRUE(exactly(m::ceil(v<F>(x)), -0.0)) << x;
}

TYPED_TEST(Env_6_7, Section_6_7_1_cospi) {
  using F = typename TypeParam::T;
  EXPECT_TRUE(exactly(m::cospi(v<F>(0.0)), 1));
  EXPECT_TRUE(exactly(m::cospi(v<F>(-0.0)), 1));
  for (double n : {0.0, 1.0, 2.0, 7.0, -1.0, -4.0, 100.0})
    EXPECT_TRUE(exactly(m::cospi(v<F>(n + 0.5)), 0.0)) << n;
  EXPECT_TRUE(exactly(m::cospi(inf<F>()), NAN));
  EXPECT_TRUE(exactly(m::cospi(-inf<F>()), NAN));
}

TYPED_TEST(Env_6_7, Section_6_7_1_exp10) {
  using F = typename TypeParam::T;
  EXPECT_TRUE(exactly(m::exp10(v<F>(0.0)), 1));
  EXPECT_TRUE(exactly(m::exp10(v<F>(-0.0)), 1));
  EXPECT_TRUE(exactly(m::exp10(-inf<F>()), 0.0));
  EXPECT_TRUE(exactly(m::exp10(inf<F>()), INFINITY));
}

TYPED_TEST(Env_6_7, Section_6_7_1_fdim) {
  using F = typename TypeParam::T;
  EXPECT_TRUE(exactly(m::fdim(v<F>(3), nan<F>()), NAN));
  EXPECT_TRUE(exactly(m::fdim(nan<F>(), v<F>(3)), NAN));
}

TYPED_TEST(Env_6_7, Section_6_7_1_fmod) {
  using F = typename TypeParam::T;
  EXPECT_TRUE(exactly(m::fmod(v<F>(0.0), nan<F>()), NAN));
  EXPECT_TRUE(exactly(m::fmod(v<F>(-0.0), nan<F>()), NAN));
}

TYPED_TEST(Env_6_7, Section_6_7_1_fract) {
  using F = typename TypeParam::T;
  F whole{};
  // Never 1.0 or more, never negative: the largest value below 1 for tiny negatives.
  // A tiny negative value: x - floor(x) rounds to 1, fract gives the largest value below 1.
  const F r = m::fract(v<F>(-1e-30), whole);
  EXPECT_LT(static_cast<double>(r), 1.0);
  EXPECT_GE(static_cast<double>(r), 0.0);
  EXPECT_TRUE(exactly(m::fract(v<F>(0.0), whole), 0.0));
  EXPECT_TRUE(exactly(whole, 0.0));
  EXPECT_TRUE(exactly(m::fract(v<F>(-0.0), whole), -0.0));
  EXPECT_TRUE(exactly(whole, -0.0));
  EXPECT_TRUE(exactly(m::fract(inf<F>(), whole), 0.0));
  EXPECT_TRUE(exactly(whole, INFINITY));
  EXPECT_TRUE(exactly(m::fract(-inf<F>(), whole), -0.0));
  EXPECT_TRUE(exactly(whole, -INFINITY));
  EXPECT_TRUE(exactly(m::fract(nan<F>(), whole), NAN));
  EXPECT_TRUE(exactly(whole, NAN));
}

TYPED_TEST(Env_6_7, Section_6_7_1_frexp) {
  using F = typename TypeParam::T;
  int32_t e = 7;
  EXPECT_TRUE(exactly(m::frexp(inf<F>(), e), INFINITY));
  EXPECT_EQ(e, 0);
  e = 7;
  EXPECT_TRUE(exactly(m::frexp(-inf<F>(), e), -INFINITY));
  EXPECT_EQ(e, 0);
  e = 7;
  EXPECT_TRUE(exactly(m::frexp(nan<F>(), e), NAN));
  EXPECT_EQ(e, 0);
}

TYPED_TEST(Env_6_7, Section_6_7_1_lgamma_r) {
  using F = typename TypeParam::T;
  int32_t sign = 5;
  for (double x : {0.0, -0.0, -1.0, -2.0, -7.0}) {
    m::lgamma_r(v<F>(x), sign);
    EXPECT_EQ(sign, 0) << x;
  }
  m::lgamma_r(v<F>(-0.5), sign);
  EXPECT_EQ(sign, -1);
}

TYPED_TEST(Env_6_7, Section_6_7_1_nextafter) {
  using F = typename TypeParam::T;
  const double denormMin = static_cast<double>(std::bit_cast<F>(
      static_cast<std::conditional_t<sizeof(F) == 2, uint16_t,
                                     std::conditional_t<sizeof(F) == 4, uint32_t, uint64_t>>>(1)));
  EXPECT_TRUE(exactly(m::nextafter(v<F>(-0.0), v<F>(1)), denormMin));
  EXPECT_TRUE(exactly(m::nextafter(v<F>(0.0), v<F>(-1)), -denormMin));
}

TYPED_TEST(Env_6_7, Section_6_7_1_pow) {
  using F = typename TypeParam::T;
  EXPECT_TRUE(exactly(m::pow(v<F>(0.0), -inf<F>()), INFINITY));
  EXPECT_TRUE(exactly(m::pow(v<F>(-0.0), -inf<F>()), INFINITY));
}

TYPED_TEST(Env_6_7, Section_6_7_1_pown) {
  using F = typename TypeParam::T;
  for (double x : {0.0, -0.0, 2.5, double(INFINITY), double(NAN)})
    EXPECT_TRUE(exactly(m::pown(v<F>(x), 0), 1)) << x;
  for (double s : {1.0, -1.0}) {
    const F zero = v<F>(s * 0.0);
    EXPECT_TRUE(exactly(m::pown(zero, -3), s * INFINITY));
    EXPECT_TRUE(exactly(m::pown(zero, -2), INFINITY));
    EXPECT_TRUE(exactly(m::pown(zero, 4), 0.0));
    EXPECT_TRUE(exactly(m::pown(zero, 5), s * 0.0));
  }
}

TYPED_TEST(Env_6_7, Section_6_7_1_powr) {
  using F = typename TypeParam::T;
  EXPECT_TRUE(exactly(m::powr(v<F>(3), v<F>(0.0)), 1));
  EXPECT_TRUE(exactly(m::powr(v<F>(3), v<F>(-0.0)), 1));
  for (double z : {0.0, -0.0}) {
    EXPECT_TRUE(exactly(m::powr(v<F>(z), v<F>(-2)), INFINITY));
    EXPECT_TRUE(exactly(m::powr(v<F>(z), -inf<F>()), INFINITY));
    EXPECT_TRUE(exactly(m::powr(v<F>(z), v<F>(3)), 0.0));
    EXPECT_TRUE(exactly(m::powr(v<F>(z), v<F>(0.0)), NAN));
    EXPECT_TRUE(exactly(m::powr(v<F>(z), v<F>(-0.0)), NAN));
  }
  EXPECT_TRUE(exactly(m::powr(v<F>(1), v<F>(7.5)), 1));
  EXPECT_TRUE(exactly(m::powr(v<F>(-2), v<F>(2)), NAN));
  EXPECT_TRUE(exactly(m::powr(inf<F>(), v<F>(0.0)), NAN));
  EXPECT_TRUE(exactly(m::powr(v<F>(1), inf<F>()), NAN));
  EXPECT_TRUE(exactly(m::powr(v<F>(1), -inf<F>()), NAN));
  EXPECT_TRUE(exactly(m::powr(v<F>(2), nan<F>()), NAN));
  EXPECT_TRUE(exactly(m::powr(nan<F>(), v<F>(2)), NAN));
}

TYPED_TEST(Env_6_7, Section_6_7_1_rint) {
  using F = typename TypeParam::T;
  for (double x : {-0.5, -0.25, -0.001}) EXPECT_TRUE(exactly(m::rint(v<F>(x)), -0.0)) << x;
}

TYPED_TEST(Env_6_7, Section_6_7_1_remquo) {
  using F = typename TypeParam::T;
  int32_t q = 9;
  const auto check = [&](F x, F y) {
    q = 9;
    EXPECT_TRUE(exactly(m::remquo(x, y, q), NAN));
    EXPECT_EQ(q, 0);
  };
  check(inf<F>(), v<F>(2));
  check(-inf<F>(), v<F>(2));
  check(v<F>(3), v<F>(0.0));
  check(nan<F>(), v<F>(2));
  check(v<F>(2), nan<F>());
}

TYPED_TEST(Env_6_7, Section_6_7_1_rootn) {
  using F = typename TypeParam::T;
  for (double s : {1.0, -1.0}) {
    const F zero = v<F>(s * 0.0);
    EXPECT_TRUE(exactly(m::rootn(zero, -3), s * INFINITY));
    EXPECT_TRUE(exactly(m::rootn(zero, -2), INFINITY));
    EXPECT_TRUE(exactly(m::rootn(zero, 2), 0.0));
    EXPECT_TRUE(exactly(m::rootn(zero, 3), s * 0.0));
  }
  EXPECT_TRUE(exactly(m::rootn(v<F>(-8), 2), NAN));
  EXPECT_TRUE(exactly(m::rootn(v<F>(8), 0), NAN));
  EXPECT_TRUE(exactly(m::rootn(v<F>(-8), 3), -2));
}

TYPED_TEST(Env_6_7, Section_6_7_1_round) {
  using F = typename TypeParam::T;
  for (double x : {-0.25, -0.49}) EXPECT_TRUE(exactly(m::round(v<F>(x)), -0.0)) << x;
}

TYPED_TEST(Env_6_7, Section_6_7_1_sinpi) {
  using F = typename TypeParam::T;
  EXPECT_TRUE(exactly(m::sinpi(v<F>(0.0)), 0.0));
  EXPECT_TRUE(exactly(m::sinpi(v<F>(-0.0)), -0.0));
  for (double n : {1.0, 2.0, 3.0, 10.0, 1001.0}) {
    EXPECT_TRUE(exactly(m::sinpi(v<F>(n)), 0.0)) << n;
    EXPECT_TRUE(exactly(m::sinpi(v<F>(-n)), -0.0)) << n;
  }
  EXPECT_TRUE(exactly(m::sinpi(inf<F>()), NAN));
  EXPECT_TRUE(exactly(m::sinpi(-inf<F>()), NAN));
}

TYPED_TEST(Env_6_7, Section_6_7_1_tanpi) {
  using F = typename TypeParam::T;
  EXPECT_TRUE(exactly(m::tanpi(v<F>(0.0)), 0.0));
  EXPECT_TRUE(exactly(m::tanpi(v<F>(-0.0)), -0.0));
  EXPECT_TRUE(exactly(m::tanpi(inf<F>()), NAN));
  EXPECT_TRUE(exactly(m::tanpi(-inf<F>()), NAN));
  for (double n : {2.0, 4.0, -2.0, -6.0}) // even: copysign(0, n); n + 0.5: +inf
    EXPECT_TRUE(exactly(m::tanpi(v<F>(n)), std::copysign(0.0, n))) << n;
  for (double n : {1.0, 3.0, -1.0, -5.0}) // odd: copysign(0, -n); n + 0.5: -inf
    EXPECT_TRUE(exactly(m::tanpi(v<F>(n)), std::copysign(0.0, -n))) << n;
  for (double n : {0.0, 2.0, -2.0, 8.0})
    EXPECT_TRUE(exactly(m::tanpi(v<F>(n + 0.5)), INFINITY)) << n;
  for (double n : {1.0, 3.0, -1.0, -3.0})
    EXPECT_TRUE(exactly(m::tanpi(v<F>(n + 0.5)), -INFINITY)) << n;
}

TYPED_TEST(Env_6_7, Section_6_7_1_trunc) {
  using F = typename TypeParam::T;
  for (double x : {-0.5, -0.999}) EXPECT_TRUE(exactly(m::trunc(v<F>(x)), -0.0)) << x;
}

// §6.7.2: modf behaves as *iptr = trunc(value); return copysign(isinf(value) ?
// 0.0 : value - *iptr, value).
TYPED_TEST(Env_6_7, Section_6_7_2_modf) {
  using F = typename TypeParam::T;
  for (double x :
       {2.75, -2.75, 0.0, -0.0, -3.0, 3.0, 0.25, -0.25, double(INFINITY), -double(INFINITY)}) {
    F whole{};
    const F got = m::modf(v<F>(x), whole);
    const double iptr = std::trunc(x);
    EXPECT_TRUE(exactly(whole, iptr)) << x;
    EXPECT_TRUE(exactly(got, std::copysign(std::isinf(x) ? 0.0 : x - iptr, x))) << x;
  }
  F whole{};
  EXPECT_TRUE(exactly(m::modf(nan<F>(), whole), NAN));
}

// §6.7.2: rint rounds to nearest even whatever the caller's rounding mode.
TYPED_TEST(Env_6_7, Section_6_7_2_rint) {
  using F = typename TypeParam::T;
  EXPECT_TRUE(exactly(m::rint(v<F>(2.5)), 2));
  EXPECT_TRUE(exactly(m::rint(v<F>(3.5)), 4));
  EXPECT_TRUE(exactly(m::rint(v<F>(-2.5)), -2));
}

} // namespace
} // namespace spvsim
