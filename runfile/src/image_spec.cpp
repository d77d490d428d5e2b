// Run-file images: parsing an `"images"` entry, writing its contents, printing it and
// checking its expectation (see image_spec.h).
#include "spvsim/runfile/image_spec.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <string_view>
#include <utility>

#include "spvsim/common/error.h"
#include "spvsim/runfile/image_ppm.h"
#include "spvsim/runfile/json.h"

namespace spvsim::runfile {

namespace {

/// Differing texels shown in an expect.mismatch finding's notes.
constexpr uint64_t kShownTexelMismatches = 10;
/// Texels written or printed between two questions to the StopCheck.
constexpr uint64_t kTexelsPerStopCheck = uint64_t{1} << 18;

struct ImageTypeName {
  std::string_view name;
  ImageType type;
  bool depth;
};

constexpr std::array<ImageTypeName, 8> kImageTypes{{
    {"image1d_t", ImageType::Image1D, false},
    {"image1d_buffer_t", ImageType::Image1DBuffer, false},
    {"image1d_array_t", ImageType::Image1DArray, false},
    {"image2d_t", ImageType::Image2D, false},
    {"image2d_array_t", ImageType::Image2DArray, false},
    {"image3d_t", ImageType::Image3D, false},
    {"image2d_depth_t", ImageType::Image2D, true},
    {"image2d_array_depth_t", ImageType::Image2DArray, true},
}};

bool hasHeight(ImageType t) {
  return t == ImageType::Image2D || t == ImageType::Image2DArray || t == ImageType::Image3D;
}
bool isArray(ImageType t) {
  return t == ImageType::Image1DArray || t == ImageType::Image2DArray;
}

/// The CL_* value of an order or data type name, by the names image.h gives them.
template <class NameOf>
uint32_t readClName(const Json &value, const std::string &path, uint32_t base, uint32_t count,
                    NameOf nameOf, std::string_view what) {
  const std::string given = readString(value, path);
  std::string known;
  for (uint32_t v = base; v < base + count; ++v) {
    const std::string name = nameOf(v);
    if (name.empty()) continue;
    if (given == name) return v;
    known += (known.empty() ? "" : ", ") + name;
  }
  failAt(path, "unknown " + std::string(what) + " '" + given + "' (known: " + known + ")");
}

/// A number for every channel: one number for all of them, or a list of one per channel.
std::vector<Number> perChannel(const Json &value, const std::string &path,
                               const std::vector<TexelChannel> &channels) {
  std::vector<Number> numbers;
  if (!value.is_array()) {
    numbers.assign(channels.size(), parseNumber(value, path));
    return numbers;
  }
  if (value.size() != channels.size())
    failAt(path, "expected one number or " + std::to_string(channels.size()) +
                     " (one per channel: " + channelNames(channels) + "), got " +
                     std::to_string(value.size()));
  for (size_t c = 0; c < value.size(); ++c)
    numbers.push_back(parseNumber(value[c], indexPath(path, c)));
  return numbers;
}

std::string channelPath(const Json &value, const std::string &path, size_t c) {
  return value.is_array() ? indexPath(path, c) : path;
}

bool isRealChannel(const TexelChannel &c) {
  return !c.packed() && isFloatType(c.scalar);
}

int64_t signedValue(uint64_t bits, uint32_t width) {
  if (width >= 64) return static_cast<int64_t>(bits);
  const uint64_t sign = uint64_t{1} << (width - 1);
  return static_cast<int64_t>((bits ^ sign) - sign);
}

/// The lowest and highest value of an integer channel, as 64-bit two's complement.
std::pair<uint64_t, uint64_t> channelRange(const TexelChannel &c) {
  if (c.packed()) return {0, (uint64_t{1} << c.bits) - 1};
  const uint32_t width = scalarSize(c.scalar) * 8;
  if (isSignedType(c.scalar))
    return {static_cast<uint64_t>(-(int64_t{1} << (width - 1))), (uint64_t{1} << (width - 1)) - 1};
  return {0, (uint64_t{1} << width) - 1};
}

void parseRandom(const Json &random, const std::string &path, const ImageSpec &image,
                 ImageContents &out) {
  requireObject(random, path);
  rejectUnknownKeys(random, path, {"seed", "min", "max"});
  const std::string seedPath = keyPath(path, "seed");
  out.randomSeed = integerBits(parseNumber(requireKey(random, path, "seed"), seedPath), 64,
                               IntegerRange::Unsigned, "a 64-bit seed", seedPath);
  const std::string minPath = keyPath(path, "min"), maxPath = keyPath(path, "max");
  std::vector<Number> mins, maxs;
  if (random.contains("min")) mins = perChannel(random["min"], minPath, image.channels);
  if (random.contains("max")) maxs = perChannel(random["max"], maxPath, image.channels);
  for (size_t c = 0; c < image.channels.size(); ++c) {
    const TexelChannel &channel = image.channels[c];
    const std::string minAt = mins.empty() ? minPath : channelPath(random["min"], minPath, c);
    const std::string maxAt = maxs.empty() ? maxPath : channelPath(random["max"], maxPath, c);
    if (isRealChannel(channel)) {
      double lo = 0, hi = 1;
      // channelBits checks that the bound fits the channel (an error naming its key).
      if (!mins.empty()) {
        channelBits(channel, mins[c], minAt);
        lo = mins[c].toDouble();
      }
      if (!maxs.empty()) {
        channelBits(channel, maxs[c], maxAt);
        hi = maxs[c].toDouble();
      }
      if (!std::isfinite(lo)) failAt(minAt, "must be finite");
      if (!std::isfinite(hi)) failAt(maxAt, "must be finite");
      if (lo > hi)
        failAt(path, "min is greater than max for channel " + std::string(1, channel.name));
      out.randomMinReal.push_back(lo);
      out.randomMaxReal.push_back(hi);
      out.randomMinInt.push_back(0);
      out.randomMaxInt.push_back(0);
      continue;
    }
    auto [lo, hi] = channelRange(channel);
    const bool isSigned = !channel.packed() && isSignedType(channel.scalar);
    const uint32_t width = channel.packed() ? 64 : scalarSize(channel.scalar) * 8;
    auto extend = [&](uint64_t bits) {
      return isSigned ? static_cast<uint64_t>(signedValue(bits, width)) : bits;
    };
    if (!mins.empty()) lo = extend(channelBits(channel, mins[c], minAt));
    if (!maxs.empty()) hi = extend(channelBits(channel, maxs[c], maxAt));
    const bool greater = isSigned ? static_cast<int64_t>(lo) > static_cast<int64_t>(hi) : lo > hi;
    if (greater)
      failAt(path, "min is greater than max for channel " + std::string(1, channel.name));
    out.randomMinInt.push_back(lo);
    out.randomMaxInt.push_back(hi);
    out.randomMinReal.push_back(0);
    out.randomMaxReal.push_back(0);
  }
}

ImageContents parseContents(const Json &value, const std::string &path, const ImageSpec &image,
                            const std::filesystem::path &baseDir) {
  requireObject(value, path);
  rejectUnknownKeys(value, path, {"fill", "values", "file", "random", "ppm"});
  if (value.size() != 1) failAt(path, "expected exactly one of fill, values, file, random, ppm");
  const std::string form = value.items().begin().key();
  const Json &given = value.items().begin().value();
  const std::string formPath = keyPath(path, form);
  const std::vector<TexelChannel> &channels = image.channels;
  ImageContents out;
  if (form == "fill") {
    out.kind = ImageContents::Kind::Fill;
    const std::vector<Number> numbers = perChannel(given, formPath, channels);
    for (size_t c = 0; c < channels.size(); ++c)
      out.fillBits.push_back(channelBits(channels[c], numbers[c], channelPath(given, formPath, c)));
  } else if (form == "values") {
    out.kind = ImageContents::Kind::Values;
    if (!given.is_array()) failAt(formPath, "expected a list, got " + describeJsonType(given));
    const uint64_t texels = image.texelCount();
    if (given.size() / channels.size() != texels || given.size() % channels.size())
      failAt(formPath, "expected " + std::to_string(texels * channels.size()) + " numbers (" +
                           std::to_string(texels) + " texels × " + std::to_string(channels.size()) +
                           " channels: " + channelNames(channels) + "), got " +
                           std::to_string(given.size()));
    out.valueBits.reserve(given.size());
    for (size_t i = 0; i < given.size(); ++i) {
      const std::string itemPath = indexPath(formPath, i);
      out.valueBits.push_back(
          channelBits(channels[i % channels.size()], parseNumber(given[i], itemPath), itemPath));
    }
  } else if (form == "file") {
    out.kind = ImageContents::Kind::File;
    out.fileSpelling = readString(given, formPath);
    out.file = baseDir / out.fileSpelling;
    const uint64_t size = requireReadableFile(out.file, out.fileSpelling, formPath);
    if (size != image.size())
      failAt(formPath, "'" + out.fileSpelling + "' has " + std::to_string(size) +
                           " bytes, the image has " + std::to_string(image.size()) +
                           " (with its pitches)");
  } else if (form == "ppm") {
    out.kind = ImageContents::Kind::Netpbm;
    out.fileSpelling = readString(given, formPath);
    out.file = baseDir / out.fileSpelling;
    checkNetpbmContents(image, readNetpbm(out.file, out.fileSpelling, formPath), formPath);
  } else {
    out.kind = ImageContents::Kind::Random;
    parseRandom(given, formPath, image, out);
  }
  return out;
}

/// The image type, format and sizes of an entry, checked and completed.
void parseLayout(const Json &value, const std::string &path, ImageSpec &out) {
  const std::string typePath = keyPath(path, "type");
  out.typeName = readString(requireKey(value, path, "type"), typePath);
  const ImageTypeName *type = nullptr;
  std::string known;
  for (const ImageTypeName &t : kImageTypes) {
    if (t.name == out.typeName) type = &t;
    known += (known.empty() ? "" : ", ") + std::string(t.name);
  }
  if (!type) failAt(typePath, "unknown image type '" + out.typeName + "' (known: " + known + ")");
  out.depthImage = type->depth;
  ImageDescription &image = out.image;
  image.type = type->type;

  const std::string orderPath = keyPath(path, "channel_order");
  const std::string dataPath = keyPath(path, "channel_data_type");
  image.format.order = readClName(requireKey(value, path, "channel_order"), orderPath,
                                  channel_order::kBase, 0x14, channelOrderName, "channel order");
  image.format.type = readClName(requireKey(value, path, "channel_data_type"), dataPath,
                                 channel_type::kBase, 0x11, channelTypeName, "channel data type");
  const std::string orderName = channelOrderName(image.format.order);
  const std::string dataName = channelTypeName(image.format.type);
  if (image.format.order == channel_order::Depth + 1 /* CL_DEPTH_STENCIL */)
    failAt(orderPath, "CL_DEPTH_STENCIL images come only from OpenGL textures (OpenCL API "
                      "§5.3.13.1); spvsim does not support them");
  if (image.format.type == channel_type::Float + 1 /* CL_UNORM_INT24 */)
    failAt(dataPath, "CL_UNORM_INT24 is only for CL_DEPTH_STENCIL images, which spvsim does "
                     "not support");
  // OpenCL API §5.3.1.1: which orders and data types combine.
  if (texelBytes(image.format) == 0)
    failAt(dataPath,
           "the format " + formatName(image.format) + " does not exist (OpenCL API §5.3.1.1: " +
               (orderName == "CL_RGB" || orderName == "CL_RGBx"
                    ? orderName + " takes only CL_UNORM_SHORT_565, CL_UNORM_SHORT_555 "
                                  "and CL_UNORM_INT_101010"
                : dataName == "CL_UNORM_INT_101010_2" ? dataName + " needs CL_RGBA"
                : dataName.find("SHORT_5") != std::string::npos || dataName == "CL_UNORM_INT_101010"
                    ? dataName + " needs CL_RGB or CL_RGBx"
                : orderName.find("sRGB") != std::string::npos ||
                        orderName.find("sBGR") != std::string::npos
                    ? orderName + " takes only CL_UNORM_INT8"
                : orderName == "CL_DEPTH"
                    ? "CL_DEPTH takes CL_UNORM_INT16 or CL_FLOAT"
                    : orderName + " takes only normalized, half and float data types") +
               ")");
  // cl_khr_depth_images: CL_DEPTH images are the depth image types, and only they.
  if (out.depthImage != (image.format.order == channel_order::Depth))
    failAt(orderPath, out.depthImage ? "a " + out.typeName + " has the channel order CL_DEPTH"
                                     : "a CL_DEPTH image is an image2d_depth_t or "
                                       "image2d_array_depth_t, not an " +
                                           out.typeName);

  auto size = [&](std::string_view key, bool wanted, uint64_t &field) {
    const std::string keyPathText = keyPath(path, key);
    if (!value.contains(std::string(key))) {
      if (wanted) failAt(keyPathText, "required for an " + out.typeName);
      return;
    }
    if (!wanted) failAt(keyPathText, "an " + out.typeName + " has no " + std::string(key));
    field = readWholeNumber(value[std::string(key)], keyPathText, 1, uint64_t{1} << 32);
  };
  size("width", true, image.width);
  size("height", hasHeight(image.type), image.height);
  size("depth", image.type == ImageType::Image3D, image.depth);
  size("array_size", isArray(image.type), image.arraySize);
  // OpenCL API §5.3.1: a row pitch for images with rows, a slice pitch for 3D images and
  // arrays (a 1D array's slice pitch is the size of each 1D image).
  const bool rows = hasHeight(image.type);
  const bool slices = image.type == ImageType::Image3D || isArray(image.type);
  const std::string rowPath = keyPath(path, "row_pitch"), slicePath = keyPath(path, "slice_pitch");
  if (value.contains("row_pitch")) {
    if (!rows) failAt(rowPath, "an " + out.typeName + " has no rows to pitch");
    image.rowPitch = readWholeNumber(value["row_pitch"], rowPath, 1, uint64_t{1} << 48);
  }
  if (value.contains("slice_pitch")) {
    if (!slices) failAt(slicePath, "an " + out.typeName + " has no slices or layers to pitch");
    image.slicePitch = readWholeNumber(value["slice_pitch"], slicePath, 1, uint64_t{1} << 48);
  }
  try {
    image = completeImage(image, uint64_t{1} << 48);
  } catch (const Error &e) {
    const std::string message = e.what();
    failAt(message.rfind("row pitch", 0) == 0     ? rowPath
           : message.rfind("slice pitch", 0) == 0 ? slicePath
                                                  : path,
           message);
  }
  out.channels = texelChannels(image.format);
}

} // namespace

std::string ImageSpec::path() const {
  return keyPath("images", name);
}

uint64_t ImageSpec::texelCount() const {
  const uint64_t layers = image.type == ImageType::Image3D ? image.depth : image.arraySize;
  return image.width * image.height * layers;
}

uint64_t ImageSpec::texelOffset(uint64_t t) const {
  const uint64_t x = t % image.width, row = t / image.width;
  const uint64_t y = row % image.height, z = row / image.height;
  return x * texelBytes(image.format) + y * image.rowPitch + z * image.slicePitch;
}

std::string ImageSpec::coordinateText(uint64_t t) const {
  const uint64_t x = t % image.width, row = t / image.width;
  const uint64_t y = row % image.height, z = row / image.height;
  std::string text = "(" + std::to_string(x);
  if (hasHeight(image.type)) text += ", " + std::to_string(y);
  if (image.type == ImageType::Image3D || isArray(image.type)) text += ", " + std::to_string(z);
  return text + ")";
}

std::string ImageSpec::describe() const {
  std::string sizes = std::to_string(image.width);
  if (hasHeight(image.type)) sizes += ", " + std::to_string(image.height);
  if (image.type == ImageType::Image3D) sizes += ", " + std::to_string(image.depth);
  if (isArray(image.type)) sizes += ", " + std::to_string(image.arraySize);
  return typeName + "[" + sizes + "] " + formatName(image.format);
}

ImageSpec parseImage(const std::string &name, const Json &value,
                     const std::filesystem::path &baseDir) {
  ImageSpec out;
  out.name = name;
  const std::string path = out.path();
  requireObject(value, path);
  rejectUnknownKeys(value, path,
                    {"type", "channel_order", "channel_data_type", "width", "height", "depth",
                     "array_size", "row_pitch", "slice_pitch", "init", "dump", "access", "expect",
                     "buffer", "buffer_offset", "image"});
  parseLayout(value, path, out);
  if (auto it = value.find("image"); it != value.end()) {
    // OpenCL API §5.3.1.2 (mem_object): a 2D image made from another 2D image views its
    // texels; checkImageView compares the two once the other is known.
    const std::string imagePath = keyPath(path, "image");
    out.viewedImage = readString(*it, imagePath);
    if (out.viewedImage.empty()) failAt(imagePath, "expected the name of an image");
    if (out.viewedImage == name) failAt(imagePath, "an image cannot be made from itself");
    if (out.image.type != ImageType::Image2D)
      failAt(imagePath, "only an image2d_t or image2d_depth_t is made from another image "
                        "(OpenCL API §5.3.1.2), not an " +
                            out.typeName);
    if (value.contains("buffer"))
      failAt(imagePath, "an image is made from a buffer or from an image, not both");
    if (value.contains("init"))
      failAt(keyPath(path, "init"), "an image made from an image has that image's contents: "
                                    "give '" +
                                        out.viewedImage + "' an init");
  }
  if (auto it = value.find("buffer"); it != value.end()) {
    // OpenCL API §5.3.1.2 (mem_object): a 1D buffer image, or a 2D image made from a
    // buffer (cl_khr_image2d_from_buffer; a CL_DEPTH one too, cl_khr_depth_images: its
    // image_type is CL_MEM_OBJECT_IMAGE2D), views the buffer's bytes.
    const std::string bufferPath = keyPath(path, "buffer");
    out.buffer = readString(*it, bufferPath);
    if (out.buffer.empty()) failAt(bufferPath, "expected the name of a buffer");
    if (out.image.type != ImageType::Image1DBuffer && out.image.type != ImageType::Image2D)
      failAt(bufferPath, "only an image1d_buffer_t, image2d_t or image2d_depth_t is made from "
                         "a buffer (OpenCL API §5.3.1.2), not an " +
                             out.typeName);
    if (value.contains("init"))
      failAt(keyPath(path, "init"),
             "an image made from a buffer has the buffer's contents: give the buffer an init");
    if (auto offset = value.find("buffer_offset"); offset != value.end()) {
      // An image made from a sub-buffer views the buffer from the sub-buffer's origin;
      // its texels start at a multiple of their size as the buffer's elements do.
      const std::string offsetPath = keyPath(path, "buffer_offset");
      out.bufferOffset = readWholeNumber(*offset, offsetPath, 0, uint64_t{1} << 48);
      const uint32_t texel = texelBytes(out.image.format);
      if (out.bufferOffset % texel)
        failAt(offsetPath, std::to_string(out.bufferOffset) +
                               " is not a multiple of the texel size (" + std::to_string(texel) +
                               " bytes, " + formatName(out.image.format) + ")");
    }
  } else if (value.contains("buffer_offset")) {
    failAt(keyPath(path, "buffer_offset"), "only an image made from a buffer (\"buffer\") has one");
  }
  if (auto it = value.find("init"); it != value.end())
    out.init = parseContents(*it, keyPath(path, "init"), out, baseDir);
  if (auto it = value.find("expect"); it != value.end()) {
    const std::string expectPath = keyPath(path, "expect");
    requireObject(*it, expectPath);
    rejectUnknownKeys(*it, expectPath,
                      {"fill", "values", "file", "ppm", "random", "ulp", "abs", "rel"});
    ImageExpectation expect;
    Json contents;
    expect.tolerance = parseTolerance(*it, expectPath, contents);
    if (contents.empty()) failAt(expectPath, "expected one of fill, values, file, ppm");
    expect.contents = parseContents(contents, expectPath, out, baseDir);
    out.expect = std::move(expect);
  }
  if (auto it = value.find("dump"); it != value.end()) {
    const std::string dumpPath = keyPath(path, "dump");
    if (it->is_boolean()) {
      out.dumpText = it->get<bool>();
    } else {
      out.dumpSpelling = readString(*it, dumpPath);
      if (out.dumpSpelling.empty()) failAt(dumpPath, "expected a file path or true");
      out.dumpFile = baseDir / out.dumpSpelling;
      if (isNetpbmPath(*out.dumpFile) && out.image.type != ImageType::Image2D)
        failAt(dumpPath, "a PPM or PGM dump is of an image2d_t only, not of an " + out.typeName);
      const std::filesystem::path folder = out.dumpFile->parent_path();
      std::error_code ec;
      if (!folder.empty() && !std::filesystem::is_directory(folder, ec))
        failAt(dumpPath, "the folder of '" + out.dumpSpelling + "' does not exist");
    }
  }
  if (auto it = value.find("access"); it != value.end()) {
    const std::string accessPath = keyPath(path, "access");
    const std::string access = readString(*it, accessPath);
    out.accessGiven = true;
    if (access == "read_write")
      out.access = BufferAccess::ReadWrite;
    else if (access == "read_only")
      out.access = BufferAccess::ReadOnly;
    else if (access == "write_only")
      out.access = BufferAccess::WriteOnly;
    else
      failAt(accessPath, "unknown access '" + access + "' (read_write, read_only or write_only)");
  }
  return out;
}

namespace {

/// OpenCL API §5.3.1.2, table "Compatible Image Channel Orders": the orders a 2D image
/// made from another may view the other's texels with (either way round).
bool compatibleViewOrders(uint32_t view, uint32_t image) {
  using namespace channel_order;
  constexpr std::array<std::pair<uint32_t, uint32_t>, 5> kPairs{
      {{sBGRA, BGRA}, {sRGBA, RGBA}, {sRGB, RGB}, {sRGBx, RGBx}, {Depth, R}}};
  return std::any_of(kPairs.begin(), kPairs.end(), [&](const auto &pair) {
    return (view == pair.first && image == pair.second) ||
           (view == pair.second && image == pair.first);
  });
}

} // namespace

void checkImageView(ImageSpec &view, const ImageSpec &image) {
  const std::string imagePath = keyPath(view.path(), "image");
  // OpenCL API §5.3.1.2: "All of the values specified in image_desc must match" the
  // image's; its data type too, its channel order compatible.
  if (image.image.type != ImageType::Image2D)
    failAt(imagePath, "'" + image.name + "' is an " + image.typeName +
                          "; an image is made from an image2d_t or image2d_depth_t only");
  const ImageDescription &a = view.image, &b = image.image;
  if (a.format.type != b.format.type)
    failAt(imagePath, "the channel data types differ (" + formatName(a.format) + " made from " +
                          formatName(b.format) + "): they must be the same");
  if (!compatibleViewOrders(a.format.order, b.format.order))
    failAt(imagePath, formatName(a.format) + " cannot view " + formatName(b.format) +
                          ": the channel orders must be a compatible pair (CL_sRGBA and "
                          "CL_RGBA, CL_sBGRA and CL_BGRA, CL_sRGB and CL_RGB, CL_sRGBx and "
                          "CL_RGBx, CL_DEPTH and CL_R)");
  if (a.width != b.width || a.height != b.height || a.rowPitch != b.rowPitch)
    failAt(imagePath, "the image is " + view.describe() + " with row pitch " +
                          std::to_string(a.rowPitch) + ", '" + image.name + "' " +
                          image.describe() + " with row pitch " + std::to_string(b.rowPitch) +
                          ": width, height and row pitch must be the same");
  // OpenCL API §5.3.1.2: access flags not given are inherited; given ones only narrow.
  if (!view.accessGiven) {
    view.access = image.access;
  } else if (view.access != image.access && image.access != BufferAccess::ReadWrite) {
    auto spelling = [](BufferAccess access) {
      return access == BufferAccess::ReadOnly ? "read_only" : "write_only";
    };
    failAt(keyPath(view.path(), "access"),
           "'" + image.name + "' is " + spelling(image.access) + ": an image made from it " +
               "may not be " +
               (view.access == BufferAccess::ReadWrite ? "read_write" : spelling(view.access)));
  }
}

void writeImageContents(const ImageSpec &image, const ImageContents &contents,
                        const std::string &path, std::span<std::byte> out, const StopCheck &stop) {
  if (out.size() != image.size()) throw Error(path + ": image size does not match its contents");
  if (contents.kind == ImageContents::Kind::None) return;
  if (contents.kind == ImageContents::Kind::Netpbm) {
    const std::string filePath = keyPath(path, "ppm");
    const NetpbmImage picture = readNetpbm(contents.file, contents.fileSpelling, filePath);
    checkNetpbmContents(image, picture, filePath);
    netpbmToImage(image, picture, out);
    return;
  }
  if (contents.kind == ImageContents::Kind::File) {
    const std::string filePath = keyPath(path, "file");
    std::ifstream in(contents.file, std::ios::binary);
    if (!in) failAt(filePath, "cannot open '" + contents.fileSpelling + "'");
    in.read(reinterpret_cast<char *>(out.data()), static_cast<std::streamsize>(out.size()));
    if (static_cast<uint64_t>(in.gcount()) != out.size() ||
        in.peek() != std::ifstream::traits_type::eof())
      failAt(filePath, "'" + contents.fileSpelling + "' no longer has the image's " +
                           std::to_string(out.size()) + " bytes");
    return;
  }
  const std::vector<TexelChannel> &channels = image.channels;
  const uint64_t texels = image.texelCount();
  const std::string randomPath = keyPath(path, "random");
  for (uint64_t t = 0; t < texels; ++t) {
    if (t % kTexelsPerStopCheck == 0 && t && stop && stop())
      throw Interrupted("initialising " + image.path());
    std::byte *texel = out.data() + image.texelOffset(t);
    for (size_t c = 0; c < channels.size(); ++c) {
      const TexelChannel &channel = channels[c];
      const uint64_t k = t * channels.size() + c;
      uint64_t bits = 0;
      switch (contents.kind) {
      case ImageContents::Kind::Fill:
        bits = contents.fillBits[c];
        break;
      case ImageContents::Kind::Values:
        bits = contents.valueBits[k];
        break;
      default: { // Random: as a buffer's (values.h), per channel
        const uint64_t x = SplitMix64::output(contents.randomSeed, k);
        if (isRealChannel(channel)) {
          const double u = static_cast<double>(x >> 11) * 0x1p-53;
          bits = channelBitsFromDouble(
              channel, contents.randomMinReal[c] * (1 - u) + contents.randomMaxReal[c] * u,
              randomPath);
        } else {
          const uint64_t span = contents.randomMaxInt[c] - contents.randomMinInt[c];
          const uint64_t offset = static_cast<uint64_t>(
              (static_cast<unsigned __int128>(x) * (static_cast<unsigned __int128>(span) + 1)) >>
              64);
          bits = contents.randomMinInt[c] + offset;
          if (!channel.packed() && scalarSize(channel.scalar) < 8)
            bits &= (uint64_t{1} << (scalarSize(channel.scalar) * 8)) - 1;
        }
        break;
      }
      }
      storeChannel(channel, bits, texel);
    }
  }
}

std::string texelText(const ImageSpec &image, const std::byte *texel) {
  std::string text;
  for (const TexelChannel &channel : image.channels)
    text += (text.empty() ? "" : ", ") + channelText(channel, loadChannel(channel, texel));
  return image.channels.size() > 1 ? "(" + text + ")" : text;
}

void writeImageText(std::ostream &out, const ImageSpec &image, std::span<const std::byte> bytes,
                    const StopCheck &stop) {
  out << image.name << ": " << image.describe() << " (" << channelNames(image.channels) << ")\n";
  const uint64_t perLine = std::max<uint64_t>(1, 8 / image.channels.size());
  const uint64_t texels = image.texelCount();
  for (uint64_t t = 0; t < texels;) {
    if (t % kTexelsPerStopCheck < perLine && t && stop && stop())
      throw Interrupted("printing " + image.path());
    const uint64_t rowEnd = (t / image.image.width + 1) * image.image.width;
    const uint64_t end = std::min(rowEnd, t + perLine);
    out << "  " << image.coordinateText(t) << ": ";
    for (uint64_t u = t; u < end; ++u)
      out << (u == t ? "" : ", ") << texelText(image, bytes.data() + image.texelOffset(u));
    out << "\n";
    t = end;
  }
}

std::optional<Finding> checkImageExpectation(const ImageSpec &image,
                                             std::span<const std::byte> got) {
  if (!image.expect) return std::nullopt;
  const std::string path = keyPath(image.path(), "expect");
  std::vector<std::byte> expected(image.size());
  writeImageContents(image, image.expect->contents, path, expected);
  const uint64_t texels = image.texelCount();
  uint64_t mismatches = 0;
  Finding f;
  for (uint64_t t = 0; t < texels; ++t) {
    const uint64_t offset = image.texelOffset(t);
    bool differs = false;
    for (const TexelChannel &channel : image.channels) {
      const uint64_t g = loadChannel(channel, got.data() + offset);
      const uint64_t x = loadChannel(channel, expected.data() + offset);
      differs = differs || !componentMatches(channel.packed() ? ScalarType::UInt : channel.scalar,
                                             g, x, image.expect->tolerance);
    }
    if (!differs) continue;
    if (++mismatches <= kShownTexelMismatches)
      f.notes.push_back(image.name + image.coordinateText(t) + ": got " +
                        texelText(image, got.data() + offset) + ", expected " +
                        texelText(image, expected.data() + offset));
  }
  if (!mismatches) return std::nullopt;
  if (mismatches > kShownTexelMismatches)
    f.notes.push_back("... and " + std::to_string(mismatches - kShownTexelMismatches) + " more");
  f.kind = "expect.mismatch";
  f.severity = Severity::Error;
  f.message = "image '" + image.name + "': " + std::to_string(mismatches) + " of " +
              std::to_string(texels) + " texels (" + formatName(image.image.format) +
              ") differ from \"expect\" (tolerance: " + image.expect->tolerance.describe() + ")";
  return f;
}

} // namespace spvsim::runfile
