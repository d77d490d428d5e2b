// Netpbm (P6, P5) contents and dumps of run-file images (see image_ppm.h).
#include "spvsim/runfile/image_ppm.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <fstream>
#include <iterator>

#include "spvsim/common/error.h"

namespace spvsim::runfile {

namespace {

/// The largest sample Netpbm allows (two bytes per sample above 255).
constexpr uint32_t kMaxSample = 65535;
/// Pictures up to 2^32 samples (16 GiB of 16-bit samples).
constexpr uint64_t kMaxSamples = uint64_t{1} << 32;

bool hasChannel(const ImageSpec &image, char name) {
  return std::any_of(image.channels.begin(), image.channels.end(),
                     [&](const TexelChannel &c) { return c.name == name; });
}

bool is2D(const ImageSpec &image) {
  return image.image.type == ImageType::Image2D &&
         image.texelCount() == image.image.width * image.image.height;
}

/// The largest value a channel stores (its bits' range; a signed channel's positive end).
uint64_t channelMax(const TexelChannel &c) {
  if (c.packed()) return (uint64_t{1} << c.bits) - 1;
  const uint32_t width = scalarSize(c.scalar) * 8;
  return isSignedType(c.scalar) ? (uint64_t{1} << (width - 1)) - 1 : (uint64_t{1} << width) - 1;
}

bool isNormalized(uint32_t type) {
  return type == channel_type::SnormInt8 || type == channel_type::SnormInt16 ||
         type == channel_type::UnormInt8 || type == channel_type::UnormInt16 ||
         type == channel_type::UnormShort565 || type == channel_type::UnormShort555 ||
         type == channel_type::UnormInt101010 || type == channel_type::UnormInt101010_2;
}

/// The bits a channel of an image of data type `type` gets from a sample of `maxValue`:
/// integer channels the sample, normalized ones the sample scaled to their maximum
/// (rounded to nearest), half and float ones sample / maxValue.
uint64_t sampleBits(const TexelChannel &channel, uint32_t type, uint32_t sample,
                    uint32_t maxValue) {
  if (!channel.packed() && isFloatType(channel.scalar))
    return componentBitsFromDouble(double(sample) / maxValue, channel.scalar, "");
  if (!isNormalized(type)) return sample;
  return static_cast<uint64_t>(
      std::nearbyint(double(sample) * double(channelMax(channel)) / maxValue));
}

} // namespace

NetpbmImage readNetpbm(const std::filesystem::path &file, const std::string &spelling,
                       const std::string &path) {
  std::ifstream in(file, std::ios::binary);
  if (!in) failAt(path, "cannot open '" + spelling + "'");
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
  const std::string what = "'" + spelling + "' ";
  size_t at = 0;
  auto skipSpace = [&] {
    while (at < bytes.size()) {
      if (bytes[at] == '#')
        while (at < bytes.size() && bytes[at] != '\n') ++at;
      else if (bytes[at] == ' ' || bytes[at] == '\t' || bytes[at] == '\n' || bytes[at] == '\r')
        ++at;
      else
        break;
    }
  };
  auto number = [&](const char *name) {
    skipSpace();
    uint64_t v = 0;
    const size_t start = at;
    while (at < bytes.size() && bytes[at] >= '0' && bytes[at] <= '9' && at - start < 10)
      v = v * 10 + uint64_t(bytes[at++] - '0');
    if (at == start || v == 0)
      failAt(path, what + "has no valid " + name +
                       " in its header (a P6 or P5 file is: magic "
                       "number, width, height, maximum value, the samples)");
    return v;
  };
  if (bytes.size() < 2 || bytes[0] != 'P' || (bytes[1] != '6' && bytes[1] != '5'))
    failAt(path, what + "is not a binary PPM (P6) or PGM (P5) file");
  NetpbmImage out;
  out.channels = bytes[1] == '6' ? 3 : 1;
  at = 2;
  out.width = number("width");
  out.height = number("height");
  const uint64_t maxValue = number("maximum value");
  if (maxValue > kMaxSample) failAt(path, what + "has a maximum value above 65535");
  out.maxValue = static_cast<uint32_t>(maxValue);
  if (at >= bytes.size() ||
      !(bytes[at] == ' ' || bytes[at] == '\t' || bytes[at] == '\n' || bytes[at] == '\r'))
    failAt(path, what + "has no whitespace between its header and its samples");
  ++at;
  const uint64_t samples = out.width * out.height * out.channels;
  if (out.width > kMaxSamples || out.height > kMaxSamples || samples > kMaxSamples)
    failAt(path, what + "is larger than spvsim reads");
  const uint32_t sampleBytes = out.maxValue > 255 ? 2 : 1;
  if (bytes.size() - at != samples * sampleBytes)
    failAt(path, what + "has " + std::to_string(bytes.size() - at) +
                     " bytes of samples, its "
                     "header says " +
                     std::to_string(samples * sampleBytes));
  out.samples.resize(samples);
  for (uint64_t i = 0; i < samples; ++i) {
    const auto b = [&](uint64_t k) { return static_cast<uint8_t>(bytes[at + k]); };
    const uint32_t v = sampleBytes == 2 ? uint32_t(b(2 * i)) << 8 | b(2 * i + 1) : b(i);
    if (v > out.maxValue)
      failAt(path, what + "has a sample " + std::to_string(v) + " above its maximum value " +
                       std::to_string(out.maxValue));
    out.samples[i] = static_cast<uint16_t>(v);
  }
  return out;
}

std::vector<std::byte> netpbmBytes(const NetpbmImage &image) {
  const std::string header = std::string(image.channels == 3 ? "P6" : "P5") + "\n" +
                             std::to_string(image.width) + " " + std::to_string(image.height) +
                             "\n" + std::to_string(image.maxValue) + "\n";
  std::vector<std::byte> bytes;
  for (char c : header) bytes.push_back(static_cast<std::byte>(c));
  for (uint16_t s : image.samples) {
    if (image.maxValue > 255) bytes.push_back(static_cast<std::byte>(s >> 8));
    bytes.push_back(static_cast<std::byte>(s & 0xff));
  }
  return bytes;
}

bool isNetpbmPath(const std::filesystem::path &file) {
  return file.extension() == ".ppm" || file.extension() == ".pgm";
}

void checkNetpbmContents(const ImageSpec &image, const NetpbmImage &picture,
                         const std::string &path) {
  if (!is2D(image))
    failAt(path, "a PPM or PGM file gives the contents of an image2d_t only, not of an " +
                     image.typeName);
  if (picture.width != image.image.width || picture.height != image.image.height)
    failAt(path, "the picture is " + std::to_string(picture.width) + " × " +
                     std::to_string(picture.height) + ", the image " +
                     std::to_string(image.image.width) + " × " +
                     std::to_string(image.image.height));
  if (picture.channels == 3 && !(hasChannel(image, 'g') && hasChannel(image, 'b')))
    failAt(path, "a PPM file's red, green and blue need an image with r, g and b channels (it "
                 "has " +
                     channelNames(image.channels) + "); a PGM file fills one channel");
  for (const TexelChannel &c : image.channels) {
    if (c.name == 'a' || isFloatType(c.scalar) || isNormalized(image.image.format.type)) continue;
    if (picture.maxValue > channelMax(c))
      failAt(path, "the picture's maximum value " + std::to_string(picture.maxValue) +
                       " does not fit channel " + std::string(1, c.name) + " (" + c.typeName() +
                       ")");
  }
}

void netpbmToImage(const ImageSpec &image, const NetpbmImage &picture, std::span<std::byte> out) {
  const uint64_t texels = image.texelCount();
  const uint32_t type = image.image.format.type;
  for (uint64_t t = 0; t < texels; ++t) {
    std::byte *texel = out.data() + image.texelOffset(t);
    const uint16_t *sample = picture.samples.data() + t * picture.channels;
    for (const TexelChannel &channel : image.channels) {
      uint32_t v = picture.maxValue; // alpha: opaque
      if (channel.name == 'g' && picture.channels == 3)
        v = sample[1];
      else if (channel.name == 'b' && picture.channels == 3)
        v = sample[2];
      else if (channel.name != 'a')
        v = sample[0];
      storeChannel(channel, sampleBits(channel, type, v, picture.maxValue), texel);
    }
  }
}

NetpbmImage imageToNetpbm(const ImageSpec &image, std::span<const std::byte> bytes, bool colour) {
  NetpbmImage out;
  out.width = image.image.width;
  out.height = image.image.height;
  out.channels = colour ? 3 : 1;
  std::vector<const TexelChannel *> sources;
  auto find = [&](char name) -> const TexelChannel * {
    for (const TexelChannel &c : image.channels)
      if (c.name == name) return &c;
    return nullptr;
  };
  if (colour && hasChannel(image, 'g') && hasChannel(image, 'b'))
    sources = {find('r'), find('g'), find('b')};
  else if (colour) // a grey picture in colour
    sources = {&image.channels[0], &image.channels[0], &image.channels[0]};
  else
    sources = {&image.channels[0]};
  const TexelChannel &first = *sources[0];
  const bool real = !first.packed() && isFloatType(first.scalar);
  out.maxValue = real || first.packed() || scalarSize(first.scalar) == 1 ? 255 : kMaxSample;
  const uint64_t texels = out.width * out.height;
  out.samples.reserve(texels * out.channels);
  for (uint64_t t = 0; t < texels; ++t) {
    const std::byte *texel = bytes.data() + image.texelOffset(t);
    for (const TexelChannel *c : sources) {
      const uint64_t bits = c ? loadChannel(*c, texel) : 0;
      double v = 0;
      if (c && !c->packed() && isFloatType(c->scalar)) {
        const double f = c->scalar == ScalarType::Half
                             ? halfBitsToFloat(static_cast<uint16_t>(bits))
                             : std::bit_cast<float>(static_cast<uint32_t>(bits));
        v = std::isnan(f) ? 0 : std::nearbyint(std::clamp(f, 0.0, 1.0) * 255);
      } else if (c && !c->packed() && isSignedType(c->scalar)) {
        const uint32_t w = scalarSize(c->scalar) * 8;
        const int64_t s =
            static_cast<int64_t>((bits ^ (uint64_t{1} << (w - 1))) - (uint64_t{1} << (w - 1)));
        v = static_cast<double>(std::max<int64_t>(s, 0));
      } else if (c && c->packed()) { // 5, 6 and 10-bit fields scaled to 255
        v = std::nearbyint(double(bits) * 255 / double(channelMax(*c)));
      } else {
        v = static_cast<double>(bits);
      }
      out.samples.push_back(static_cast<uint16_t>(std::min<double>(v, out.maxValue)));
    }
  }
  return out;
}

} // namespace spvsim::runfile
