// The text dump of `"dump": true` buffers: header, line layout, vectors and
// the printing of every element type.
#include "spvsim/runfile/buffer_text.h"

#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <sstream>

#include "spvsim/common/error.h"

namespace spvsim::runfile {
namespace {

template <typename T> std::vector<std::byte> bytesOf(const std::vector<T> &values) {
  std::vector<std::byte> bytes(values.size() * sizeof(T));
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

std::string dump(const char *type, uint64_t count, const std::vector<std::byte> &bytes) {
  return formatBufferText("buf", *parseElementType(type), count, bytes);
}

TEST(BufferText, FloatsEightPerLineShortestRoundTrip) {
  std::vector<float> values;
  for (int i = 0; i < 10; ++i) values.push_back(1 + 0.75f * static_cast<float>(i));
  values[9] = 0.1f;
  EXPECT_EQ(dump("float", 10, bytesOf(values)), "buf: float[10]\n"
                                                "  0: 1, 1.75, 2.5, 3.25, 4, 4.75, 5.5, 6.25\n"
                                                "  8: 7, 0.1\n");
}

TEST(BufferText, IndicesAlignToTheWidestIndex) {
  std::vector<int32_t> values(17, -3);
  EXPECT_EQ(dump("int", 17, bytesOf(values)), "buf: int[17]\n"
                                              "   0: -3, -3, -3, -3, -3, -3, -3, -3\n"
                                              "   8: -3, -3, -3, -3, -3, -3, -3, -3\n"
                                              "  16: -3\n");
}

TEST(BufferText, VectorsInParentheses) {
  std::vector<float> values{1,
                            2.5,
                            -3,
                            4,
                            std::numeric_limits<float>::quiet_NaN(),
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(),
                            0,
                            1e-7f,
                            2,
                            3,
                            4};
  EXPECT_EQ(dump("float4", 3, bytesOf(values)), "buf: float4[3]\n"
                                                "  0: (1, 2.5, -3, 4), (nan, inf, -inf, 0)\n"
                                                "  2: (1e-07, 2, 3, 4)\n");
}

TEST(BufferText, Vec3HidesItsPaddingLane) {
  std::vector<uint32_t> values{1, 2, 3, 99, 4, 5, 6, 99, 7, 8, 9, 99};
  EXPECT_EQ(dump("uint3", 3, bytesOf(values)), "buf: uint3[3]\n"
                                               "  0: (1, 2, 3), (4, 5, 6)\n"
                                               "  2: (7, 8, 9)\n");
}

TEST(BufferText, WideVectorsOnePerLine) {
  std::vector<uint8_t> values(32);
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<uint8_t>(i);
  EXPECT_EQ(dump("uchar16", 2, bytesOf(values)),
            "buf: uchar16[2]\n"
            "  0: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)\n"
            "  1: (16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31)\n");
  std::vector<int16_t> shorts{1, -2, 3, -4, 5, -6, 7, -8};
  EXPECT_EQ(dump("short2", 4, bytesOf(shorts)), "buf: short2[4]\n"
                                                "  0: (1, -2), (3, -4), (5, -6), (7, -8)\n");
}

TEST(BufferText, IntegerTypes) {
  EXPECT_EQ(dump("char", 3, bytesOf(std::vector<int8_t>{-128, 0, 127})),
            "buf: char[3]\n  0: -128, 0, 127\n");
  EXPECT_EQ(dump("uchar", 2, bytesOf(std::vector<uint8_t>{255, 65})),
            "buf: uchar[2]\n  0: 255, 65\n");
  EXPECT_EQ(dump("long", 2, bytesOf(std::vector<int64_t>{INT64_MIN, INT64_MAX})),
            "buf: long[2]\n  0: -9223372036854775808, 9223372036854775807\n");
  EXPECT_EQ(dump("ulong", 1, bytesOf(std::vector<uint64_t>{UINT64_MAX})),
            "buf: ulong[1]\n  0: 18446744073709551615\n");
  EXPECT_EQ(dump("ushort", 1, bytesOf(std::vector<uint16_t>{65535})),
            "buf: ushort[1]\n  0: 65535\n");
}

TEST(BufferText, HalvesAndDoubles) {
  EXPECT_EQ(dump("half", 4, bytesOf(std::vector<uint16_t>{0x3c00, 0x2e66, 0x7bff, 0xfc00})),
            "buf: half[4]\n  0: 1, 0.099975586, 65504, -inf\n");
  EXPECT_EQ(dump("double", 2, bytesOf(std::vector<double>{0.1, 1e300})),
            "buf: double[2]\n  0: 0.1, 1e+300\n");
}

TEST(BufferText, StreamedAndStoppable) {
  std::vector<int32_t> values(100000, 7);
  std::ostringstream streamed;
  writeBufferText(streamed, "buf", *parseElementType("int"), values.size(), bytesOf(values));
  EXPECT_EQ(streamed.str(), dump("int", values.size(), bytesOf(values)));
  // A stop request ends a long dump between lines.
  std::ostringstream stopped;
  int asked = 0;
  EXPECT_THROW(writeBufferText(stopped, "buf", *parseElementType("int"), values.size(),
                               bytesOf(values), [&] { return ++asked == 2; }),
               Interrupted);
  EXPECT_EQ(asked, 2);
  EXPECT_LT(stopped.str().size(), streamed.str().size());
  EXPECT_EQ(stopped.str().back(), '\n');
}

} // namespace
} // namespace spvsim::runfile
