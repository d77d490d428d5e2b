// Texel channels of image formats for run files (see image_texels.h).
#include "spvsim/runfile/image_texels.h"

#include "spvsim/runfile/buffer_text.h"

namespace spvsim::runfile {

namespace {

namespace co = channel_order;
namespace ct = channel_type;

/// The channel names of an order in memory order, padding as 'x'.
std::string orderChannels(uint32_t order) {
  switch (order) {
  case co::R:
    return "r";
  case co::A:
    return "a";
  case co::RG:
    return "rg";
  case co::RA:
    return "ra";
  case co::RGB:
  case co::sRGB:
    return "rgb";
  case co::RGBA:
  case co::sRGBA:
    return "rgba";
  case co::BGRA:
  case co::sBGRA:
    return "bgra";
  case co::ARGB:
    return "argb";
  case co::ABGR:
    return "abgr";
  case co::Intensity:
    return "i";
  case co::Luminance:
    return "l";
  case co::Rx:
    return "rx";
  case co::RGx:
    return "rgx";
  case co::RGBx:
  case co::sRGBx:
    return "rgbx";
  case co::Depth:
    return "d";
  default:
    return "";
  }
}

ScalarType componentScalar(uint32_t type) {
  switch (type) {
  case ct::SnormInt8:
  case ct::SignedInt8:
    return ScalarType::Char;
  case ct::UnormInt8:
  case ct::UnsignedInt8:
    return ScalarType::UChar;
  case ct::SnormInt16:
  case ct::SignedInt16:
    return ScalarType::Short;
  case ct::UnormInt16:
  case ct::UnsignedInt16:
    return ScalarType::UShort;
  case ct::SignedInt32:
    return ScalarType::Int;
  case ct::UnsignedInt32:
    return ScalarType::UInt;
  case ct::HalfFloat:
    return ScalarType::Half;
  default:
    return ScalarType::Float;
  }
}

struct Field {
  uint32_t shift, bits;
};

/// OpenCL API §5.3.1.1: the bit fields of the packed types, r first.
std::vector<Field> packedFields(uint32_t type) {
  switch (type) {
  case ct::UnormShort565:
    return {{11, 5}, {5, 6}, {0, 5}};
  case ct::UnormShort555:
    return {{10, 5}, {5, 5}, {0, 5}};
  case ct::UnormInt101010:
    return {{20, 10}, {10, 10}, {0, 10}};
  case ct::UnormInt101010_2:
    return {{22, 10}, {12, 10}, {2, 10}, {0, 2}};
  default:
    return {};
  }
}

uint64_t fieldMask(const TexelChannel &channel) {
  return ((uint64_t{1} << channel.bits) - 1) << channel.shift;
}

} // namespace

std::string TexelChannel::typeName() const {
  if (!packed()) return scalarName(scalar);
  return std::to_string(bits) + "-bit unsigned integer";
}

std::vector<TexelChannel> texelChannels(const ImageFormat &format) {
  const std::string names = orderChannels(format.order);
  std::vector<TexelChannel> channels;
  const std::vector<Field> fields = packedFields(format.type);
  if (!fields.empty()) {
    const ScalarType word = texelBytes(format) == 2 ? ScalarType::UShort : ScalarType::UInt;
    for (size_t i = 0; i < fields.size(); ++i)
      channels.push_back({names[i], 0, word, fields[i].shift, fields[i].bits});
    return channels;
  }
  const ScalarType scalar = componentScalar(format.type);
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] != 'x')
      channels.push_back({names[i], static_cast<uint32_t>(i * scalarSize(scalar)), scalar, 0, 0});
  return channels;
}

std::string channelNames(const std::vector<TexelChannel> &channels) {
  std::string text;
  for (const TexelChannel &c : channels)
    text += (text.empty() ? "" : ", ") + std::string(1, c.name);
  return text;
}

uint64_t loadChannel(const TexelChannel &channel, const std::byte *texel) {
  const uint64_t word = loadComponent(texel + channel.offset, scalarSize(channel.scalar));
  return channel.packed() ? (word & fieldMask(channel)) >> channel.shift : word;
}

void storeChannel(const TexelChannel &channel, uint64_t bits, std::byte *texel) {
  const uint32_t size = scalarSize(channel.scalar);
  if (!channel.packed()) return storeComponent(texel + channel.offset, bits, size);
  const uint64_t word = loadComponent(texel + channel.offset, size);
  storeComponent(texel + channel.offset,
                 (word & ~fieldMask(channel)) | ((bits << channel.shift) & fieldMask(channel)),
                 size);
}

uint64_t channelBits(const TexelChannel &channel, const Number &value, const std::string &path) {
  if (!channel.packed()) return componentBits(value, channel.scalar, path);
  return integerBits(value, channel.bits, IntegerRange::Unsigned, channel.typeName(), path);
}

uint64_t channelBitsFromDouble(const TexelChannel &channel, double value, const std::string &path) {
  if (!channel.packed()) return componentBitsFromDouble(value, channel.scalar, path);
  return channelBits(channel, Number::ofReal(value, formatDouble(value)), path);
}

std::string channelText(const TexelChannel &channel, uint64_t bits) {
  return channel.packed() ? std::to_string(bits) : formatComponent(channel.scalar, bits);
}

} // namespace spvsim::runfile
