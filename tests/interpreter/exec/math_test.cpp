// OpenCL.std math and common functions through the interpreter (OpenCL C
// §6.15.2, §6.15.4): every function on float, double and half, scalars and
// vectors, within the full-profile ULP bounds of OpenCL SPIR-V Env §6.6.1
// against long double references computed here.
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

using Half = _Float16;
using LD = long double;
constexpr LD kPi = 3.141592653589793238462643383279502884L;

class MathFunctions : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options() const { return GetParam().options(); }
  std::string path() const { return kernelPath("math", GetParam().level); }
};

template <class F> struct Traits;
template <> struct Traits<float> {
  static constexpr int digits = 24, minExp = -125;
  static constexpr LD max = std::numeric_limits<float>::max();
  static constexpr const char *name = "float";
};
template <> struct Traits<double> {
  static constexpr int digits = 53, minExp = -1021;
  static constexpr LD max = std::numeric_limits<double>::max();
  static constexpr const char *name = "double";
};
template <> struct Traits<Half> {
  static constexpr int digits = 11, minExp = -13;
  static constexpr LD max = 65504;
  static constexpr const char *name = "half";
};

/// |got - exact| in units of the last place of F at the exact value.
template <class F> double ulpError(F got, LD exact) {
  const LD g = static_cast<LD>(got);
  if (std::isnan(exact)) return std::isnan(g) ? 0 : INFINITY;
  if (std::isnan(g)) return INFINITY;
  if (std::fabs(exact) > Traits<F>::max * (1 + std::ldexp(1.0L, -Traits<F>::digits)))
    return std::isinf(g) && std::signbit(g) == std::signbit(exact) ? 0 : INFINITY;
  if (std::isinf(g)) return INFINITY;
  int e = 0;
  std::frexp(exact, &e);
  const LD ulp = std::ldexp(1.0L, std::max(e, Traits<F>::minExp) - Traits<F>::digits);
  return static_cast<double>(std::fabs(g - exact) / ulp);
}

struct Function {
  const char *name;
  std::function<LD(LD)> exact;
  double bound[3]; // float, double, half (OpenCL SPIR-V Env §6.6.1)
};

// sin(πx), cos(πx) and tan(πx) with πx formed after an exact reduction, and
// the exact zeros and poles of §6.7.1 at integers and half-integers.
LD reducedPi(LD x) {
  return kPi * (x - 2 * std::nearbyint(x / 2));
}
LD sinpiExact(LD x) {
  return x == std::trunc(x) ? std::copysign(0.0L, x) : std::sin(reducedPi(x));
}
LD cospiExact(LD x) {
  return std::fabs(x - std::trunc(x)) == 0.5L ? 0.0L : std::cos(reducedPi(x));
}
LD tanpiExact(LD x) {
  if (x == std::trunc(x)) return 0.0L;
  if (std::fabs(x - std::trunc(x)) == 0.5L)
    return std::fmod(std::fabs(x - 0.5L), 2.0L) == 1.0L ? -INFINITY : INFINITY;
  return std::tan(reducedPi(x));
}

LD signOf(LD x) {
  return std::isnan(x) ? 0 : x > 0 ? 1 : x < 0 ? -1 : x;
}

const std::vector<Function> &unaryFunctions() {
  static const std::vector<Function> f = {
      {"acos", [](LD x) { return std::acos(x); }, {4, 4, 2}},
      {"acosh", [](LD x) { return std::acosh(x); }, {4, 4, 2}},
      {"acospi", [](LD x) { return std::acos(x) / kPi; }, {5, 5, 2}},
      {"asin", [](LD x) { return std::asin(x); }, {4, 4, 2}},
      {"asinh", [](LD x) { return std::asinh(x); }, {4, 4, 2}},
      {"asinpi", [](LD x) { return std::asin(x) / kPi; }, {5, 5, 2}},
      {"atan", [](LD x) { return std::atan(x); }, {5, 5, 2}},
      {"atanh", [](LD x) { return std::atanh(x); }, {5, 5, 2}},
      {"atanpi", [](LD x) { return std::atan(x) / kPi; }, {5, 5, 2}},
      {"cbrt", [](LD x) { return std::cbrt(x); }, {2, 2, 2}},
      {"ceil", [](LD x) { return std::ceil(x); }, {0, 0, 0}},
      {"cos", [](LD x) { return std::cos(x); }, {4, 4, 2}},
      {"cosh", [](LD x) { return std::cosh(x); }, {4, 4, 2}},
      {"cospi", cospiExact, {4, 4, 2}},
      {"erfc", [](LD x) { return std::erfc(x); }, {16, 16, 4}},
      {"erf", [](LD x) { return std::erf(x); }, {16, 16, 4}},
      {"exp", [](LD x) { return std::exp(x); }, {3, 3, 2}},
      {"exp2", [](LD x) { return std::exp2(x); }, {3, 3, 2}},
      {"exp10", [](LD x) { return std::pow(10.0L, x); }, {3, 3, 2}},
      {"expm1", [](LD x) { return std::expm1(x); }, {3, 3, 2}},
      {"fabs", [](LD x) { return std::fabs(x); }, {0, 0, 0}},
      {"floor", [](LD x) { return std::floor(x); }, {0, 0, 0}},
      {"lgamma", [](LD x) { return std::lgamma(x); }, {16, 16, 4}}, // implementation-defined
      {"log", [](LD x) { return std::log(x); }, {3, 3, 2}},
      {"log2", [](LD x) { return std::log2(x); }, {3, 3, 2}},
      {"log10", [](LD x) { return std::log10(x); }, {3, 3, 2}},
      {"log1p", [](LD x) { return std::log1p(x); }, {2, 2, 2}},
      {"logb", [](LD x) { return std::logb(x); }, {0, 0, 0}},
      {"rint", [](LD x) { return std::nearbyint(x); }, {0, 0, 0}},
      {"round", [](LD x) { return std::round(x); }, {0, 0, 0}},
      {"rsqrt", [](LD x) { return 1 / std::sqrt(x); }, {2, 2, 1}},
      {"sin", [](LD x) { return std::sin(x); }, {4, 4, 2}},
      {"sinh", [](LD x) { return std::sinh(x); }, {4, 4, 2}},
      {"sinpi", sinpiExact, {4, 4, 2}},
      {"sqrt", [](LD x) { return std::sqrt(x); }, {3, 0, 0}},
      {"tan", [](LD x) { return std::tan(x); }, {5, 5, 2}},
      {"tanh", [](LD x) { return std::tanh(x); }, {5, 5, 2}},
      {"tanpi", tanpiExact, {6, 6, 2}},
      {"tgamma", [](LD x) { return std::tgamma(x); }, {16, 16, 4}},
      {"trunc", [](LD x) { return std::trunc(x); }, {0, 0, 0}},
      {"degrees", [](LD x) { return x * (180 / kPi); }, {2, 2, 2}},
      {"radians", [](LD x) { return x * (kPi / 180); }, {2, 2, 2}},
      {"sign", signOf, {0, 0, 0}},
  };
  return f;
}

struct Function2 {
  const char *name;
  std::function<LD(LD, LD)> exact;
  double bound[3];
};

const std::vector<Function2> &binaryFunctions() {
  static const std::vector<Function2> f = {
      {"atan2", [](LD y, LD x) { return std::atan2(y, x); }, {6, 6, 2}},
      {"atan2pi", [](LD y, LD x) { return std::atan2(y, x) / kPi; }, {6, 6, 2}},
      {"copysign", [](LD x, LD y) { return std::copysign(x, y); }, {0, 0, 0}},
      {"fdim", [](LD x, LD y) { return std::fdim(x, y); }, {0, 0, 0}},
      {"fmax", [](LD x, LD y) { return std::fmax(x, y); }, {0, 0, 0}},
      {"fmin", [](LD x, LD y) { return std::fmin(x, y); }, {0, 0, 0}},
      {"fmod", [](LD x, LD y) { return std::fmod(x, y); }, {0, 0, 0}},
      {"hypot", [](LD x, LD y) { return std::hypot(x, y); }, {4, 4, 2}},
      {"maxmag",
       [](LD x, LD y) {
         return std::fabs(x) > std::fabs(y) ? x : std::fabs(y) > std::fabs(x) ? y : std::fmax(x, y);
       },
       {0, 0, 0}},
      {"minmag",
       [](LD x, LD y) {
         return std::fabs(x) < std::fabs(y) ? x : std::fabs(y) < std::fabs(x) ? y : std::fmin(x, y);
       },
       {0, 0, 0}},
      {"nextafter", nullptr, {0, 0, 0}}, // checked per type below
      {"pow", [](LD x, LD y) { return std::pow(x, y); }, {16, 16, 4}},
      {"powr",
       [](LD x, LD y) { // §6.7.1: x < 0 is NaN; powr(±0, y < 0) = +inf, powr(±0, ±0) = NaN
         if (x < 0) return LD(NAN);
         if (x == 0) return y < 0 ? LD(INFINITY) : y == 0 ? LD(NAN) : 0.0L;
         return std::pow(x, y);
       },
       {16, 16, 4}},
      {"remainder", [](LD x, LD y) { return std::remainder(x, y); }, {0, 0, 0}},
      {"step", [](LD e, LD x) { return x < e ? 0.0L : 1.0L; }, {0, 0, 0}},
      {"fma", [](LD x, LD y) { return x * y + x; }, {0, 0, 0}},
      {"mad", [](LD x, LD y) { return x * y + x; }, {1, 1, 1}}, // two roundings allowed
      {"clamp", [](LD x, LD) { return std::fmin(std::fmax(x, -1.0L), 1.0L); }, {0, 0, 0}},
      {"mix", [](LD x, LD y) { return x + (y - x) * 0.25L; }, {1, 1, 1}},
      {"smoothstep",
       [](LD, LD) { return NAN; }, // checked below
       {0, 0, 0}},
      {"max", [](LD x, LD y) { return std::fmax(x, y); }, {0, 0, 0}},
      {"min", [](LD x, LD y) { return std::fmin(x, y); }, {0, 0, 0}},
  };
  return f;
}

std::vector<double> inputs() {
  std::vector<double> v = {0.5,    -0.3,    1.7,  2.5,  10.25, -7.75, 0.0,  -0.0, 1e-3, 3.0,  0.999,
                           -0.999, 1.25,    6.5,  -2.5, 0.125, 4.75,  -4.0, 2.0,  1.0,  -1.0, 0.75,
                           8.5,    -0.0625, 1e-5, 11.0, -11.5, 0.25,  15.0, 0.3,  -0.7, 5.5};
  return v;
}

template <class F> int typeIndex() {
  return std::is_same_v<F, float> ? 0 : std::is_same_v<F, double> ? 1 : 2;
}

template <class F> void checkType(KernelHarness &h, const ExecOptions &options) {
  const std::string type = Traits<F>::name;
  std::vector<F> x, y;
  for (double v : inputs()) x.push_back(static_cast<F>(v));
  for (size_t i = 0; i < x.size(); ++i) y.push_back(x[(i * 7 + 3) % x.size()]);
  const uint32_t n = static_cast<uint32_t>(x.size());
  auto xb = h.buffer(x, "x"), yb = h.buffer(y, "y");
  const auto &unary = unaryFunctions();
  auto out = h.buffer(std::vector<F>(unary.size() * n), "out");
  h.run("unary_" + type, range1(n, 8),
        {ArgBinding::ofBuffer(xb), ArgBinding::ofBuffer(out), value<uint32_t>(n)}, options);
  auto got = h.read<F>(out);
  for (size_t k = 0; k < unary.size(); ++k)
    for (uint32_t i = 0; i < n; ++i) {
      const LD exact = unary[k].exact(static_cast<LD>(x[i]));
      const double e = ulpError(got[k * n + i], exact);
      EXPECT_LE(e, unary[k].bound[typeIndex<F>()] + 0.5)
          << type << " " << unary[k].name << "(" << double(x[i]) << ") = " << double(got[k * n + i])
          << ", exact " << double(exact);
    }
  const auto &binary = binaryFunctions();
  auto out2 = h.buffer(std::vector<F>(binary.size() * n), "out2");
  h.run("binary_" + type, range1(n, 8),
        {ArgBinding::ofBuffer(xb), ArgBinding::ofBuffer(yb), ArgBinding::ofBuffer(out2),
         value<uint32_t>(n)},
        options);
  auto got2 = h.read<F>(out2);
  for (size_t k = 0; k < binary.size(); ++k)
    for (uint32_t i = 0; i < n; ++i) {
      const std::string name = binary[k].name;
      const F r = got2[k * n + i];
      const LD a = static_cast<LD>(x[i]), b = static_cast<LD>(y[i]);
      if (name == "nextafter") {
        const F want = x[i] == y[i] ? y[i] : static_cast<F>(std::nextafter(a, b));
        // The neighbour of x toward y in F: between x and y, and adjacent to x.
        EXPECT_TRUE(r == want || (x[i] != y[i] && static_cast<LD>(r) != a &&
                                  (static_cast<LD>(r) - a) * (b - a) > 0))
            << type << " nextafter(" << double(a) << ", " << double(b) << ") = " << double(r);
        continue;
      }
      if (name == "smoothstep") {
        const LD t = std::fmin(std::fmax((a + 2) / 5, 0.0L), 1.0L);
        EXPECT_LE(ulpError(r, t * t * (3 - 2 * t)), 2.5) << type << " smoothstep " << double(a);
        continue;
      }
      const double e = ulpError(r, binary[k].exact(a, b));
      EXPECT_LE(e, binary[k].bound[typeIndex<F>()] + 0.5)
          << type << " " << name << "(" << double(a) << ", " << double(b) << ") = " << double(r);
    }
}

TEST_P(MathFunctions, UnaryAndBinaryWithinBounds) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  checkType<float>(h, options());
  checkType<double>(h, options());
  checkType<Half>(h, options());
  EXPECT_TRUE(h.sink.findings().empty());
}

template <class F> void checkIntegerForms(KernelHarness &h, const ExecOptions &options) {
  const std::string type = Traits<F>::name;
  std::vector<F> x;
  std::vector<int32_t> e;
  for (double v : inputs()) x.push_back(static_cast<F>(v));
  for (size_t i = 0; i < x.size(); ++i) e.push_back(static_cast<int32_t>(i % 7) - 3);
  const uint32_t n = static_cast<uint32_t>(x.size());
  auto xb = h.buffer(x, "x"), eb = h.buffer(e, "e");
  auto out = h.buffer(std::vector<F>(12 * n), "out");
  auto iout = h.buffer(std::vector<int32_t>(4 * n), "iout");
  h.run("integer_" + type, range1(n, 8),
        {ArgBinding::ofBuffer(xb), ArgBinding::ofBuffer(eb), ArgBinding::ofBuffer(out),
         ArgBinding::ofBuffer(iout), value<uint32_t>(n)},
        options);
  auto got = h.read<F>(out);
  auto gotI = h.read<int32_t>(iout);
  for (uint32_t i = 0; i < n; ++i) {
    const LD a = static_cast<LD>(x[i]);
    const int k = e[i];
    SCOPED_TRACE(type + " x = " + std::to_string(double(a)) + ", n = " + std::to_string(k));
    EXPECT_EQ(ulpError(got[i], std::ldexp(a, k)), 0);
    EXPECT_LE(ulpError(got[n + i], std::pow(a, LD(k))), typeIndex<F>() == 2 ? 4.5 : 16.5);
    const LD root = k == 0 || (a < 0 && k % 2 == 0) ? NAN
                    : a < 0                         ? -std::pow(-a, 1.0L / k)
                                                    : std::pow(a, 1.0L / k);
    EXPECT_LE(ulpError(got[2 * n + i],
                       a == 0 && k < 0 ? (k % 2 ? std::copysign(INFINITY, a) : INFINITY) : root),
              typeIndex<F>() == 2 ? 4.5 : 16.5);
    EXPECT_EQ(gotI[i], a == 0 ? INT32_MIN : std::ilogb(a));
    int exponent = 0;
    EXPECT_EQ(ulpError(got[3 * n + i], std::frexp(a, &exponent)), 0);
    EXPECT_EQ(gotI[n + i], exponent);
    LD whole = 0;
    EXPECT_EQ(ulpError(got[4 * n + i], std::modf(a, &whole)), 0);
    EXPECT_EQ(ulpError(got[5 * n + i], whole), 0);
    EXPECT_EQ(ulpError(got[7 * n + i], std::floor(a)), 0);
    EXPECT_LE(ulpError(got[6 * n + i], a - std::floor(a)), 0.5);
    EXPECT_LE(ulpError(got[8 * n + i], std::sin(a)), 4.5);
    EXPECT_LE(ulpError(got[9 * n + i], std::cos(a)), 4.5);
    int sign = 0;
    const LD lg = lgammal_r(a, &sign);
    EXPECT_LE(ulpError(got[10 * n + i], lg), 16.5);
    if (!std::isinf(lg)) {
      EXPECT_EQ(gotI[2 * n + i], sign);
    }
    EXPECT_EQ(ulpError(got[11 * n + i], std::remainder(a, 1.75L)), 0);
    const LD q = std::nearbyint((a - std::remainder(a, 1.75L)) / 1.75L);
    EXPECT_EQ(std::abs(gotI[3 * n + i]) & 127, int(std::fabs(q)) & 127);
    if (q != 0) {
      EXPECT_EQ(gotI[3 * n + i] < 0, q < 0);
    }
  }
}

TEST_P(MathFunctions, IntegerOperandsAndSecondResults) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  checkIntegerForms<float>(h, options());
  checkIntegerForms<double>(h, options());
  checkIntegerForms<Half>(h, options());
  EXPECT_TRUE(h.sink.findings().empty());
}

TEST_P(MathFunctions, NativeAndHalfForms) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  std::vector<float> x;
  for (double v : inputs()) x.push_back(static_cast<float>(v));
  const uint32_t n = static_cast<uint32_t>(x.size());
  auto xb = h.buffer(x, "x");
  auto out = h.buffer(std::vector<float>(28 * n), "out");
  h.run("native_float", range1(n, 8),
        {ArgBinding::ofBuffer(xb), ArgBinding::ofBuffer(out), value<uint32_t>(n)}, options());
  auto got = h.read<float>(out);
  const std::vector<std::function<LD(LD)>> exact = {
      [](LD v) { return std::cos(v); },      [](LD v) { return std::exp(v); },
      [](LD v) { return std::exp2(v); },     [](LD v) { return std::pow(10.0L, v); },
      [](LD v) { return std::log(v); },      [](LD v) { return std::log2(v); },
      [](LD v) { return std::log10(v); },    [](LD v) { return 1 / v; },
      [](LD v) { return 1 / std::sqrt(v); }, [](LD v) { return std::sin(v); },
      [](LD v) { return std::sqrt(v); },     [](LD v) { return std::tan(v); }};
  for (uint32_t i = 0; i < n; ++i) {
    const LD a = x[i];
    for (size_t k = 0; k < 24; ++k) // half_* (8192 ulp) then native_* (implementation-defined)
      EXPECT_LE(ulpError(got[k * n + i], exact[k % 12](a)), 8192) << k << " of " << double(a);
    EXPECT_LE(ulpError(got[24 * n + i], a / 3), 8192);
    EXPECT_LE(ulpError(got[25 * n + i], a / 3), 8192);
    EXPECT_LE(ulpError(got[26 * n + i], std::pow(std::fabs(a), 1.5L)), 8192);
    EXPECT_LE(ulpError(got[27 * n + i], std::pow(std::fabs(a), 1.5L)), 8192);
  }
}

TEST_P(MathFunctions, VectorsAndNan) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const uint32_t n = 8;
  std::vector<float> x(4 * n);
  std::vector<uint32_t> codes(4 * n);
  for (uint32_t i = 0; i < 4 * n; ++i) x[i] = 0.37f * float(i) - 5.0f, codes[i] = i * 977;
  auto xb = h.buffer(x, "x"), cb = h.buffer(codes, "codes");
  auto out = h.buffer(std::vector<float>(16 * n), "out");
  auto nans = h.buffer(std::vector<uint32_t>(4 * n), "nans");
  h.run("vectors", range1(n, 4),
        {ArgBinding::ofBuffer(xb), ArgBinding::ofBuffer(out), ArgBinding::ofBuffer(cb),
         ArgBinding::ofBuffer(nans)},
        options());
  auto got = h.read<float>(out);
  auto gotNans = h.read<uint32_t>(nans);
  for (uint32_t i = 0; i < n; ++i)
    for (uint32_t c = 0; c < 4; ++c) {
      const LD a = x[4 * i + c];
      EXPECT_LE(ulpError(got[16 * i + c], std::sin(a)), 4);
      EXPECT_LE(ulpError(got[16 * i + 4 + c], a * a), 16);
      EXPECT_EQ(got[16 * i + 8 + c], x[4 * i + c] * 8);
      EXPECT_EQ(got[16 * i + 12 + c], std::fma(x[4 * i + c], x[4 * i + c], 1.0f));
      // nan(code): a quiet NaN with the code in its payload.
      EXPECT_EQ(gotNans[4 * i + c], 0x7fc00000u | (codes[4 * i + c] & 0x3fffffu));
    }
}

INSTANTIATE_TEST_SUITE_P(Kernels, MathFunctions, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
