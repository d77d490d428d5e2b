// Images of run files (docs/images.md "Run files"): the `"images"` section's entries —
// image type, format, sizes and pitches, initial contents (fill, values, file, random,
// per channel, or a PPM/PGM file), dumps (text per texel, raw bytes or a PPM/PGM file),
// access flags and
// expectations — parsed and checked to an ImageSpec, and what a run does with one:
// write its contents, print it, compare it with its `"expect"`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "spvsim/common/finding.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/image.h"
#include "spvsim/runfile/expectation.h"
#include "spvsim/runfile/image_texels.h"
#include "spvsim/runfile/values.h"

namespace spvsim::runfile {

/// An image's `init` (or the contents of its `expect`), per stored channel.
struct ImageContents {
  enum class Kind { None, Fill, Values, File, Random, Netpbm };
  Kind kind = Kind::None;
  std::vector<uint64_t> fillBits;                   ///< Fill: one per channel
  std::vector<uint64_t> valueBits;                  ///< Values: texels × channels, x fastest
  std::filesystem::path file;                       ///< File: resolved path
  std::string fileSpelling;                         ///< File: as written
  uint64_t randomSeed = 0;                          ///< Random: splitmix64 seed
  std::vector<uint64_t> randomMinInt, randomMaxInt; ///< Random, integer channels (sign-extended)
  std::vector<double> randomMinReal, randomMaxReal; ///< Random, half and float channels
};

struct ImageExpectation {
  ImageContents contents;
  Tolerance tolerance;
};

struct ImageSpec {
  std::string name;
  std::string typeName;    ///< the OpenCL C type it binds to: image2d_t, image2d_depth_t, ...
  bool depthImage = false; ///< image2d_depth_t, image2d_array_depth_t
  ImageDescription image;  ///< type, format, sizes and pitches filled in; buffer 0
  std::vector<TexelChannel> channels;
  ImageContents init; ///< Kind::None: zero-filled and uninitialized
  /// `"buffer"`: the run file's buffer whose bytes the image views (an image1d_buffer_t,
  /// or an image2d_t as cl_khr_image2d_from_buffer makes one); "": bytes of its own.
  std::string buffer;
  /// `"buffer_offset"`: where in `buffer` the image's bytes start (an image made from a
  /// sub-buffer at that origin, OpenCL API §5.2.1); 0 without the key.
  uint64_t bufferOffset = 0;
  /// `"image"`: the run file's image (declared above this one) whose texels this 2D
  /// image views under a compatible channel order, as clCreateImage with an image as
  /// `mem_object` makes it (OpenCL API §5.3.1.2: an sRGB view of an RGBA image, a
  /// CL_DEPTH view of a CL_R image); "": not made from an image.
  std::string viewedImage;
  BufferAccess access = BufferAccess::ReadWrite;
  bool accessGiven = false; ///< `"access"` written (a view inherits its image's otherwise)
  std::optional<std::filesystem::path> dumpFile; ///< resolved `dump` path (raw bytes, or
                                                 ///< a PPM/PGM file by its extension)
  std::string dumpSpelling;                      ///< `dump` as written
  bool dumpText = false;                         ///< `"dump": true`
  std::optional<ImageExpectation> expect;

  std::string path() const; ///< `images.<name>`
  uint64_t size() const { return imageBytes(image); }
  uint64_t texelCount() const;
  /// Byte offset of texel `t` (x fastest, then y, then the slice or layer).
  uint64_t texelOffset(uint64_t t) const;
  /// "(x, y)" of texel `t`: as many coordinates as the image type has, the layer last.
  std::string coordinateText(uint64_t t) const;
  /// "image2d_t[64, 32] CL_RGBA/CL_UNORM_INT8": its sizes in coordinate order.
  std::string describe() const;
};

/// Parses one entry of `"images"`; errors name the key (`images.src.width: required`).
ImageSpec parseImage(const std::string &name, const Json &value,
                     const std::filesystem::path &baseDir);

/// Checks that `view` (with `"image"`) may be made from `image` (OpenCL API §5.3.1.2:
/// same sizes, row pitch and data type, a compatible channel order, no wider access) and
/// gives it `image`'s access when it names none; errors name `view`'s keys.
void checkImageView(ImageSpec &view, const ImageSpec &image);

/// Writes `contents` into `out` (the image's bytes, zero-filled, size() long); asks `stop`
/// now and then.
void writeImageContents(const ImageSpec &image, const ImageContents &contents,
                        const std::string &path, std::span<std::byte> out,
                        const StopCheck &stop = {});

/// The text `"dump": true` prints (docs/images.md): a header, then per line up to
/// max(1, 8 / channels) texels of one row, each line starting with its first texel's
/// coordinate; a texel's channels in parentheses, in memory order.
void writeImageText(std::ostream &out, const ImageSpec &image, std::span<const std::byte> bytes,
                    const StopCheck &stop = {});

/// The stored channels of the texel at `texel` as the dump prints them: "(1, 2, 3, 255)",
/// one channel without parentheses.
std::string texelText(const ImageSpec &image, const std::byte *texel);

/// The expect.mismatch finding of an image holding `got`, or nullopt when every texel
/// matches its `expect` (each channel within the tolerance).
std::optional<Finding> checkImageExpectation(const ImageSpec &image,
                                             std::span<const std::byte> got);

} // namespace spvsim::runfile
