// The stored channels of an image texel as run files give and print them: for each
// channel of an OpenCL image format, in the order its channel order names them
// (CL_BGRA: b, g, r, a; padding channels such as CL_RGBx's x are left out), where its
// bits are in the texel (a whole component, or a bit field of a packed 565, 555 or
// 101010 texel) and which numbers it holds (the channel data type's integers, halves
// or floats, never normalized: a CL_UNORM_INT8 channel holds 0 to 255).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "spvsim/interpreter/image.h"
#include "spvsim/runfile/values.h"

namespace spvsim::runfile {

struct TexelChannel {
  char name = 'r';                       ///< r, g, b, a; i (intensity), l (luminance), d (depth)
  uint32_t offset = 0;                   ///< byte offset in the texel (a packed texel's word: 0)
  ScalarType scalar = ScalarType::UChar; ///< a whole component, or the packed word
  uint32_t shift = 0;                    ///< packed: the field's lowest bit in the word
  uint32_t bits = 0;                     ///< packed: the field's width; 0: a whole component

  bool packed() const { return bits != 0; }
  /// "uchar", "half", "5-bit unsigned integer", for messages.
  std::string typeName() const;
};

/// The channels of a valid format (texelBytes(format) > 0), in memory order.
std::vector<TexelChannel> texelChannels(const ImageFormat &format);
/// "r, g, b, a": the channels' names.
std::string channelNames(const std::vector<TexelChannel> &channels);

/// The bits of one channel of the texel at `texel` (zero-extended).
uint64_t loadChannel(const TexelChannel &channel, const std::byte *texel);
/// Writes the channel's bits into the texel, leaving the other channels as they are.
void storeChannel(const TexelChannel &channel, uint64_t bits, std::byte *texel);

/// The bits of a run-file number as the channel holds it; an error naming `path` when it
/// does not fit (300 in a CL_UNORM_INT8 channel, 40 in a 5-bit field).
uint64_t channelBits(const TexelChannel &channel, const Number &value, const std::string &path);
/// The same for a value computed in double (random contents).
uint64_t channelBitsFromDouble(const TexelChannel &channel, double value, const std::string &path);
/// The channel's value as text: decimal integers, shortest floats.
std::string channelText(const TexelChannel &channel, uint64_t bits);

} // namespace spvsim::runfile
