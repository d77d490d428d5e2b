// Typed values of run files: element types, number forms, conversions and
// their range errors, IEEE half rounding, and every buffer init form.
#include "spvsim/runfile/values.h"

#include <gtest/gtest.h>

#include "runfile_test_support.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

#include "spvsim/common/error.h"

namespace spvsim::runfile {
namespace {

using test::errorOf;

uint64_t bitsOf(const Json &value, ScalarType type) {
  return componentBits(parseNumber(value, "v"), type, "v");
}

std::string conversionError(const Json &value, ScalarType type) {
  return errorOf([&] { bitsOf(value, type); });
}

template <typename T> std::vector<T> asVector(const std::vector<std::byte> &bytes) {
  std::vector<T> values(bytes.size() / sizeof(T));
  std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
  return values;
}

std::vector<std::byte> contents(const char *type, uint64_t count, const Json &init) {
  ElementType t = *parseElementType(type);
  BufferInit parsed = parseBufferInit(init, t, count, SPVSIM_RUNFILE_TEST_DATA, "buffers.a.init");
  return initialContents(t, count, parsed, "buffers.a.init");
}

std::string initError(const char *type, uint64_t count, const Json &init) {
  return errorOf([&] { contents(type, count, init); });
}

TEST(ElementType, ScalarsAndVectors) {
  EXPECT_EQ(parseElementType("float"), (ElementType{ScalarType::Float, 1}));
  EXPECT_EQ(parseElementType("uint4"), (ElementType{ScalarType::UInt, 4}));
  EXPECT_EQ(parseElementType("uchar16"), (ElementType{ScalarType::UChar, 16}));
  EXPECT_EQ(parseElementType("half8"), (ElementType{ScalarType::Half, 8}));
  EXPECT_EQ(parseElementType("float4")->name(), "float4");
  EXPECT_EQ(parseElementType("double")->size(), 8u);
  EXPECT_EQ(parseElementType("short2")->size(), 4u);
}

TEST(ElementType, Vec3TakesTheSizeOfVec4) {
  EXPECT_EQ(parseElementType("float3")->size(), 16u);
  EXPECT_EQ(parseElementType("char3")->size(), 4u);
  EXPECT_EQ(parseElementType("double3")->size(), 32u);
  EXPECT_EQ(parseElementType("float3")->storedComponents(), 4u);
}

TEST(ElementType, RejectsUnknownNames) {
  for (const char *name :
       {"flaot", "float5", "float1", "float04", "int32", "", "4", "bool", "Float"})
    EXPECT_FALSE(parseElementType(name)) << name;
}

TEST(Number, SpecialStrings) {
  EXPECT_TRUE(std::isnan(parseNumber("nan", "v").asReal));
  EXPECT_TRUE(std::isnan(parseNumber("NaN", "v").asReal));
  EXPECT_EQ(parseNumber("inf", "v").asReal, std::numeric_limits<double>::infinity());
  EXPECT_EQ(parseNumber("-inf", "v").asReal, -std::numeric_limits<double>::infinity());
}

TEST(Number, HexStrings) {
  EXPECT_EQ(parseNumber("0x10", "v").asUnsigned, 16u);
  EXPECT_EQ(parseNumber("0xFFFFFFFFFFFFFFFF", "v").asUnsigned, UINT64_MAX);
  EXPECT_EQ(parseNumber("-0x10", "v").asSigned, -16);
  EXPECT_EQ(parseNumber("-0x8000000000000000", "v").asSigned, INT64_MIN);
  EXPECT_EQ(errorOf([] { parseNumber("0x10000000000000000", "v"); }),
            "v: '0x10000000000000000' is beyond 64 bits");
}

TEST(Number, RejectsOtherValues) {
  EXPECT_EQ(errorOf([] { parseNumber("abc", "args[0].value"); }),
            "args[0].value: expected a number or one of \"nan\", \"inf\", \"-inf\", \"0x…\", "
            "got \"abc\"");
  EXPECT_EQ(errorOf([] { parseNumber(true, "v"); }), "v: expected a number, got true");
  EXPECT_EQ(errorOf([] { parseNumber(Json::array(), "v"); }), "v: expected a number, got a list");
  EXPECT_EQ(errorOf([] { parseNumber("0xZ", "v"); }).substr(0, 20), "v: expected a number");
}

TEST(Conversion, IntegersInRange) {
  EXPECT_EQ(bitsOf(255, ScalarType::UChar), 255u);
  EXPECT_EQ(bitsOf(-128, ScalarType::Char), 0x80u);
  EXPECT_EQ(bitsOf(-1, ScalarType::Int), 0xffffffffu);
  EXPECT_EQ(bitsOf(1e3, ScalarType::Int), 1000u);
  EXPECT_EQ(bitsOf("0xffffffffffffffff", ScalarType::ULong), UINT64_MAX);
  EXPECT_EQ(bitsOf(Json(INT64_MIN), ScalarType::Long), 0x8000000000000000u);
  EXPECT_EQ(bitsOf(65535, ScalarType::UShort), 0xffffu);
}

TEST(Conversion, ValuesThatDoNotFit) {
  EXPECT_EQ(conversionError(300, ScalarType::UChar), "v: 300 does not fit uchar");
  EXPECT_EQ(conversionError(-1, ScalarType::UInt), "v: -1 does not fit uint");
  EXPECT_EQ(conversionError(1.5, ScalarType::Int), "v: 1.5 does not fit int (not a whole number)");
  EXPECT_EQ(conversionError(1e39, ScalarType::Float), "v: 1e+39 does not fit float");
  EXPECT_EQ(conversionError(-129, ScalarType::Char), "v: -129 does not fit char");
  EXPECT_EQ(conversionError(65536, ScalarType::UShort), "v: 65536 does not fit ushort");
  EXPECT_EQ(conversionError("0x8000000000000000", ScalarType::Long),
            "v: 0x8000000000000000 does not fit long");
  EXPECT_EQ(conversionError("nan", ScalarType::Int),
            "v: nan does not fit int (not a whole number)");
  EXPECT_EQ(conversionError(65520, ScalarType::Half), "v: 65520 does not fit half");
  EXPECT_EQ(conversionError(1.8446744073709552e19, ScalarType::ULong),
            "v: 1.8446744073709552e+19 does not fit ulong");
}

TEST(Conversion, Floats) {
  EXPECT_EQ(bitsOf(0.1, ScalarType::Float), 0x3dcccccdu);
  EXPECT_EQ(bitsOf(0.1, ScalarType::Double), std::bit_cast<uint64_t>(0.1));
  EXPECT_EQ(bitsOf(16777217, ScalarType::Float), 0x4b800000u); // rounds to 2^24
  EXPECT_EQ(bitsOf(-2, ScalarType::Float), 0xc0000000u);
  EXPECT_EQ(bitsOf("nan", ScalarType::Float), 0x7fc00000u);
  EXPECT_EQ(bitsOf("inf", ScalarType::Float), 0x7f800000u);
  EXPECT_EQ(bitsOf("-inf", ScalarType::Double), 0xfff0000000000000u);
  EXPECT_EQ(bitsOf("nan", ScalarType::Half), 0x7e00u);
  EXPECT_EQ(bitsOf("0x10", ScalarType::Float), 0x41800000u); // 16.0
  EXPECT_EQ(bitsOf(1e-50, ScalarType::Float), 0u);           // underflow is rounding, not overflow
  EXPECT_EQ(bitsOf(65504, ScalarType::Half), 0x7bffu);
  EXPECT_EQ(bitsOf(65519.99, ScalarType::Half), 0x7bffu);
}

TEST(Half, KnownValues) {
  EXPECT_EQ(doubleToHalfBits(1.0), 0x3c00);
  EXPECT_EQ(doubleToHalfBits(-2.0), 0xc000);
  EXPECT_EQ(doubleToHalfBits(0.1), 0x2e66);
  EXPECT_EQ(doubleToHalfBits(-0.0), 0x8000);
  EXPECT_EQ(doubleToHalfBits(0x1p-24), 0x0001);
  EXPECT_EQ(doubleToHalfBits(0x1p-14), 0x0400);
  EXPECT_EQ(doubleToHalfBits(std::numeric_limits<double>::infinity()), 0x7c00);
  EXPECT_EQ(doubleToHalfBits(1e300), 0x7c00);
  EXPECT_EQ(doubleToHalfBits(1e-300), 0x0000);
  EXPECT_EQ(doubleToHalfBits(std::numeric_limits<double>::denorm_min()), 0x0000);
}

TEST(Half, RoundsToNearestTiesToEven) {
  EXPECT_EQ(doubleToHalfBits(1 + 0x1p-11), 0x3c00);           // tie, down to even
  EXPECT_EQ(doubleToHalfBits(1 + 3 * 0x1p-11), 0x3c02);       // tie, up to even
  EXPECT_EQ(doubleToHalfBits(1 + 0x1p-11 + 0x1p-40), 0x3c01); // just above the tie
  EXPECT_EQ(doubleToHalfBits(0x1p-25), 0x0000);               // tie between 0 and 2^-24
  EXPECT_EQ(doubleToHalfBits(0x1p-25 + 0x1p-60), 0x0001);
  EXPECT_EQ(doubleToHalfBits(3 * 0x1p-25), 0x0002);       // tie, up to even
  EXPECT_EQ(doubleToHalfBits(0x1p-14 - 0x1p-25), 0x0400); // rounds up into the normals
  EXPECT_EQ(doubleToHalfBits(65520.0), 0x7c00);           // tie at the top: infinity
  EXPECT_EQ(doubleToHalfBits(65519.0), 0x7bff);
}

// Every finite half value converts to itself, and every midpoint between neighbours (and
// the doubles just beside it) rounds as IEEE 754 requires.
TEST(Half, ExhaustiveAgainstNeighbours) {
  for (uint32_t h = 0; h < 0x7c00; ++h) {
    const double value = halfBitsToFloat(static_cast<uint16_t>(h));
    ASSERT_EQ(doubleToHalfBits(value), h);
    ASSERT_EQ(doubleToHalfBits(-value), h | 0x8000);
    const double next = h + 1 == 0x7c00 ? 65536.0 : halfBitsToFloat(static_cast<uint16_t>(h + 1));
    const double mid = (value + next) / 2;
    ASSERT_EQ(doubleToHalfBits(mid), (h & 1) ? h + 1 : h) << h;
    ASSERT_EQ(doubleToHalfBits(std::nextafter(mid, 0.0)), h) << h;
    ASSERT_EQ(doubleToHalfBits(std::nextafter(mid, 1e9)), h + 1) << h;
  }
}

TEST(Half, ToFloat) {
  EXPECT_EQ(halfBitsToFloat(0x3c00), 1.0f);
  EXPECT_EQ(halfBitsToFloat(0x0001), 0x1p-24f);
  EXPECT_EQ(halfBitsToFloat(0x7bff), 65504.0f);
  EXPECT_EQ(halfBitsToFloat(0xfc00), -std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(halfBitsToFloat(0x7e00)));
  EXPECT_EQ(std::bit_cast<uint32_t>(halfBitsToFloat(0x8000)), 0x80000000u);
}

TEST(SplitMix64, ReferenceSequence) {
  SplitMix64 generator(0);
  EXPECT_EQ(generator.next(), 0xe220a8397b1dcdafu);
  EXPECT_EQ(generator.next(), 0x6e789e6aa1b965f4u);
  EXPECT_EQ(generator.next(), 0x06c45d188009454fu);
}

TEST(Init, FillSetsEveryComponent) {
  EXPECT_EQ(asVector<uint32_t>(contents("uint2", 2, {{"fill", 7}})),
            (std::vector<uint32_t>{7, 7, 7, 7}));
  EXPECT_EQ(asVector<uint16_t>(contents("half", 2, {{"fill", 1}})),
            (std::vector<uint16_t>{0x3c00, 0x3c00}));
}

TEST(Init, FillLeavesVec3PaddingZero) {
  EXPECT_EQ(asVector<float>(contents("float3", 2, {{"fill", 2.5}})),
            (std::vector<float>{2.5f, 2.5f, 2.5f, 0, 2.5f, 2.5f, 2.5f, 0}));
}

// A fill is written a block of elements at a time: every element of a buffer longer
// than a block and not a multiple of one, padding lanes zero.
TEST(Init, FillCoversBuffersOfAnyLength) {
  const std::vector<int16_t> shorts = asVector<int16_t>(contents("short3", 1001, {{"fill", -3}}));
  ASSERT_EQ(shorts.size(), 4004u);
  for (size_t i = 0; i < shorts.size(); ++i) EXPECT_EQ(shorts[i], i % 4 == 3 ? 0 : -3) << i;
  const std::vector<uint64_t> longs =
      asVector<uint64_t>(contents("ulong16", 3, {{"fill", "0xfedcba9876543210"}}));
  EXPECT_EQ(longs, std::vector<uint64_t>(48, 0xfedcba9876543210u));
  EXPECT_EQ(asVector<uint8_t>(contents("uchar", 4097, {{"fill", 200}})),
            std::vector<uint8_t>(4097, 200));
}

// Integer ranges of every size, scalars and vectors (vec3 padding zero), to the types'
// ends.
TEST(Init, IntegerRangesOfEverySize) {
  EXPECT_EQ(asVector<int32_t>(contents("int3", 2, {{"range", {-2, 1}}})),
            (std::vector<int32_t>{-2, -1, 0, 0, 1, 2, 3, 0}));
  EXPECT_EQ(asVector<uint8_t>(contents("uchar", 3, {{"range", {253, 1}}})),
            (std::vector<uint8_t>{253, 254, 255}));
  EXPECT_EQ(asVector<int16_t>(contents("short2", 2, {{"range", {-32768, 1000}}})),
            (std::vector<int16_t>{-32768, -31768, -30768, -29768}));
  EXPECT_EQ(asVector<uint64_t>(contents("ulong", 2, {{"range", {"0xfffffffffffff000", 2048}}})),
            (std::vector<uint64_t>{0xfffffffffffff000u, 0xfffffffffffff800u}));
  EXPECT_EQ(asVector<int64_t>(contents("long", 3, {{"range", {-4, 4}}})),
            (std::vector<int64_t>{-4, 0, 4}));
}

TEST(Init, RangeOverFlattenedComponents) {
  EXPECT_EQ(asVector<float>(contents("float", 4, {{"range", {1, 0.5}}})),
            (std::vector<float>{1, 1.5, 2, 2.5}));
  EXPECT_EQ(asVector<float>(contents("float3", 2, {{"range", {0, 1}}})),
            (std::vector<float>{0, 1, 2, 0, 3, 4, 5, 0}));
  EXPECT_EQ(asVector<int8_t>(contents("char", 3, {{"range", {1, -1}}})),
            (std::vector<int8_t>{1, 0, -1}));
  // Computed in double, then rounded: 0.1 * 3 is 0.30000000000000004 before rounding.
  EXPECT_EQ(asVector<float>(contents("float", 4, {{"range", {0, 0.1}}}))[3], 0.3f);
}

TEST(Init, RangeErrors) {
  EXPECT_EQ(initError("uchar", 300, {{"range", {0, 1}}}),
            "buffers.a.init.range: component 299 would be 299, which does not fit uchar");
  EXPECT_EQ(initError("int", 4, {{"range", {0, 0.5}}}),
            "buffers.a.init.range: component 1 would be 0.5, which does not fit int (not a "
            "whole number)");
  EXPECT_EQ(asVector<uint32_t>(contents("uint", 4, {{"range", {3, -1}}})),
            (std::vector<uint32_t>{3, 2, 1, 0}));
  EXPECT_EQ(initError("uint", 5, {{"range", {3, -1}}}),
            "buffers.a.init.range: component 4 would be -1, which does not fit uint");
  EXPECT_EQ(initError("float", 4, {{"range", {0}}}),
            "buffers.a.init.range: expected [start, step], got a list");
  EXPECT_EQ(initError("float", 4, {{"range", {0, "x"}}}).substr(0, 38),
            "buffers.a.init.range[1]: expected a nu");
}

TEST(Init, ValuesListCountTimesWidthNumbers) {
  EXPECT_EQ(asVector<float>(contents("float3", 2, {{"values", {1, 2, 3, 4, 5, 6}}})),
            (std::vector<float>{1, 2, 3, 0, 4, 5, 6, 0}));
  std::vector<uint32_t> special =
      asVector<uint32_t>(contents("float", 4, {{"values", {"nan", "inf", "-inf", "0x10"}}}));
  EXPECT_EQ(special, (std::vector<uint32_t>{0x7fc00000, 0x7f800000, 0xff800000, 0x41800000}));
  EXPECT_EQ(asVector<uint64_t>(contents("ulong", 1, {{"values", {"0xfedcba9876543210"}}})),
            (std::vector<uint64_t>{0xfedcba9876543210}));
}

TEST(Init, ValuesErrors) {
  EXPECT_EQ(initError("float3", 2, {{"values", {1, 2, 3}}}),
            "buffers.a.init.values: expected 6 numbers (2 × float3), got 3");
  EXPECT_EQ(initError("uchar", 2, {{"values", {1, 300}}}),
            "buffers.a.init.values[1]: 300 does not fit uchar");
  EXPECT_EQ(initError("uchar", 2, {{"values", 1}}),
            "buffers.a.init.values: expected a list, got the number 1");
}

TEST(Init, File) {
  EXPECT_EQ(asVector<uint32_t>(contents("uint", 4, {{"file", "uint4.bin"}})),
            (std::vector<uint32_t>{1, 2, 3, 0xffffffff}));
  EXPECT_EQ(asVector<uint32_t>(contents("uint2", 2, {{"file", "uint4.bin"}})),
            (std::vector<uint32_t>{1, 2, 3, 0xffffffff}));
}

TEST(Init, FileErrors) {
  EXPECT_EQ(initError("uint", 4, {{"file", "nope.bin"}}),
            "buffers.a.init.file: cannot open 'nope.bin'");
  EXPECT_EQ(initError("uint", 5, {{"file", "uint4.bin"}}),
            "buffers.a.init.file: 'uint4.bin' has 16 bytes, the buffer has 20");
  EXPECT_EQ(initError("uint", 4, {{"file", 3}}),
            "buffers.a.init.file: expected a string, got the number 3");
}

TEST(Init, LongInitialisationsCanBeStopped) {
  const ElementType t = *parseElementType("float");
  const uint64_t count = uint64_t(1) << 20;
  const Json init = {{"random", {{"seed", 1}, {"min", 0}, {"max", 1}}}};
  BufferInit parsed = parseBufferInit(init, t, count, SPVSIM_RUNFILE_TEST_DATA, "buffers.a.init");
  std::vector<std::byte> bytes(count * 4);
  int asked = 0;
  try {
    writeInitialContents(t, count, parsed, "buffers.a.init", bytes, [&] { return ++asked == 2; });
    FAIL() << "not stopped";
  } catch (const Interrupted &e) {
    EXPECT_EQ(std::string(e.what()), "initialising buffers.a.init");
  }
  EXPECT_EQ(asked, 2);
  // Without a stop request the contents are those of initialContents.
  writeInitialContents(t, count, parsed, "buffers.a.init", bytes, [] { return false; });
  EXPECT_EQ(bytes, initialContents(t, count, parsed, "buffers.a.init"));
}

// Buffers are written on several threads, chunk by chunk: every thread count gives the
// bytes one thread gives, for every kind of init and a vector type across many chunks.
TEST(Init, ThreadsWriteTheSameBytes) {
  // Two chunks (values.cpp), the second a partial one: two threads share them out.
  const uint64_t count = (uint64_t(1) << 18) + 5;
  Json list = Json::array();
  for (uint64_t k = 0; k < count * 3; ++k) list.push_back(int(k % 1000) - 500);
  for (const Json &init :
       {Json{{"random", {{"seed", 9}, {"min", -50}, {"max", 50}}}}, Json{{"range", {-1000, 3}}},
        Json{{"fill", 7}}, Json{{"values", list}}}) {
    const ElementType t = *parseElementType("int3");
    BufferInit parsed = parseBufferInit(init, t, count, SPVSIM_RUNFILE_TEST_DATA, "b.init");
    std::vector<std::byte> one(count * 16), four(count * 16);
    writeInitialContents(t, count, parsed, "b.init", one, {}, 1);
    writeInitialContents(t, count, parsed, "b.init", four, {}, 4);
    EXPECT_EQ(one, four) << init.begin().key();
    EXPECT_EQ(one, initialContents(t, count, parsed, "b.init")) << init.begin().key();
  }
  // The k-th output of the generator without k calls.
  SplitMix64 g(123);
  for (uint64_t k = 0; k < 10; ++k) EXPECT_EQ(g.next(), SplitMix64::output(123, k));
}

// A range whose values leave the type fails at its first value out of range, whatever the
// number of threads (the error of the lowest chunk wins).
TEST(Init, ThreadsReportTheFirstBadValue) {
  const uint64_t count = uint64_t(4) << 18;
  const ElementType t = *parseElementType("short");
  BufferInit parsed =
      parseBufferInit({{"range", {0, 1}}}, t, 100, SPVSIM_RUNFILE_TEST_DATA, "b.init");
  std::vector<std::byte> bytes(count * 2);
  std::string serial, parallel;
  try {
    writeInitialContents(t, count, parsed, "b.init", bytes, {}, 1);
  } catch (const Error &e) {
    serial = e.what();
  }
  try {
    writeInitialContents(t, count, parsed, "b.init", bytes, {}, 4);
  } catch (const Error &e) {
    parallel = e.what();
  }
  EXPECT_FALSE(serial.empty());
  EXPECT_EQ(serial, parallel);
}

TEST(Init, RandomIsDeterministic) {
  Json uintInit = {{"random", {{"seed", 0}, {"min", 0}, {"max", 99}}}};
  EXPECT_EQ(asVector<uint32_t>(contents("uint", 4, uintInit)),
            (std::vector<uint32_t>{88, 43, 2, 97}));
  Json floatInit = {{"random", {{"seed", 0}, {"min", -1}, {"max", 1}}}};
  EXPECT_EQ(asVector<float>(contents("float", 4, floatInit)),
            (std::vector<float>{0.7666215896606445f, -0.1369440108537674f, -0.9471324682235718f,
                                0.9417639374732971f}));
  Json fullRange = {{"random", {{"seed", 42}, {"min", 0}, {"max", 4294967295u}}}};
  EXPECT_EQ(asVector<uint32_t>(contents("uint", 2, fullRange)),
            (std::vector<uint32_t>{0xbdd73226, 0x28efe333}));
  EXPECT_EQ(contents("float", 64, floatInit), contents("float", 64, floatInit));
  Json otherSeed = {{"random", {{"seed", 1}, {"min", -1}, {"max", 1}}}};
  EXPECT_NE(contents("float", 64, floatInit), contents("float", 64, otherSeed));
}

TEST(Init, RandomStaysInRange) {
  Json init = {{"random", {{"seed", "0x1234"}, {"min", -3}, {"max", 5}}}};
  std::vector<int8_t> chars = asVector<int8_t>(contents("char", 1000, init));
  for (int8_t c : chars) ASSERT_TRUE(c >= -3 && c <= 5) << int{c};
  EXPECT_NE(std::find(chars.begin(), chars.end(), -3), chars.end());
  EXPECT_NE(std::find(chars.begin(), chars.end(), 5), chars.end());
  Json longs = {{"random", {{"seed", 7}, {"min", Json(INT64_MIN)}, {"max", Json(INT64_MAX)}}}};
  EXPECT_EQ(contents("long", 4, longs).size(), 32u);
  Json halves = {{"random", {{"seed", 3}, {"min", 0}, {"max", 1}}}};
  for (uint16_t h : asVector<uint16_t>(contents("half3", 100, halves)))
    ASSERT_LE(halfBitsToFloat(h), 1.0f);
}

TEST(Init, RandomErrors) {
  EXPECT_EQ(initError("float", 4, {{"random", {{"seed", 1}, {"min", 1}, {"max", 0}}}}),
            "buffers.a.init.random: min is greater than max");
  EXPECT_EQ(initError("int", 4, {{"random", {{"seed", 1}, {"min", 1}, {"max", -5}}}}),
            "buffers.a.init.random: min is greater than max");
  EXPECT_EQ(initError("float", 4, {{"random", {{"seed", 1}, {"min", 0}}}}),
            "buffers.a.init.random.max: required");
  EXPECT_EQ(initError("float", 4, {{"random", {{"sed", 1}, {"min", 0}, {"max", 1}}}}),
            "buffers.a.init.random.sed: unknown key");
  EXPECT_EQ(initError("uchar", 4, {{"random", {{"seed", 1}, {"min", 0}, {"max", 256}}}}),
            "buffers.a.init.random.max: 256 does not fit uchar");
  EXPECT_EQ(initError("float", 4, {{"random", {{"seed", 1}, {"min", "-inf"}, {"max", 1}}}}),
            "buffers.a.init.random.min: must be finite");
  EXPECT_EQ(initError("float", 4, {{"random", {{"seed", -1}, {"min", 0}, {"max", 1}}}}),
            "buffers.a.init.random.seed: -1 does not fit a 64-bit seed");
}

TEST(Init, FormErrors) {
  EXPECT_EQ(initError("float", 4, {{"fil", 1}}), "buffers.a.init.fil: unknown key");
  EXPECT_EQ(initError("float", 4, Json::object()),
            "buffers.a.init: expected exactly one of fill, range, values, file, random");
  EXPECT_EQ(initError("float", 4, {{"fill", 1}, {"range", {0, 1}}}),
            "buffers.a.init: expected exactly one of fill, range, values, file, random");
  EXPECT_EQ(initError("float", 4, 3), "buffers.a.init: expected an object, got the number 3");
  EXPECT_EQ(initError("uchar", 4, {{"fill", -1}}), "buffers.a.init.fill: -1 does not fit uchar");
}

TEST(ScalarArgument, ScalarsAndVectors) {
  EXPECT_EQ(asVector<uint32_t>(scalarArgumentBytes(*parseElementType("uint"), 7, "v")),
            (std::vector<uint32_t>{7}));
  EXPECT_EQ(asVector<float>(scalarArgumentBytes(*parseElementType("float4"), {1, 2, 3, 4}, "v")),
            (std::vector<float>{1, 2, 3, 4}));
  EXPECT_EQ(asVector<float>(scalarArgumentBytes(*parseElementType("float3"), {1, 2, 3}, "v")),
            (std::vector<float>{1, 2, 3, 0}));
  EXPECT_EQ(asVector<uint16_t>(scalarArgumentBytes(*parseElementType("half"), 1, "v")),
            (std::vector<uint16_t>{0x3c00}));
}

TEST(ScalarArgument, Errors) {
  auto error = [](const char *type, const Json &value) {
    return errorOf([&] { scalarArgumentBytes(*parseElementType(type), value, "args[3].value"); });
  };
  EXPECT_EQ(error("float4", Json{1, 2, 3}),
            "args[3].value: expected a list of 4 numbers for float4, got a list");
  EXPECT_EQ(error("float2", 1), "args[3].value: expected a list of 2 numbers for float2, got the "
                                "number 1");
  EXPECT_EQ(error("uint2", Json{1, -2}), "args[3].value[1]: -2 does not fit uint");
  EXPECT_EQ(error("uchar", 256), "args[3].value: 256 does not fit uchar");
}

} // namespace
} // namespace spvsim::runfile
