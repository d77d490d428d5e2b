// Netpbm images as an image's contents and dump (docs/images.md "PPM and PGM files"):
// binary PPM (P6, red, green, blue) and PGM (P5, grey) with a maximum value up to 65535,
// read into a run-file image's channels and written from them. The format is simple
// enough to parse here: a magic number, width, height and maximum value in ASCII
// (with # comments), one whitespace byte, then the samples, big-endian when two bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "spvsim/runfile/image_spec.h"

namespace spvsim::runfile {

struct NetpbmImage {
  uint64_t width = 0, height = 0;
  uint32_t maxValue = 255;
  uint32_t channels = 3;         ///< 3: P6 (r, g, b); 1: P5 (grey)
  std::vector<uint16_t> samples; ///< width × height × channels, rows top to bottom
};

/// Reads a P6 or P5 file; an error naming `path` when it is not one.
NetpbmImage readNetpbm(const std::filesystem::path &file, const std::string &spelling,
                       const std::string &path);
/// The file's bytes.
std::vector<std::byte> netpbmBytes(const NetpbmImage &image);

/// Whether a dump path names a Netpbm file (.ppm: P6, .pgm: P5), which `dump` writes as one.
bool isNetpbmPath(const std::filesystem::path &file);

/// Checks that `picture` can be the contents of `image` (a 2D image of its width and
/// height whose channels it can fill: see docs/images.md); errors name `path`.
void checkNetpbmContents(const ImageSpec &image, const NetpbmImage &picture,
                         const std::string &path);
/// Writes `picture` into the image's bytes: r, g, b from its samples (grey into every
/// colour channel, luminance, intensity and depth), alpha the maximum; integer channels
/// take the sample, normalized, half and float channels sample / maximum.
void netpbmToImage(const ImageSpec &image, const NetpbmImage &picture, std::span<std::byte> out);
/// The picture of a 2D image: with `colour` P6 from r, g, b (the first channel three
/// times when the image has no g and b), else P5 from its first channel; 8-bit channels
/// as they are, 16-bit ones with maximum 65535, packed fields scaled to 255, half and
/// float channels clamped to [0, 1] and scaled to 255, negative values 0.
NetpbmImage imageToNetpbm(const ImageSpec &image, std::span<const std::byte> bytes, bool colour);

} // namespace spvsim::runfile
