// The host-libm side of the math builtins (interpreter/exec/math_functions.h):
// what worker threads may call at once must not touch the process's global
// state.
#include <gtest/gtest.h>

#include <cmath>

#include "exec/math_functions.h"

namespace spvsim::ops::math {
namespace {

// ThreadSanitizer found it (scripts/tsan.sh, Kernels/MathFunctions): std::lgamma writes
// the global signgam, so lgamma() on several worker threads at once was a data race.
TEST(MathFunctions, LgammaLeavesSigngamAlone) {
  signgam = 12345;
  EXPECT_NEAR(lgamma(-0.5f), 1.2655121f, 1e-6f); // Γ(-0.5) = -2√π < 0: signgam would be -1
  EXPECT_NEAR(lgamma(-0.5), 1.2655121234846454, 1e-15);
  EXPECT_NEAR(lgamma(4.0), std::log(6.0), 1e-15);
  EXPECT_EQ(signgam, 12345);
}

// math_brute_force found it: glibc's powl(-inf, -2^63) is +inf; C99 F.9.4.4 (which
// OpenCL C §6.15.2 follows) has pow(-inf, y) = +0 for y < 0 not an odd integer.
// The arguments are volatile so that the compiler does not fold the calls.
TEST(MathFunctions, PowOfMinusInfinityToLargeNegativePowers) {
  volatile double minusInf = -INFINITY, minusTwo63 = -0x1p63, minusTwo64 = -0x1p64;
  volatile double minusThree = -3.0, twoTo63 = 0x1p63;
  const double x = minusInf;
  EXPECT_EQ(pow(x, double(minusTwo63)), 0.0);
  EXPECT_FALSE(std::signbit(pow(x, double(minusTwo63))));
  EXPECT_FALSE(std::signbit(pow(x, double(minusTwo64))));
  EXPECT_EQ(pow(x, double(minusThree)), 0.0);
  EXPECT_TRUE(std::signbit(pow(x, double(minusThree))));
  EXPECT_EQ(pow(x, double(twoTo63)), -x);
  EXPECT_TRUE(std::signbit(pown(x, -1)));
  EXPECT_FALSE(std::signbit(pow(float(x), float(minusTwo63))));
}

// fract is correctly rounded (OpenCL C §7.4, 0 ulp): for -1 < x < 0 it is x + 1,
// rounded once. The conformance suite's math_brute_force found a double whose x + 1 in
// long double and then in double was rounded twice, to the even neighbour.
TEST(MathFunctions, FractOfSmallNegativeValuesIsRoundedOnce) {
  double floorPart = 0;
  EXPECT_EQ(fract(-0x1.7fffffffff938p-53, floorPart), 0x1.fffffffffffffp-1);
  EXPECT_EQ(floorPart, -1.0);
  EXPECT_EQ(fract(-0x1.8p-53, floorPart), 0x1.ffffffffffffep-1); // a tie: to even
  EXPECT_EQ(fract(-0x1p-1074, floorPart), 0x1.fffffffffffffp-1); // clamped below 1
  EXPECT_EQ(fract(-0x1.0000000000001p-1, floorPart), 0x1.ffffffffffffep-2);
  EXPECT_EQ(fract(-2.75, floorPart), 0.25);
  EXPECT_EQ(floorPart, -3.0);
  float floatFloor = 0;
  EXPECT_EQ(fract(-0x1.7ffffep-25f, floatFloor), 0x1.fffffep-1f);
  EXPECT_EQ(fract(-0x1.800002p-24f, floatFloor), 0x1.fffffcp-1f);
  EXPECT_EQ(floatFloor, -1.0f);
}

} // namespace
} // namespace spvsim::ops::math
