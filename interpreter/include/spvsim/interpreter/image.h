// Images as a host binds them to a kernel: the image types, the channel orders and
// data types of OpenCL 3.0 (by their CL_* values), an image's description over the
// GlobalMemory buffer that holds its texels, sampler values, and the texel
// conversions of OpenCL SPIR-V Env §7.4 (what a read or a write does to one texel).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "spvsim/interpreter/global_memory.h"

namespace spvsim {

/// Channel orders by their OpenCL API values (cl.h); OpImageQueryOrder returns the value
/// minus kChannelOrderBase (the SPIR-V ImageChannelOrder).
namespace channel_order {
inline constexpr uint32_t kBase = 0x10B0;
inline constexpr uint32_t R = 0x10B0, A = 0x10B1, RG = 0x10B2, RA = 0x10B3, RGB = 0x10B4,
                          RGBA = 0x10B5, BGRA = 0x10B6, ARGB = 0x10B7, Intensity = 0x10B8,
                          Luminance = 0x10B9, Rx = 0x10BA, RGx = 0x10BB, RGBx = 0x10BC,
                          Depth = 0x10BD, sRGB = 0x10BF, sRGBx = 0x10C0, sRGBA = 0x10C1,
                          sBGRA = 0x10C2, ABGR = 0x10C3;
} // namespace channel_order

/// Channel data types by their OpenCL API values; OpImageQueryFormat returns the value
/// minus kBase (the SPIR-V ImageChannelDataType).
namespace channel_type {
inline constexpr uint32_t kBase = 0x10D0;
inline constexpr uint32_t SnormInt8 = 0x10D0, SnormInt16 = 0x10D1, UnormInt8 = 0x10D2,
                          UnormInt16 = 0x10D3, UnormShort565 = 0x10D4, UnormShort555 = 0x10D5,
                          UnormInt101010 = 0x10D6, SignedInt8 = 0x10D7, SignedInt16 = 0x10D8,
                          SignedInt32 = 0x10D9, UnsignedInt8 = 0x10DA, UnsignedInt16 = 0x10DB,
                          UnsignedInt32 = 0x10DC, HalfFloat = 0x10DD, Float = 0x10DE,
                          UnormInt101010_2 = 0x10E0;
} // namespace channel_type

struct ImageFormat {
  uint32_t order = channel_order::RGBA;
  uint32_t type = channel_type::UnormInt8;
  bool operator==(const ImageFormat &) const = default;
};

/// The image types of OpenCL (OpTypeImage Dim and Arrayed).
enum class ImageType : uint8_t {
  Image1D,
  Image1DBuffer,
  Image1DArray,
  Image2D,
  Image2DArray,
  Image3D
};

/// How a read-out texel's channels come back to a kernel (§7.4): floats for normalized,
/// half and float data types, integers for the signed and unsigned integer ones.
enum class TexelKind : uint8_t { Float, SignedInt, UnsignedInt };

/// One image: its type, format, size and layout over the buffer that holds its texels.
struct ImageDescription {
  ImageType type = ImageType::Image2D;
  ImageFormat format;
  uint64_t width = 1;
  uint64_t height = 1;     ///< 2D and 3D images
  uint64_t depth = 1;      ///< 3D images
  uint64_t arraySize = 1;  ///< image arrays
  uint64_t rowPitch = 0;   ///< bytes; 0: width × texel size
  uint64_t slicePitch = 0; ///< bytes between 2D slices or array layers; 0: tightly packed
  BufferId buffer = 0;     ///< the texels (GlobalMemory), at offset 0
};

/// Channels an order holds in memory (Rx counts 2: its x is padding), 0 if unknown.
uint32_t channelCount(uint32_t order);
/// Bytes of one texel of the format, 0 when the order and data type do not combine
/// (OpenCL API §5.3.1.1: the packed types go with RGB/RGBx, 101010_2 with RGBA, sRGB
/// orders with UnormInt8, depth with UnormInt16 or Float).
uint32_t texelBytes(const ImageFormat &format);
/// The format's name, as "CL_RGBA/CL_UNORM_INT8".
std::string formatName(const ImageFormat &format);
/// The name of an order or a data type ("CL_RGBA", "CL_UNORM_INT8"); "" if unknown.
std::string channelOrderName(uint32_t order);
std::string channelTypeName(uint32_t type);
/// What reads of the data type return.
TexelKind texelKind(uint32_t type);
/// Whether the image type has the dimension: y for 2D, 3D and 1D arrays' layer, z for 3D
/// and 2D arrays' layer.
uint32_t coordinateCount(ImageType type);

/// The description with its pitches filled in, checked: an Error when a size is 0, the
/// format is invalid, a pitch is smaller than what it spans, or the buffer (of
/// `bufferSize` bytes) is smaller than the image.
ImageDescription completeImage(const ImageDescription &image, uint64_t bufferSize);
/// Bytes an image spans with its pitches (rowPitch and slicePitch filled in).
uint64_t imageBytes(const ImageDescription &image);

/// A sampler value as kernels see it (OpenCL C's sampler_t bits): addressing mode,
/// normalized coordinates and filter mode, with the CLK_* values of opencl-c.h.
namespace sampler_bits {
inline constexpr uint32_t kNormalized = 0x1;
inline constexpr uint32_t kAddressMask = 0xE;
inline constexpr uint32_t kAddressNone = 0x0, kAddressClampToEdge = 0x2, kAddressClamp = 0x4,
                          kAddressRepeat = 0x6, kAddressMirroredRepeat = 0x8;
inline constexpr uint32_t kFilterMask = 0x30;
inline constexpr uint32_t kFilterNearest = 0x10, kFilterLinear = 0x20;
} // namespace sampler_bits

/// §7.4: the texel at `bytes` as the four channels (r, g, b, a) a read returns before any
/// filtering: floats (normalized, half, float; sRGB converted to linear), or integers
/// (sign or zero extended to 32 bits, as uint32 bits). Channels the order lacks are 0,
/// alpha 1 (1.0f or 1); INTENSITY and LUMINANCE replicate.
std::array<float, 4> decodeFloatTexel(const ImageFormat &format, const std::byte *bytes);
/// decodeFloatTexel into out[0..3]: a caller that reads the channels one at a time
/// reads what was stored one at a time.
void decodeFloatTexel(const ImageFormat &format, const std::byte *bytes, float *out);
std::array<uint32_t, 4> decodeIntTexel(const ImageFormat &format, const std::byte *bytes);
/// §7.4: writes the four channels as the format stores them (round to nearest even and
/// saturate for normalized types, half rounding to nearest even, integer saturation).
void encodeFloatTexel(const ImageFormat &format, const std::array<float, 4> &color,
                      std::byte *bytes);
void encodeIntTexel(const ImageFormat &format, const std::array<uint32_t, 4> &color,
                    std::byte *bytes);
/// For each of the texelBytes(format) bytes of a texel, the components (bit 0 r to bit 3
/// a) it holds under §7.4: those a read returns from it (`read`), or those a write stores
/// in it. Padding bytes hold none; the packed types' bytes hold every field.
void texelByteComponents(const ImageFormat &format, bool read, uint8_t *masks);

} // namespace spvsim
