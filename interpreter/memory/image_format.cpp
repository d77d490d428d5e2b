// Image formats: channel layouts, texel sizes, image layout checks and the texel
// conversions of OpenCL SPIR-V Env §7.4 (normalized integers, packed formats,
// half, float, signed and unsigned integers, sRGB).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include "spvsim/common/error.h"
#include "spvsim/interpreter/image.h"

namespace spvsim {

namespace {

namespace co = channel_order;
namespace ct = channel_type;

/// Which of r, g, b, a (0..3) each stored channel is; 4 marks padding (x), 5 a channel
/// that is read into r, g and b (luminance) or r, g, b and a (intensity).
struct Layout {
  uint32_t count = 0;
  std::array<uint8_t, 4> channel{};
};

constexpr uint8_t kPad = 4;

Layout layoutOf(uint32_t order) {
  switch (order) {
  case co::R:
  case co::Depth:
    return {1, {0}};
  case co::A:
    return {1, {3}};
  case co::Intensity:
  case co::Luminance:
    return {1, {0}};
  case co::RG:
    return {2, {0, 1}};
  case co::RA:
    return {2, {0, 3}};
  case co::Rx:
    return {2, {0, kPad}};
  case co::RGB:
  case co::sRGB:
    return {3, {0, 1, 2}};
  case co::RGx:
    return {3, {0, 1, kPad}};
  case co::RGBA:
  case co::sRGBA:
    return {4, {0, 1, 2, 3}};
  case co::RGBx:
  case co::sRGBx:
    return {4, {0, 1, 2, kPad}};
  case co::BGRA:
  case co::sBGRA:
    return {4, {2, 1, 0, 3}};
  case co::ARGB:
    return {4, {3, 0, 1, 2}};
  case co::ABGR:
    return {4, {3, 2, 1, 0}};
  default:
    return {};
  }
}

bool isPacked(uint32_t type) {
  return type == ct::UnormShort565 || type == ct::UnormShort555 || type == ct::UnormInt101010 ||
         type == ct::UnormInt101010_2;
}

bool isSrgb(uint32_t order) {
  return order == co::sRGB || order == co::sRGBx || order == co::sRGBA || order == co::sBGRA;
}

uint32_t channelBytes(uint32_t type) {
  switch (type) {
  case ct::SnormInt8:
  case ct::UnormInt8:
  case ct::SignedInt8:
  case ct::UnsignedInt8:
    return 1;
  case ct::SnormInt16:
  case ct::UnormInt16:
  case ct::SignedInt16:
  case ct::UnsignedInt16:
  case ct::HalfFloat:
    return 2;
  case ct::SignedInt32:
  case ct::UnsignedInt32:
  case ct::Float:
    return 4;
  default:
    return 0;
  }
}

// §7.4.1.3: normalized integers to float, as a correctly rounded quotient.
float unorm(uint32_t x, uint32_t max) {
  return static_cast<float>(double(x) / double(max));
}

/// unorm(x, 255) for every byte: the most common data type's reads without a division.
constexpr std::array<float, 256> kUnormInt8 = [] {
  std::array<float, 256> t{};
  for (uint32_t i = 0; i < 256; ++i) t[i] = static_cast<float>(double(i) / 255.0);
  return t;
}();

/// rint(f) for |f| < 2^22 in the default rounding mode (to nearest, ties to even),
/// without a library call: adding 1.5 × 2^23 leaves no bit below the units.
float roundToEven(float f) {
  constexpr float kShift = 0x1.8p23f;
  return (f + kShift) - kShift;
}
// The 16-bit normalized types and SNORM_INT8 as products by the reciprocal: for each of
// their values the product rounds to the same float as the quotient (texel_decode_test
// checks every one), without a division's latency.
float snorm(int32_t x, int32_t max) {
  return std::max(-1.0f, static_cast<float>(double(x) * (1.0 / double(max))));
}
float unorm16(uint32_t x) {
  return static_cast<float>(double(x) * (1.0 / 65535.0));
}

// §7.4.1.4 f_preferred: max(0, min(max, max × x)) rounded to nearest even; NaN is
// implementation-defined (0 here).
uint32_t toUnorm(float x, uint32_t max) {
  if (std::isnan(x)) return 0;
  float f = std::max(0.0f, std::min(float(max), float(max) * x));
  return static_cast<uint32_t>(roundToEven(f));
}
int32_t toSnorm(float x, int32_t max) {
  if (std::isnan(x)) return 0;
  float f = std::max(-float(max) - 1.0f, std::min(float(max), float(max) * x));
  return static_cast<int32_t>(roundToEven(f));
}

// §7.4.5: sRGB to linear (reads) and linear to sRGB (writes), alpha stays linear.
float srgbToLinear(float c) {
  return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}
/// srgbToLinear(unorm(i, 255)) for every byte (sRGB orders come only as UnormInt8).
const std::array<float, 256> &srgbToLinearTable() {
  static const std::array<float, 256> table = [] {
    std::array<float, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) t[i] = srgbToLinear(kUnormInt8[i]);
    return t;
  }();
  return table;
}

float linearToSrgb(float y) {
  if (std::isnan(y) || y < 0.0f) return 0.0f;
  if (y < 0.0031308f) return 12.92f * y;
  if (y <= 1.0f) return 1.055f * std::pow(y, 1.0f / 2.4f) - 0.055f;
  return 1.0f;
}

template <class T> T loadAs(const std::byte *p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
template <class T> void storeAs(std::byte *p, T v) {
  std::memcpy(p, &v, sizeof v);
}

/// The packed formats' channels r, g, b (and a), as fractions of their maxima.
std::array<float, 4> decodePacked(uint32_t type, const std::byte *p) {
  switch (type) {
  case ct::UnormShort565: {
    uint16_t v = loadAs<uint16_t>(p);
    return {unorm((v >> 11) & 0x1f, 31), unorm((v >> 5) & 0x3f, 63), unorm(v & 0x1f, 31), 1.0f};
  }
  case ct::UnormShort555: {
    uint16_t v = loadAs<uint16_t>(p);
    return {unorm((v >> 10) & 0x1f, 31), unorm((v >> 5) & 0x1f, 31), unorm(v & 0x1f, 31), 1.0f};
  }
  case ct::UnormInt101010: {
    uint32_t v = loadAs<uint32_t>(p);
    return {unorm((v >> 20) & 0x3ff, 1023), unorm((v >> 10) & 0x3ff, 1023), unorm(v & 0x3ff, 1023),
            1.0f};
  }
  default: { // UnormInt101010_2
    uint32_t v = loadAs<uint32_t>(p);
    return {unorm((v >> 22) & 0x3ff, 1023), unorm((v >> 12) & 0x3ff, 1023),
            unorm((v >> 2) & 0x3ff, 1023), unorm(v & 0x3, 3)};
  }
  }
}

void encodePacked(uint32_t type, const std::array<float, 4> &c, std::byte *p) {
  switch (type) {
  case ct::UnormShort565:
    storeAs<uint16_t>(
        p, uint16_t(toUnorm(c[0], 31) << 11 | toUnorm(c[1], 63) << 5 | toUnorm(c[2], 31)));
    break;
  case ct::UnormShort555:
    storeAs<uint16_t>(
        p, uint16_t(toUnorm(c[0], 31) << 10 | toUnorm(c[1], 31) << 5 | toUnorm(c[2], 31)));
    break;
  case ct::UnormInt101010:
    storeAs<uint32_t>(p,
                      toUnorm(c[0], 1023) << 20 | toUnorm(c[1], 1023) << 10 | toUnorm(c[2], 1023));
    break;
  default:
    storeAs<uint32_t>(p, toUnorm(c[0], 1023) << 22 | toUnorm(c[1], 1023) << 12 |
                             toUnorm(c[2], 1023) << 2 | toUnorm(c[3], 3));
    break;
  }
}

/// A half's bits as a float, exactly (OpenCL SPIR-V Env §7.4.2: every half is a float):
/// what the conversion of _Float16 gives, without a library call per channel. A
/// signaling NaN comes back quiet, as from the conversion instructions.
float halfToFloat(uint16_t h) {
  const uint32_t sign = uint32_t(h & 0x8000) << 16;
  const uint32_t exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  uint32_t bits;
  if (exponent == 0x1f) // infinities and NaNs
    bits = sign | 0x7f800000u | mantissa << 13 | (mantissa ? 0x400000u : 0);
  else if (exponent != 0)
    bits = sign | (exponent + 112) << 23 | mantissa << 13;
  else // zeros and subnormals: mantissa × 2^-24, exact in a float
    return std::bit_cast<float>(sign | std::bit_cast<uint32_t>(float(mantissa) * 0x1p-24f));
  return std::bit_cast<float>(bits);
}

float decodeChannel(uint32_t type, const std::byte *p) {
  switch (type) {
  case ct::SnormInt8:
    return snorm(loadAs<int8_t>(p), 127);
  case ct::SnormInt16:
    return snorm(loadAs<int16_t>(p), 32767);
  case ct::UnormInt8:
    return kUnormInt8[loadAs<uint8_t>(p)];
  case ct::UnormInt16:
    return unorm16(loadAs<uint16_t>(p));
  case ct::HalfFloat:
    return halfToFloat(loadAs<uint16_t>(p));
  case ct::Float:
    return loadAs<float>(p);
  default:
    return 0.0f;
  }
}

/// The `count` stored channels of a texel of `type` at p, the type decided once.
template <uint32_t Type> void decodeChannels(const std::byte *p, uint32_t count, float *out) {
  for (uint32_t i = 0; i < count; ++i) out[i] = decodeChannel(Type, p + i * channelBytes(Type));
}

void encodeChannel(uint32_t type, float v, std::byte *p) {
  switch (type) {
  case ct::SnormInt8:
    storeAs<int8_t>(p, int8_t(toSnorm(v, 127)));
    break;
  case ct::SnormInt16:
    storeAs<int16_t>(p, int16_t(toSnorm(v, 32767)));
    break;
  case ct::UnormInt8:
    storeAs<uint8_t>(p, uint8_t(toUnorm(v, 255)));
    break;
  case ct::UnormInt16:
    storeAs<uint16_t>(p, uint16_t(toUnorm(v, 65535)));
    break;
  case ct::HalfFloat: // §7.4.2: round to nearest even
    storeAs<_Float16>(p, static_cast<_Float16>(v));
    break;
  case ct::Float:
    storeAs<float>(p, v);
    break;
  default:
    break;
  }
}

uint32_t decodeIntChannel(uint32_t type, const std::byte *p) {
  switch (type) {
  case ct::SignedInt8:
    return uint32_t(int32_t(loadAs<int8_t>(p)));
  case ct::SignedInt16:
    return uint32_t(int32_t(loadAs<int16_t>(p)));
  case ct::UnsignedInt8:
    return loadAs<uint8_t>(p);
  case ct::UnsignedInt16:
    return loadAs<uint16_t>(p);
  case ct::SignedInt32:
  case ct::UnsignedInt32:
    return loadAs<uint32_t>(p);
  default:
    return 0;
  }
}

// §7.4.4: saturating conversions of 32-bit integers.
void encodeIntChannel(uint32_t type, uint32_t v, std::byte *p) {
  const int32_t s = static_cast<int32_t>(v);
  switch (type) {
  case ct::SignedInt8:
    storeAs<int8_t>(p, int8_t(std::clamp(s, -128, 127)));
    break;
  case ct::SignedInt16:
    storeAs<int16_t>(p, int16_t(std::clamp(s, -32768, 32767)));
    break;
  case ct::UnsignedInt8:
    storeAs<uint8_t>(p, uint8_t(std::min<uint32_t>(v, 255)));
    break;
  case ct::UnsignedInt16:
    storeAs<uint16_t>(p, uint16_t(std::min<uint32_t>(v, 65535)));
    break;
  case ct::SignedInt32:
  case ct::UnsignedInt32:
    storeAs<uint32_t>(p, v);
    break;
  default:
    break;
  }
}

/// Spreads the stored channels over r, g, b, a (out); missing ones 0, alpha `one`.
template <class T>
void arrange(uint32_t order, const Layout &layout, const T *stored, T one, T *out) {
  if (order == co::Intensity || order == co::Luminance) {
    out[0] = out[1] = out[2] = stored[0];
    out[3] = order == co::Intensity ? stored[0] : one;
    return;
  }
  out[0] = out[1] = out[2] = T(0);
  out[3] = one;
  for (uint32_t i = 0; i < layout.count; ++i)
    if (layout.channel[i] != kPad) out[layout.channel[i]] = stored[i];
}

} // namespace

uint32_t channelCount(uint32_t order) {
  return layoutOf(order).count;
}

uint32_t texelBytes(const ImageFormat &format) {
  const Layout layout = layoutOf(format.order);
  if (layout.count == 0) return 0;
  if (isPacked(format.type)) {
    if (format.type == ct::UnormInt101010_2) return format.order == co::RGBA ? 4 : 0;
    if (format.order != co::RGB && format.order != co::RGBx) return 0;
    return format.type == ct::UnormInt101010 ? 4 : 2;
  }
  // RGB and RGBx only come packed; sRGB orders only as UnormInt8.
  if (format.order == co::RGB || format.order == co::RGBx) return 0;
  if (isSrgb(format.order) && format.type != ct::UnormInt8) return 0;
  if (format.order == co::Depth && format.type != ct::UnormInt16 && format.type != ct::Float)
    return 0;
  if ((format.order == co::Intensity || format.order == co::Luminance) &&
      (texelKind(format.type) != TexelKind::Float))
    return 0;
  return layout.count * channelBytes(format.type);
}

std::string channelOrderName(uint32_t order) {
  static const char *const names[] = {
      "CL_R",    "CL_A",     "CL_RG",    "CL_RA",        "CL_RGB",
      "CL_RGBA", "CL_BGRA",  "CL_ARGB",  "CL_INTENSITY", "CL_LUMINANCE",
      "CL_Rx",   "CL_RGx",   "CL_RGBx",  "CL_DEPTH",     "CL_DEPTH_STENCIL",
      "CL_sRGB", "CL_sRGBx", "CL_sRGBA", "CL_sBGRA",     "CL_ABGR"};
  if (order < co::kBase || order - co::kBase >= std::size(names)) return "";
  return names[order - co::kBase];
}

std::string channelTypeName(uint32_t type) {
  static const char *const names[] = {
      "CL_SNORM_INT8",       "CL_SNORM_INT16",       "CL_UNORM_INT8",
      "CL_UNORM_INT16",      "CL_UNORM_SHORT_565",   "CL_UNORM_SHORT_555",
      "CL_UNORM_INT_101010", "CL_SIGNED_INT8",       "CL_SIGNED_INT16",
      "CL_SIGNED_INT32",     "CL_UNSIGNED_INT8",     "CL_UNSIGNED_INT16",
      "CL_UNSIGNED_INT32",   "CL_HALF_FLOAT",        "CL_FLOAT",
      "CL_UNORM_INT24",      "CL_UNORM_INT_101010_2"};
  if (type < ct::kBase || type - ct::kBase >= std::size(names)) return "";
  return names[type - ct::kBase];
}

std::string formatName(const ImageFormat &format) {
  std::string order = channelOrderName(format.order), type = channelTypeName(format.type);
  return (order.empty() ? "order " + std::to_string(format.order) : order) + "/" +
         (type.empty() ? "type " + std::to_string(format.type) : type);
}

TexelKind texelKind(uint32_t type) {
  switch (type) {
  case ct::SignedInt8:
  case ct::SignedInt16:
  case ct::SignedInt32:
    return TexelKind::SignedInt;
  case ct::UnsignedInt8:
  case ct::UnsignedInt16:
  case ct::UnsignedInt32:
    return TexelKind::UnsignedInt;
  default:
    return TexelKind::Float;
  }
}

uint32_t coordinateCount(ImageType type) {
  switch (type) {
  case ImageType::Image1D:
  case ImageType::Image1DBuffer:
    return 1;
  case ImageType::Image1DArray:
  case ImageType::Image2D:
    return 2;
  default:
    return 3;
  }
}

ImageDescription completeImage(const ImageDescription &image, uint64_t bufferSize) {
  ImageDescription out = image;
  const uint32_t bytes = texelBytes(image.format);
  if (bytes == 0) throw Error("image format " + formatName(image.format) + " is not valid");
  const bool has2D = image.type == ImageType::Image2D || image.type == ImageType::Image2DArray ||
                     image.type == ImageType::Image3D;
  if (!has2D) out.height = 1;
  if (image.type != ImageType::Image3D) out.depth = 1;
  if (image.type != ImageType::Image1DArray && image.type != ImageType::Image2DArray)
    out.arraySize = 1;
  if (out.width == 0 || out.height == 0 || out.depth == 0 || out.arraySize == 0)
    throw Error("an image needs a width, height, depth and array size of at least 1");
  if (out.width > (uint64_t(1) << 32) || out.height > (uint64_t(1) << 32) ||
      out.depth > (uint64_t(1) << 32) || out.arraySize > (uint64_t(1) << 32))
    throw Error("an image dimension is larger than 2^32");
  const uint64_t row = out.width * bytes;
  if (out.rowPitch == 0) out.rowPitch = row;
  if (out.rowPitch < row || out.rowPitch % bytes != 0)
    throw Error("row pitch " + std::to_string(out.rowPitch) + " is smaller than a row (" +
                std::to_string(row) + " bytes) or not a multiple of the texel size");
  const uint64_t slice =
      image.type == ImageType::Image1DArray ? out.rowPitch : out.rowPitch * out.height;
  if (out.slicePitch == 0) out.slicePitch = slice;
  if (out.slicePitch < slice || out.slicePitch % out.rowPitch != 0)
    throw Error("slice pitch " + std::to_string(out.slicePitch) + " is smaller than a slice (" +
                std::to_string(slice) + " bytes) or not a multiple of the row pitch");
  const uint64_t need = imageBytes(out);
  if (need > bufferSize)
    throw Error("the image needs " + std::to_string(need) + " bytes, its buffer has " +
                std::to_string(bufferSize));
  return out;
}

uint64_t imageBytes(const ImageDescription &image) {
  const uint64_t bytes = texelBytes(image.format);
  const uint64_t layers = image.type == ImageType::Image3D ? image.depth : image.arraySize;
  const uint64_t rows = image.type == ImageType::Image1DArray ? 1 : image.height;
  return (layers - 1) * image.slicePitch + (rows - 1) * image.rowPitch + image.width * bytes;
}

void decodeFloatTexel(const ImageFormat &format, const std::byte *bytes, float *out) {
  if (format.order == co::RGBA && format.type == ct::UnormInt8) { // the common case, inline
    const auto *u = reinterpret_cast<const uint8_t *>(bytes);
    for (uint32_t i = 0; i < 4; ++i) out[i] = kUnormInt8[u[i]];
    return;
  }
  const Layout layout = layoutOf(format.order);
  float stored[4] = {};
  switch (format.type) {
  case ct::SnormInt8:
    decodeChannels<ct::SnormInt8>(bytes, layout.count, stored);
    break;
  case ct::SnormInt16:
    decodeChannels<ct::SnormInt16>(bytes, layout.count, stored);
    break;
  case ct::UnormInt8:
    if (isSrgb(format.order)) { // r, g and b through the table, alpha linear
      const std::array<float, 256> &linear = srgbToLinearTable();
      const auto *u = reinterpret_cast<const uint8_t *>(bytes);
      for (uint32_t i = 0; i < layout.count; ++i)
        stored[i] = layout.channel[i] < 3 ? linear[u[i]] : kUnormInt8[u[i]];
      break;
    }
    decodeChannels<ct::UnormInt8>(bytes, layout.count, stored);
    break;
  case ct::UnormInt16:
    decodeChannels<ct::UnormInt16>(bytes, layout.count, stored);
    break;
  case ct::HalfFloat:
    decodeChannels<ct::HalfFloat>(bytes, layout.count, stored);
    break;
  case ct::Float:
    decodeChannels<ct::Float>(bytes, layout.count, stored);
    break;
  default:
    if (isPacked(format.type)) {
      const std::array<float, 4> packed = decodePacked(format.type, bytes);
      std::copy(packed.begin(), packed.end(), out);
      return;
    }
    break;
  }
  arrange(format.order, layout, stored, 1.0f, out);
}

std::array<float, 4> decodeFloatTexel(const ImageFormat &format, const std::byte *bytes) {
  std::array<float, 4> out;
  decodeFloatTexel(format, bytes, out.data());
  return out;
}

std::array<uint32_t, 4> decodeIntTexel(const ImageFormat &format, const std::byte *bytes) {
  const Layout layout = layoutOf(format.order);
  uint32_t stored[4] = {};
  const uint32_t size = channelBytes(format.type);
  for (uint32_t i = 0; i < layout.count; ++i)
    stored[i] = decodeIntChannel(format.type, bytes + i * size);
  std::array<uint32_t, 4> out;
  arrange<uint32_t>(format.order, layout, stored, 1u, out.data());
  return out;
}

void encodeFloatTexel(const ImageFormat &format, const std::array<float, 4> &color,
                      std::byte *bytes) {
  if (format.order == co::RGBA && format.type == ct::UnormInt8) { // the common case, inline
    auto *u = reinterpret_cast<uint8_t *>(bytes);
    for (uint32_t i = 0; i < 4; ++i) u[i] = uint8_t(toUnorm(color[i], 255));
    return;
  }
  if (isPacked(format.type)) return encodePacked(format.type, color, bytes);
  std::array<float, 4> c = color;
  if (isSrgb(format.order))
    for (uint32_t i = 0; i < 3; ++i) c[i] = linearToSrgb(c[i]);
  const Layout layout = layoutOf(format.order);
  const uint32_t size = channelBytes(format.type);
  for (uint32_t i = 0; i < layout.count; ++i) {
    const uint8_t channel = layout.channel[i];
    // Padding (x) is written as 0; intensity and luminance store the r channel.
    encodeChannel(format.type, channel == kPad ? 0.0f : c[channel], bytes + i * size);
  }
}

void encodeIntTexel(const ImageFormat &format, const std::array<uint32_t, 4> &color,
                    std::byte *bytes) {
  const Layout layout = layoutOf(format.order);
  const uint32_t size = channelBytes(format.type);
  for (uint32_t i = 0; i < layout.count; ++i) {
    const uint8_t channel = layout.channel[i];
    encodeIntChannel(format.type, channel == kPad ? 0u : color[channel], bytes + i * size);
  }
}

void texelByteComponents(const ImageFormat &format, bool read, uint8_t *masks) {
  const uint32_t bytes = texelBytes(format);
  if (isPacked(format.type)) {
    // Every field shares the bytes: each byte holds all the packed channels.
    const uint8_t all = format.type == ct::UnormInt101010_2 ? 0xf : 0x7;
    std::fill(masks, masks + bytes, all);
    return;
  }
  const Layout layout = layoutOf(format.order);
  const uint32_t size = channelBytes(format.type);
  for (uint32_t i = 0; i < layout.count; ++i) {
    const uint8_t channel = layout.channel[i];
    uint8_t mask = channel == kPad ? 0 : uint8_t(1u << channel);
    if (read && format.order == co::Intensity) mask = 0xf;
    if (read && format.order == co::Luminance) mask = 0x7;
    std::fill(masks + i * size, masks + (i + 1) * size, mask);
  }
}

} // namespace spvsim
