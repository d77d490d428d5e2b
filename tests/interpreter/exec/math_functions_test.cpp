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

} // namespace
} // namespace spvsim::ops::math
