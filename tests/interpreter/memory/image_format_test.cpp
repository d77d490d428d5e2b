// texelByteComponents (memory/image_format.cpp): which channels each byte of a texel holds
// under OpenCL SPIR-V Env §7.4, as the uninit check follows definedness through reads and
// writes.
#include <gtest/gtest.h>

#include <vector>

#include "spvsim/interpreter/image.h"

namespace spvsim {
namespace {

namespace co = channel_order;
namespace ct = channel_type;

std::vector<uint8_t> components(uint32_t order, uint32_t type, bool read) {
  const ImageFormat format{order, type};
  std::vector<uint8_t> masks(texelBytes(format), 0xee);
  texelByteComponents(format, read, masks.data());
  return masks;
}

constexpr uint8_t R = 1, G = 2, B = 4, A = 8;

TEST(TexelByteComponents, StoredChannelsInMemoryOrder) {
  EXPECT_EQ(components(co::RGBA, ct::UnormInt8, true), (std::vector<uint8_t>{R, G, B, A}));
  EXPECT_EQ(components(co::BGRA, ct::UnormInt8, false), (std::vector<uint8_t>{B, G, R, A}));
  EXPECT_EQ(components(co::ARGB, ct::SnormInt16, true),
            (std::vector<uint8_t>{A, A, R, R, G, G, B, B}));
  EXPECT_EQ(components(co::sRGBA, ct::UnormInt8, true), (std::vector<uint8_t>{R, G, B, A}));
  EXPECT_EQ(components(co::RA, ct::Float, true), (std::vector<uint8_t>{R, R, R, R, A, A, A, A}));
}

TEST(TexelByteComponents, PaddingHoldsNothing) {
  EXPECT_EQ(components(co::Rx, ct::UnormInt8, true), (std::vector<uint8_t>{R, 0}));
  EXPECT_EQ(components(co::sRGBx, ct::UnormInt8, false), (std::vector<uint8_t>{R, G, B, 0}));
}

TEST(TexelByteComponents, ReplicatedChannelsOnReadsOnly) {
  // §7.4: a luminance texel reads into r, g and b, an intensity texel into all four; writes
  // store the r channel.
  EXPECT_EQ(components(co::Luminance, ct::UnormInt16, true), (std::vector<uint8_t>{7, 7}));
  EXPECT_EQ(components(co::Luminance, ct::UnormInt16, false), (std::vector<uint8_t>{R, R}));
  EXPECT_EQ(components(co::Intensity, ct::HalfFloat, true), (std::vector<uint8_t>{15, 15}));
  EXPECT_EQ(components(co::Depth, ct::Float, true), (std::vector<uint8_t>{R, R, R, R}));
}

TEST(TexelByteComponents, PackedTypesShareTheirBytes) {
  EXPECT_EQ(components(co::RGB, ct::UnormShort565, true), (std::vector<uint8_t>{7, 7}));
  EXPECT_EQ(components(co::RGBx, ct::UnormInt101010, false), (std::vector<uint8_t>{7, 7, 7, 7}));
  EXPECT_EQ(components(co::RGBA, ct::UnormInt101010_2, true),
            (std::vector<uint8_t>{15, 15, 15, 15}));
}

} // namespace
} // namespace spvsim
