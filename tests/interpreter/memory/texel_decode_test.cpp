// decodeFloatTexel (memory/image_format.cpp): the float value of every half, normalized
// integer of 8 and 16 bits and sRGB byte, and the channels of each order, against the
// conversions of OpenCL SPIR-V Env §7.4 computed here one channel at a time.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include "spvsim/interpreter/image.h"

namespace spvsim {
namespace {

namespace co = channel_order;
namespace ct = channel_type;

std::array<float, 4> decode(uint32_t order, uint32_t type, const void *bytes) {
  return decodeFloatTexel(ImageFormat{order, type}, static_cast<const std::byte *>(bytes));
}

TEST(TexelDecode, EveryHalfIsTheConversionsFloat) {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    const uint16_t bits = uint16_t(h);
    _Float16 half;
    std::memcpy(&half, &bits, sizeof half);
    const float expected = static_cast<float>(half);
    const float got = decode(co::R, ct::HalfFloat, &bits)[0];
    // NaNs too: quiet, the half's sign and payload at the top of the float's.
    ASSERT_EQ(std::bit_cast<uint32_t>(got), std::bit_cast<uint32_t>(expected)) << std::hex << h;
  }
}

// §7.4.1.3: a normalized integer's float is the correctly rounded quotient by the type's
// maximum (SNORM clamped at -1), for every value of the 8- and 16-bit types.
TEST(TexelDecode, EveryNormalizedIntegerIsTheRoundedQuotient) {
  for (int32_t v = -128; v <= 127; ++v) {
    const int8_t bits = int8_t(v);
    ASSERT_EQ(decode(co::R, ct::SnormInt8, &bits)[0],
              std::max(-1.0f, static_cast<float>(double(v) / 127.0)))
        << v;
  }
  for (int32_t v = -32768; v <= 32767; ++v) {
    const int16_t bits = int16_t(v);
    ASSERT_EQ(decode(co::R, ct::SnormInt16, &bits)[0],
              std::max(-1.0f, static_cast<float>(double(v) / 32767.0)))
        << v;
  }
  for (uint32_t v = 0; v <= 0xffff; ++v) {
    const uint16_t bits = uint16_t(v);
    ASSERT_EQ(decode(co::R, ct::UnormInt16, &bits)[0], static_cast<float>(double(v) / 65535.0))
        << v;
  }
  for (uint32_t v = 0; v <= 0xff; ++v) {
    const uint8_t bits = uint8_t(v);
    ASSERT_EQ(decode(co::R, ct::UnormInt8, &bits)[0], static_cast<float>(double(v) / 255.0)) << v;
  }
}

TEST(TexelDecode, SrgbBytesAreLinearAlphaIsNot) {
  for (uint32_t i = 0; i < 256; ++i) {
    const float c = float(double(i) / 255.0);
    // §7.4.5's sRGB-to-linear conversion.
    const float linear = c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
    const uint8_t rgba[4] = {uint8_t(i), uint8_t(i), uint8_t(i), uint8_t(i)};
    const std::array<float, 4> srgba = decode(co::sRGBA, ct::UnormInt8, rgba);
    ASSERT_EQ(srgba, (std::array<float, 4>{linear, linear, linear, c})) << i;
    const std::array<float, 4> sbgra = decode(co::sBGRA, ct::UnormInt8, rgba);
    ASSERT_EQ(sbgra, srgba) << i;
    ASSERT_EQ(decode(co::sRGBx, ct::UnormInt8, rgba),
              (std::array<float, 4>{linear, linear, linear, 1.0f}))
        << i;
  }
}

TEST(TexelDecode, OrdersPlaceTheirChannels) {
  const uint8_t bytes[4] = {0, 51, 102, 255}; // 0, 0.2, 0.4, 1
  const float a = 0.0f, b = float(51.0 / 255.0), c = float(102.0 / 255.0), d = 1.0f;
  EXPECT_EQ(decode(co::RGBA, ct::UnormInt8, bytes), (std::array<float, 4>{a, b, c, d}));
  EXPECT_EQ(decode(co::BGRA, ct::UnormInt8, bytes), (std::array<float, 4>{c, b, a, d}));
  EXPECT_EQ(decode(co::ARGB, ct::UnormInt8, bytes), (std::array<float, 4>{b, c, d, a}));
  EXPECT_EQ(decode(co::ABGR, ct::UnormInt8, bytes), (std::array<float, 4>{d, c, b, a}));
  EXPECT_EQ(decode(co::RA, ct::UnormInt8, bytes + 1), (std::array<float, 4>{b, 0, 0, c}));
  EXPECT_EQ(decode(co::A, ct::UnormInt8, bytes + 1), (std::array<float, 4>{0, 0, 0, b}));
  EXPECT_EQ(decode(co::Intensity, ct::UnormInt8, bytes + 1), (std::array<float, 4>{b, b, b, b}));
  EXPECT_EQ(decode(co::Luminance, ct::UnormInt8, bytes + 1), (std::array<float, 4>{b, b, b, 1}));
  EXPECT_EQ(decode(co::Rx, ct::UnormInt8, bytes + 1), (std::array<float, 4>{b, 0, 0, 1}));
  const int16_t snorm[2] = {-32768, 16384};
  EXPECT_EQ(decode(co::RG, ct::SnormInt16, snorm),
            (std::array<float, 4>{-1.0f, float(16384.0 / 32767.0), 0, 1}));
  const uint16_t unorm[3] = {65535, 1, 0};
  EXPECT_EQ(decode(co::RGx, ct::UnormInt16, unorm),
            (std::array<float, 4>{1.0f, float(1.0 / 65535.0), 0, 1}));
  const float floats[4] = {-2.5f, 1e30f, 0.0f, -0.0f};
  const std::array<float, 4> f = decode(co::RGBA, ct::Float, floats);
  EXPECT_EQ(std::memcmp(f.data(), floats, sizeof floats), 0);
  const int8_t snorm8[1] = {-128};
  EXPECT_EQ(decode(co::R, ct::SnormInt8, snorm8), (std::array<float, 4>{-1.0f, 0, 0, 1}));
  // An integer type read as float: nothing converted (undefined; zeros, alpha 1).
  const uint32_t ints[4] = {1, 2, 3, 4};
  EXPECT_EQ(decode(co::RGBA, ct::UnsignedInt32, ints), (std::array<float, 4>{0, 0, 0, 0}));
}

} // namespace
} // namespace spvsim
