// Schedule differences (schedule_difference.h): what counts as rounding, the first
// differing element of scalar and vector buffers, the first differing printf line, and
// the text and kind of the nondeterminism findings.
#include "spvsim/runfile/schedule_difference.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace spvsim::runfile {
namespace {

uint64_t floatBits(float f) {
  return std::bit_cast<uint32_t>(f);
}
uint64_t doubleBits(double d) {
  return std::bit_cast<uint64_t>(d);
}

template <typename T> std::vector<std::byte> bytesOf(const std::vector<T> &values) {
  std::vector<std::byte> bytes(values.size() * sizeof(T));
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

TEST(ScheduleDifference, RoundingIsHalfTheSignificand) {
  const ScalarType f = ScalarType::Float;
  EXPECT_TRUE(differsOnlyByRounding(f, floatBits(1.0f), floatBits(1.0f + 0x1p-20f)));
  EXPECT_TRUE(differsOnlyByRounding(f, floatBits(1000.0f), floatBits(1000.0f + 0.2f)));
  EXPECT_FALSE(differsOnlyByRounding(f, floatBits(1.0f), floatBits(1.0f + 0x1p-10f)));
  EXPECT_FALSE(differsOnlyByRounding(f, floatBits(1.0f), floatBits(-1.0f)));
  EXPECT_TRUE(differsOnlyByRounding(f, floatBits(0.0f), floatBits(-0.0f)));
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_TRUE(differsOnlyByRounding(f, floatBits(nan), floatBits(-nan)));
  EXPECT_FALSE(differsOnlyByRounding(f, floatBits(nan), floatBits(1.0f)));
  EXPECT_FALSE(differsOnlyByRounding(f, floatBits(inf), floatBits(3e38f)));
  EXPECT_TRUE(differsOnlyByRounding(ScalarType::Double, doubleBits(1.0), doubleBits(1.0 + 1e-9)));
  EXPECT_FALSE(differsOnlyByRounding(ScalarType::Double, doubleBits(1.0), doubleBits(1.0 + 1e-7)));
  // Integers differ or do not: there is no rounding.
  EXPECT_FALSE(differsOnlyByRounding(ScalarType::Int, 7, 8));
  EXPECT_TRUE(differsOnlyByRounding(ScalarType::Int, 7, 7));
}

TEST(ScheduleDifference, FirstDifferingElementAndCount) {
  const ElementType uint1{ScalarType::UInt, 1};
  const auto a = bytesOf<uint32_t>({1, 2, 3, 4, 5});
  const auto b = bytesOf<uint32_t>({1, 2, 7, 4, 9});
  EXPECT_FALSE(compareBuffers(uint1, 5, a, a));
  const auto d = compareBuffers(uint1, 5, a, b);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->firstElement, 2u);
  EXPECT_EQ(d->elements, 2u);
  EXPECT_EQ(d->firstText, "3");
  EXPECT_EQ(d->secondText, "7");
  EXPECT_FALSE(d->onlyRounding);
}

TEST(ScheduleDifference, VectorElementsAndTheirPadding) {
  const ElementType int3{ScalarType::Int, 3};
  // A vec3 is stored as a vec4: the fourth component is padding and never compared.
  const auto a = bytesOf<int32_t>({1, 2, 3, 99, 4, 5, 6, 0});
  const auto b = bytesOf<int32_t>({1, 2, 3, -1, 4, -5, 6, 0});
  const auto d = compareBuffers(int3, 2, a, b);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->firstElement, 1u);
  EXPECT_EQ(d->elements, 1u);
  EXPECT_EQ(d->firstText, "(4, 5, 6)");
  EXPECT_EQ(d->secondText, "(4, -5, 6)");
}

TEST(ScheduleDifference, FloatSumsInAnotherOrder) {
  const ElementType float1{ScalarType::Float, 1};
  float forward = 0, backward = 0;
  for (int i = 0; i < 100; ++i) forward += 1.0f / float(i + 1);
  for (int i = 99; i >= 0; --i) backward += 1.0f / float(i + 1);
  ASSERT_NE(floatBits(forward), floatBits(backward));
  const auto a = bytesOf<float>({forward, 5.0f});
  const auto b = bytesOf<float>({backward, 5.0f});
  const auto d = compareBuffers(float1, 2, a, b);
  ASSERT_TRUE(d);
  EXPECT_TRUE(d->onlyRounding);
  const auto c = bytesOf<float>({forward, 6.0f});
  const auto e = compareBuffers(float1, 2, a, c);
  ASSERT_TRUE(e);
  EXPECT_FALSE(e->onlyRounding); // 5 against 6 is no rounding
}

TEST(ScheduleDifference, FindingNamesElementValuesAndBothSchedules) {
  const ElementType uint1{ScalarType::UInt, 1};
  BufferDifference d;
  d.firstElement = 3;
  d.elements = 2;
  d.firstText = "7";
  d.secondText = "2";
  const ScheduleComparison s{"ordered", "shuffle:5", 9, 15, false};
  const Finding f = bufferDifferenceFinding("last", uint1, d, s);
  EXPECT_EQ(f.kind, "nondeterminism.result");
  EXPECT_EQ(f.severity, Severity::Error);
  EXPECT_EQ(f.message, "buffer 'last' depends on the schedule: last[3] is 7 under ordered and 2 "
                       "under shuffle:5 (2 elements differ)");
  ASSERT_TRUE(f.memory);
  EXPECT_EQ(f.memory->buffer, "last");
  EXPECT_EQ(f.memory->offset, 12u);
  EXPECT_EQ(f.memory->size, 4u);
  ASSERT_EQ(f.notes.size(), 2u);
  EXPECT_EQ(f.notes[0], "9 of 15 schedules compared with ordered give a different result");
  EXPECT_EQ(f.notes[1],
            "replay each with --threads 1 and --schedule ordered, or --schedule shuffle:5");
}

TEST(ScheduleDifference, RoundingIsANoteOnlyWithFloatAtomics) {
  const ElementType float1{ScalarType::Float, 1};
  BufferDifference d;
  d.elements = 1;
  d.firstText = "0.6";
  d.secondText = "0.6000001";
  d.onlyRounding = true;
  ScheduleComparison s{"ordered", "shuffle:2", 1, 3, true};
  const Finding note = bufferDifferenceFinding("sum", float1, d, s);
  EXPECT_EQ(note.kind, "nondeterminism.rounding");
  EXPECT_EQ(note.severity, Severity::Warning);
  EXPECT_NE(note.message.find("only by rounding"), std::string::npos);
  s.floatAtomics = false; // no atomic adds floats: the order of plain code is a bug
  const Finding error = bufferDifferenceFinding("sum", float1, d, s);
  EXPECT_EQ(error.kind, "nondeterminism.result");
  EXPECT_EQ(error.severity, Severity::Error);
}

TEST(ScheduleDifference, FirstDifferingPrintfLine) {
  EXPECT_FALSE(compareOutputs("a\nb\n", "a\nb\n"));
  auto d = compareOutputs("a\nb\nc\n", "a\nx\nc\n");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->line, 2u);
  EXPECT_EQ(d->firstLine, "b");
  EXPECT_EQ(d->secondLine, "x");
  d = compareOutputs("a\n", "a\nmore\n");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->line, 2u);
  EXPECT_EQ(d->firstLine, "(no line)");
  EXPECT_EQ(d->secondLine, "more");
  const Finding f = outputDifferenceFinding(*d, {"ordered", "shuffle:3", 1, 7, false});
  EXPECT_EQ(f.kind, "nondeterminism.result");
  EXPECT_EQ(f.message, "printf output depends on the schedule: line 2 is (no line) under ordered "
                       "and 'more' under shuffle:3");
}

} // namespace
} // namespace spvsim::runfile
