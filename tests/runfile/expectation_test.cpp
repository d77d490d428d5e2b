// Buffer expectations (expectation.h): each tolerance on floats and integers, NaN and
// zero rules, vectors, the finding's text, and the parse errors naming the key.
#include "spvsim/runfile/expectation.h"

#include <gtest/gtest.h>

#include "runfile_test_support.h"

#include <cmath>
#include <cstring>
#include <vector>

#include "spvsim/common/error.h"

namespace spvsim::runfile {
namespace {

using test::kData;

uint64_t floatBits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

Tolerance tolerance(Tolerance::Kind kind, double amount) {
  Tolerance t;
  t.kind = kind;
  t.amount = amount;
  return t;
}

TEST(Expectation, FloatTolerances) {
  const Tolerance exact;
  const float one = 1.0f, next = std::nextafter(1.0f, 2.0f),
              third = std::nextafter(std::nextafter(next, 2.0f), 2.0f);
  EXPECT_TRUE(componentMatches(ScalarType::Float, floatBits(one), floatBits(one), exact));
  EXPECT_FALSE(componentMatches(ScalarType::Float, floatBits(next), floatBits(one), exact));
  const Tolerance ulp1 = tolerance(Tolerance::Kind::Ulp, 1);
  EXPECT_TRUE(componentMatches(ScalarType::Float, floatBits(next), floatBits(one), ulp1));
  EXPECT_FALSE(componentMatches(ScalarType::Float, floatBits(third), floatBits(one), ulp1));
  // Across zero: the smallest denormals on either side are 2 ulp apart.
  const float tiny = std::nextafter(0.0f, 1.0f);
  EXPECT_TRUE(componentMatches(ScalarType::Float, floatBits(-tiny), floatBits(tiny),
                               tolerance(Tolerance::Kind::Ulp, 2)));
  EXPECT_FALSE(componentMatches(ScalarType::Float, floatBits(-tiny), floatBits(tiny), ulp1));
  EXPECT_TRUE(componentMatches(ScalarType::Float, floatBits(1.05f), floatBits(1.0f),
                               tolerance(Tolerance::Kind::Abs, 0.1)));
  EXPECT_FALSE(componentMatches(ScalarType::Float, floatBits(1.2f), floatBits(1.0f),
                                tolerance(Tolerance::Kind::Abs, 0.1)));
  EXPECT_TRUE(componentMatches(ScalarType::Float, floatBits(104.0f), floatBits(100.0f),
                               tolerance(Tolerance::Kind::Rel, 0.05)));
  EXPECT_FALSE(componentMatches(ScalarType::Float, floatBits(106.0f), floatBits(100.0f),
                                tolerance(Tolerance::Kind::Rel, 0.05)));
  // NaN matches NaN only; +0 matches -0; infinities only themselves.
  const uint64_t nan = 0x7fc00000, inf = 0x7f800000;
  EXPECT_TRUE(componentMatches(ScalarType::Float, nan, 0x7fc00001, exact));
  EXPECT_FALSE(componentMatches(ScalarType::Float, nan, floatBits(1.0f), ulp1));
  EXPECT_TRUE(componentMatches(ScalarType::Float, 0x80000000, 0, exact));
  EXPECT_FALSE(componentMatches(ScalarType::Float, inf, 0x7f7fffff, ulp1));
}

TEST(Expectation, IntegersAndOtherWidths) {
  EXPECT_TRUE(componentMatches(ScalarType::Int, 0xffffffff, 1, tolerance(Tolerance::Kind::Abs, 2)));
  EXPECT_FALSE(componentMatches(ScalarType::Int, 0xffffffff, 1, Tolerance{}));
  EXPECT_FALSE(
      componentMatches(ScalarType::UInt, 0xffffffff, 1, tolerance(Tolerance::Kind::Abs, 2)));
  EXPECT_TRUE(componentMatches(ScalarType::UChar, 7, 5, tolerance(Tolerance::Kind::Ulp, 2)));
  EXPECT_TRUE(
      componentMatches(ScalarType::Half, 0x3c01, 0x3c00, tolerance(Tolerance::Kind::Ulp, 1)));
  EXPECT_TRUE(componentMatches(ScalarType::Double, 0x3ff0000000000001, 0x3ff0000000000000,
                               tolerance(Tolerance::Kind::Ulp, 1)));
}

TEST(Expectation, FindingNamesTheFirstDifferingElements) {
  const ElementType type = *parseElementType("int2");
  const BufferExpectation expect =
      parseExpectation(Json::parse(R"({"range": [0, 1]})"), type, 12, kData, "buffers.v.expect");
  std::vector<int32_t> got(24);
  for (int32_t i = 0; i < 24; ++i) got[static_cast<size_t>(i)] = i;
  const auto bytes = std::as_bytes(std::span(got));
  EXPECT_FALSE(checkExpectation("v", type, 12, expect, bytes));
  for (size_t i = 1; i < 24; i += 2) got[i] = -1; // every element's second component
  const std::optional<Finding> f = checkExpectation("v", type, 12, expect, bytes);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, "expect.mismatch");
  EXPECT_EQ(f->message,
            "buffer 'v': 12 of 12 elements (int2) differ from \"expect\" (tolerance: exact)");
  ASSERT_EQ(f->notes.size(), 11u);
  EXPECT_EQ(f->notes[0], "v[0]: got (0, -1), expected (0, 1)");
  EXPECT_EQ(f->notes[10], "... and 2 more");
}

std::string expectationError(std::string_view expect) {
  try {
    parseExpectation(Json::parse(expect), *parseElementType("float"), 4, kData, "b.expect");
  } catch (const Error &e) {
    return e.what();
  }
  return "(no error)";
}

TEST(Expectation, ParseErrors) {
  EXPECT_EQ(expectationError(R"({"fill": 1, "abs": 1, "rel": 2})"),
            "b.expect.rel: 'abs' and 'rel' cannot be combined");
  EXPECT_EQ(expectationError(R"({"abs": 1})"),
            "b.expect: expected one of values, file, fill, range");
  EXPECT_EQ(expectationError(R"({"fill": 1, "abs": -1})"),
            "b.expect.abs: expected a number 0 or more, got the number -1");
  EXPECT_EQ(expectationError(R"({"fill": 1, "tolerance": 1})"), "b.expect.tolerance: unknown key");
  EXPECT_EQ(expectationError(R"({"values": [1, 2]})"),
            "b.expect.values: expected 4 numbers (4 × float), got 2");
  EXPECT_EQ(expectationError(R"({"fill": 1, "ulp": 0.5})")
                .rfind("b.expect.ulp: expected a whole number", 0),
            0u);
}

} // namespace
} // namespace spvsim::runfile
