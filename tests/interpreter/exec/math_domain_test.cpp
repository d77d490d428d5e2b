// The libm called inside its domain only (interpreter/exec/math_domain.h):
// the same results, rounded to the type computed, as the libm's own, bit for
// bit, at the poles, domain edges and overflow bounds; and the libm's error
// path (errno, the environment saved and restored) not taken.
#include <gtest/gtest.h>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "exec/math_domain.h"

namespace spvsim::ops::math::domain {
namespace {

template <class T> uint64_t bitsOf(T v) {
  uint64_t b = 0;
  std::memcpy(&b, &v, sizeof v);
  return b;
}

// Every bound of math_domain.h and the type's own overflow points, with
// their neighbours.
std::vector<double> edgeValues() {
  const double points[] = {0,     0.5,   1,     2,     3,    11.1, 35.04, 38.6,  88.7,  89.4, 128,
                           150,   171,   171.6, 171.7, 200,  300,  308.3, 323.3, 400,   700,  709.8,
                           710.5, 745.2, 1000,  1024,  1075, 2000, 4932,  11356, 11357, 1e300};
  std::vector<double> values;
  for (double p : points)
    for (double s : {p, -p})
      for (double v : {s, std::nextafter(s, INFINITY), std::nextafter(s, -INFINITY)})
        values.push_back(v);
  values.insert(values.end(), {INFINITY, -INFINITY, NAN, 4.9e-324, -4.9e-324});
  return values;
}

// N: the type the result is rounded to; W: the type it is evaluated in.
template <class N, class W> void expectSameAsLibm() {
  int sign = 0;
  for (double d : edgeValues()) {
    const W x = static_cast<W>(static_cast<N>(d));
    const auto same = [&](const char *name, W guarded, W libm) {
      EXPECT_EQ(bitsOf(static_cast<N>(guarded)), bitsOf(static_cast<N>(libm)))
          << name << "(" << static_cast<double>(x) << ") in " << sizeof(W)
          << "-byte: " << static_cast<double>(guarded) << " vs " << static_cast<double>(libm);
    };
    same("acos", acos(x), std::acos(x));
    same("asin", asin(x), std::asin(x));
    same("acosh", acosh(x), std::acosh(x));
    same("atanh", atanh(x), std::atanh(x));
    same("log", log(x), std::log(x));
    same("log2", log2(x), std::log2(x));
    same("log10", log10(x), std::log10(x));
    same("sqrt", sqrt(x), std::sqrt(x));
    same("exp", exp(x), std::exp(x));
    same("exp2", exp2(x), std::exp2(x));
    if constexpr (sizeof(W) > sizeof(double))
      same("exp10", exp10(x), ::exp10l(x));
    else
      same("exp10", exp10(x), ::exp10(x));
    same("expm1", expm1(x), std::expm1(x));
    same("cosh", cosh(x), std::cosh(x));
    same("sinh", sinh(x), std::sinh(x));
    same("tgamma", tgamma(x), std::tgamma(x));
    int libmSign = 0;
    if constexpr (sizeof(W) > sizeof(double))
      same("lgamma_r", lgammaR(x, sign), ::lgammal_r(x, &libmSign));
    else
      same("lgamma_r", lgammaR(x, sign), ::lgamma_r(x, &libmSign));
    for (double e : edgeValues()) {
      const W y = static_cast<W>(static_cast<N>(e));
      same("pow", pow(x, y), std::pow(x, y));
      same("pow", pow(y / 1024, x), std::pow(y / 1024, x)); // bases near 1, powers near bounds
      same("fmod", fmod(x, y), std::fmod(x, y));
      same("remainder", remainder(x, y), std::remainder(x, y));
    }
  }
}

TEST(MathDomain, DoubleInLongDoubleAsTheLibm) {
  expectSameAsLibm<double, long double>();
}

TEST(MathDomain, FloatInDoubleAsTheLibm) {
  expectSameAsLibm<float, double>();
}

// The libm's error path reports through errno; the guards return before it.
TEST(MathDomain, ErrorCasesLeaveErrnoAlone) {
  errno = 0;
  EXPECT_TRUE(std::isnan(acos(2.0L)));
  EXPECT_TRUE(std::isnan(acosh(-1.0L)));
  EXPECT_EQ(atanh(-1.0L), -INFINITY);
  EXPECT_EQ(log(-0.0L), -INFINITY);
  EXPECT_TRUE(std::isnan(log10(-1.0L)));
  EXPECT_EQ(exp(1e300L), INFINITY);
  EXPECT_EQ(exp(-1e300L), 0.0L);
  EXPECT_EQ(exp10(1e5L), INFINITY);
  EXPECT_EQ(expm1(2e4L), INFINITY);
  EXPECT_EQ(sinh(-1e5L), -INFINITY);
  EXPECT_EQ(tgamma(-0.0L), -INFINITY);
  EXPECT_TRUE(std::isnan(tgamma(-INFINITY)));
  EXPECT_TRUE(std::isnan(sqrt(-1.0L)));
  int sign = 0;
  EXPECT_EQ(lgammaR(-3.0L, sign), INFINITY);
  EXPECT_EQ(pow(-2.0L, 1e5L), INFINITY);
  EXPECT_EQ(pow(-2.0L, 100001.0L), -INFINITY);
  EXPECT_EQ(pow(0.5L, 1e5L), 0.0L);
  EXPECT_TRUE(std::isnan(pow(-2.0L, 0.5L)));
  EXPECT_TRUE(std::isnan(fmod(1.0L, 0.0L)));
  EXPECT_TRUE(std::isnan(remainder<long double>(INFINITY, 1)));
  EXPECT_EQ(errno, 0);
}

} // namespace
} // namespace spvsim::ops::math::domain
