// Run-file images (docs/images.md "Run files"): the `"images"` entries parsed, their
// contents written byte by byte as OpenCL API §5.3.1.1 lays the formats out (expected
// bytes worked out by hand here), the text dump, expectations, binding to image
// parameters, every error naming its key, and an image compared between schedules.
#include "spvsim/runfile/image_spec.h"

#include <gtest/gtest.h>

#include "runfile_test_support.h"

#include <cstring>
#include <sstream>

#include "spvsim/common/error.h"
#include "spvsim/runfile/bind.h"
#include "spvsim/runfile/image_ppm.h"
#include "spvsim/runfile/run_spec.h"
#include "spvsim/runfile/schedule_difference.h"
#include "spvsim/runfile/writer.h"

namespace spvsim::runfile {
namespace {

using test::kData;
using test::parse;
using test::parseError;

/// A run file with one image `img` described by `image` and the given args.
std::string withImage(std::string_view image, std::string_view args = R"([{"image": "img"}])",
                      std::string_view extra = "") {
  return std::string(R"({"module": "kernel.spvasm", "kernel": "main", "global_size": [4],)") +
         R"("buffers": {"buf": {"type": "float", "count": 4}}, "images": {"img": )" +
         std::string(image) + "}, \"args\": " + std::string(args) + std::string(extra) + "}";
}

#define EXPECT_ERROR(text, message) EXPECT_EQ(parseError(text), message)

/// The image's initial bytes, as a run writes them.
std::vector<uint8_t> initialBytes(const ImageSpec &image) {
  std::vector<std::byte> bytes(image.size());
  writeImageContents(image, image.init, "init", bytes);
  std::vector<uint8_t> out;
  for (std::byte b : bytes) out.push_back(std::to_integer<uint8_t>(b));
  return out;
}

std::vector<uint8_t> initialBytesOf(std::string_view image) {
  return initialBytes(parse(withImage(image)).images.at(0));
}

TEST(RunFileImages, LayoutOfA2DImageWithARowPitch) {
  RunSpec spec = parse(withImage(R"({"type": "image2d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_UNSIGNED_INT16", "width": 2, "height": 2, "row_pitch": 6,
      "init": {"values": [1, 2, 3, 4]}})"));
  ASSERT_EQ(spec.images.size(), 1u);
  const ImageSpec &img = spec.images[0];
  EXPECT_EQ(img.typeName, "image2d_t");
  EXPECT_EQ(img.image.type, ImageType::Image2D);
  EXPECT_EQ(img.image.format.order, channel_order::R);
  EXPECT_EQ(img.image.format.type, channel_type::UnsignedInt16);
  EXPECT_EQ(img.image.rowPitch, 6u);
  // Row 0 at byte 0, row 1 at byte 6; the last row ends with its last texel.
  EXPECT_EQ(img.size(), 10u);
  EXPECT_EQ(initialBytes(img), (std::vector<uint8_t>{1, 0, 2, 0, 0, 0, 3, 0, 4, 0}));
  EXPECT_EQ(spec.launches[0].args[0].kind, ArgSpec::Kind::Image);
  EXPECT_EQ(spec.launches[0].args[0].image, "img");
}

TEST(RunFileImages, ChannelsInTheOrderTheChannelOrderNames) {
  // CL_BGRA: b, g, r, a in memory; the values are given in that order.
  EXPECT_EQ(initialBytesOf(R"({"type": "image1d_t", "channel_order": "CL_BGRA",
      "channel_data_type": "CL_UNORM_INT8", "width": 1, "init": {"values": [10, 20, 30, 40]}})"),
            (std::vector<uint8_t>{10, 20, 30, 40}));
  // CL_Rx stores r and a padding channel, which the values leave out (written 0).
  EXPECT_EQ(initialBytesOf(R"({"type": "image1d_t", "channel_order": "CL_Rx",
      "channel_data_type": "CL_SIGNED_INT16", "width": 2, "init": {"values": [-2, 3]}})"),
            (std::vector<uint8_t>{0xfe, 0xff, 0, 0, 3, 0, 0, 0}));
  const RunSpec spec = parse(withImage(R"({"type": "image1d_t", "channel_order": "CL_ARGB",
      "channel_data_type": "CL_UNORM_INT8", "width": 1})"));
  EXPECT_EQ(channelNames(spec.images[0].channels), "a, r, g, b");
}

TEST(RunFileImages, PackedFormatsTakeOneValuePerChannel) {
  // 565: r in bits 15..11, g 10..5, b 4..0. (31, 0, 1) = 0xf801; (0, 63, 16) = 0x07f0.
  EXPECT_EQ(initialBytesOf(R"({"type": "image1d_t", "channel_order": "CL_RGB",
      "channel_data_type": "CL_UNORM_SHORT_565", "width": 2,
      "init": {"values": [31, 0, 1, 0, 63, 16]}})"),
            (std::vector<uint8_t>{0x01, 0xf8, 0xf0, 0x07}));
  // 555: r 14..10, g 9..5, b 4..0. (1, 2, 3) = 0x0443.
  EXPECT_EQ(initialBytesOf(R"({"type": "image1d_t", "channel_order": "CL_RGBx",
      "channel_data_type": "CL_UNORM_SHORT_555", "width": 1, "init": {"values": [1, 2, 3]}})"),
            (std::vector<uint8_t>{0x43, 0x04}));
  // 101010: r 29..20, g 19..10, b 9..0. (1, 2, 3) = 0x00100803.
  EXPECT_EQ(initialBytesOf(R"({"type": "image1d_t", "channel_order": "CL_RGB",
      "channel_data_type": "CL_UNORM_INT_101010", "width": 1, "init": {"fill": [1, 2, 3]}})"),
            (std::vector<uint8_t>{0x03, 0x08, 0x10, 0x00}));
  // 101010_2: r 31..22, g 21..12, b 11..2, a 1..0. (1023, 0, 512, 3) = 0xffc00803.
  EXPECT_EQ(initialBytesOf(R"({"type": "image1d_t", "channel_order": "CL_RGBA",
      "channel_data_type": "CL_UNORM_INT_101010_2", "width": 1,
      "init": {"fill": [1023, 0, 512, 3]}})"),
            (std::vector<uint8_t>{0x03, 0x08, 0xc0, 0xff}));
}

TEST(RunFileImages, FillHalfAndFloatChannels) {
  // 1.5 as binary16 is 0x3e00; one number fills every channel.
  EXPECT_EQ(initialBytesOf(R"({"type": "image1d_buffer_t", "channel_order": "CL_RG",
      "channel_data_type": "CL_HALF_FLOAT", "width": 1, "init": {"fill": 1.5}})"),
            (std::vector<uint8_t>{0x00, 0x3e, 0x00, 0x3e}));
  // -2 as binary32 is 0xc0000000.
  EXPECT_EQ(initialBytesOf(R"({"type": "image1d_t", "channel_order": "CL_INTENSITY",
      "channel_data_type": "CL_FLOAT", "width": 1, "init": {"fill": -2}})"),
            (std::vector<uint8_t>{0, 0, 0, 0xc0}));
}

TEST(RunFileImages, ArraysAnd3DImagesWithSlicePitches) {
  // A 1D array's layers are slice_pitch bytes apart.
  EXPECT_EQ(initialBytesOf(R"({"type": "image1d_array_t", "channel_order": "CL_RG",
      "channel_data_type": "CL_SIGNED_INT8", "width": 2, "array_size": 2, "slice_pitch": 8,
      "init": {"values": [-1, 2, 3, -4, 5, 6, 7, 8]}})"),
            (std::vector<uint8_t>{0xff, 2, 3, 0xfc, 0, 0, 0, 0, 5, 6, 7, 8}));
  const RunSpec spec = parse(withImage(R"({"type": "image3d_t", "channel_order": "CL_A",
      "channel_data_type": "CL_UNORM_INT8", "width": 2, "height": 1, "depth": 2,
      "row_pitch": 3, "slice_pitch": 6, "init": {"values": [1, 2, 3, 4]}})"));
  const ImageSpec &img = spec.images[0];
  EXPECT_EQ(initialBytes(img), (std::vector<uint8_t>{1, 2, 0, 0, 0, 0, 3, 4}));
  EXPECT_EQ(img.coordinateText(3), "(1, 0, 1)");
  EXPECT_EQ(img.describe(), "image3d_t[2, 1, 2] CL_A/CL_UNORM_INT8");
  const RunSpec array = parse(withImage(R"({"type": "image2d_array_depth_t",
      "channel_order": "CL_DEPTH", "channel_data_type": "CL_FLOAT", "width": 2, "height": 3,
      "array_size": 4})"));
  EXPECT_EQ(array.images[0].size(), 2u * 3 * 4 * 4);
  EXPECT_EQ(array.images[0].coordinateText(2 * 3 * 2 + 3), "(1, 1, 2)");
}

TEST(RunFileImages, FileContentsAreTheRawBytes) {
  EXPECT_EQ(initialBytesOf(R"({"type": "image2d_t", "channel_order": "CL_RGBA",
      "channel_data_type": "CL_UNSIGNED_INT8", "width": 1, "height": 2,
      "init": {"file": "texels8.bin"}})"),
            (std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST(RunFileImages, RandomContentsPerChannelWithinTheirRanges) {
  const RunSpec spec = parse(withImage(R"({"type": "image2d_t", "channel_order": "CL_RGBA",
      "channel_data_type": "CL_SIGNED_INT8", "width": 16, "height": 16,
      "init": {"random": {"seed": 7, "min": [-3, 0, 100, -128], "max": [3, 0, 101, -127]}}})"));
  const std::vector<uint8_t> bytes = initialBytes(spec.images[0]);
  std::array<bool, 4> lowSeen{}, highSeen{};
  const std::array<int, 4> low{-3, 0, 100, -128}, high{3, 0, 101, -127};
  for (size_t i = 0; i < bytes.size(); ++i) {
    const int v = static_cast<int8_t>(bytes[i]);
    const size_t c = i % 4;
    EXPECT_GE(v, low[c]);
    EXPECT_LE(v, high[c]);
    lowSeen[c] = lowSeen[c] || v == low[c];
    highSeen[c] = highSeen[c] || v == high[c];
  }
  EXPECT_EQ(lowSeen, (std::array<bool, 4>{true, true, true, true}));
  EXPECT_EQ(highSeen, (std::array<bool, 4>{true, true, true, true}));
  // The same seed gives the same texels; floats default to [0, 1].
  EXPECT_EQ(bytes, initialBytes(parse(withImage(R"({"type": "image2d_t",
      "channel_order": "CL_RGBA", "channel_data_type": "CL_SIGNED_INT8", "width": 16,
      "height": 16, "init": {"random": {"seed": 7, "min": [-3, 0, 100, -128],
      "max": [3, 0, 101, -127]}}})"))
                                    .images[0]));
  const RunSpec floats = parse(withImage(R"({"type": "image1d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_FLOAT", "width": 64, "init": {"random": {"seed": 1}}})"));
  const std::vector<uint8_t> f = initialBytes(floats.images[0]);
  for (size_t i = 0; i < f.size(); i += 4) {
    float v;
    std::memcpy(&v, f.data() + i, 4);
    EXPECT_GE(v, 0.0f);
    EXPECT_LE(v, 1.0f);
  }
}

TEST(RunFileImages, TextDump) {
  const RunSpec spec = parse(withImage(R"({"type": "image2d_t", "channel_order": "CL_BGRA",
      "channel_data_type": "CL_UNORM_INT8", "width": 3, "height": 2, "dump": true,
      "init": {"values": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
                          20, 21, 22, 23]}})"));
  const ImageSpec &img = spec.images[0];
  EXPECT_TRUE(img.dumpText);
  std::vector<std::byte> bytes(img.size());
  writeImageContents(img, img.init, "init", bytes);
  std::ostringstream text;
  writeImageText(text, img, bytes);
  EXPECT_EQ(text.str(), "img: image2d_t[3, 2] CL_BGRA/CL_UNORM_INT8 (b, g, r, a)\n"
                        "  (0, 0): (0, 1, 2, 3), (4, 5, 6, 7)\n"
                        "  (2, 0): (8, 9, 10, 11)\n"
                        "  (0, 1): (12, 13, 14, 15), (16, 17, 18, 19)\n"
                        "  (2, 1): (20, 21, 22, 23)\n");
  const RunSpec one = parse(withImage(R"({"type": "image1d_array_t", "channel_order": "CL_R",
      "channel_data_type": "CL_HALF_FLOAT", "width": 9, "array_size": 2,
      "init": {"fill": 0.25}})"));
  std::vector<std::byte> halves(one.images[0].size());
  writeImageContents(one.images[0], one.images[0].init, "init", halves);
  std::ostringstream lines;
  writeImageText(lines, one.images[0], halves);
  EXPECT_EQ(lines.str(), "img: image1d_array_t[9, 2] CL_R/CL_HALF_FLOAT (r)\n"
                         "  (0, 0): 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25\n"
                         "  (8, 0): 0.25\n"
                         "  (0, 1): 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25\n"
                         "  (8, 1): 0.25\n");
}

TEST(RunFileImages, Expectations) {
  const RunSpec spec = parse(withImage(R"({"type": "image2d_t", "channel_order": "CL_RG",
      "channel_data_type": "CL_UNSIGNED_INT8", "width": 2, "height": 2,
      "expect": {"values": [1, 2, 3, 4, 5, 6, 7, 8], "abs": 1}})"));
  const ImageSpec &img = spec.images[0];
  std::vector<std::byte> got(img.size());
  const uint8_t matching[] = {1, 2, 3, 5, 6, 6, 7, 8}; // within 1 of each expected channel
  std::memcpy(got.data(), matching, 8);
  EXPECT_FALSE(checkImageExpectation(img, got));
  got[6] = std::byte{9}; // texel (1, 1): r 9, expected 7
  std::optional<Finding> f = checkImageExpectation(img, got);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, "expect.mismatch");
  EXPECT_EQ(f->message, "image 'img': 1 of 4 texels (CL_RG/CL_UNSIGNED_INT8) differ from "
                        "\"expect\" (tolerance: abs 1)");
  ASSERT_EQ(f->notes.size(), 1u);
  EXPECT_EQ(f->notes[0], "img(1, 1): got (9, 8), expected (7, 8)");
}

TEST(RunFileImages, WrittenBackAsTheSameRunFile) {
  const RunSpec spec = parse(withImage(
      R"({"type": "image2d_array_t", "channel_order": "CL_RGB",
          "channel_data_type": "CL_UNORM_SHORT_565", "width": 2, "height": 1,
          "array_size": 2, "row_pitch": 6, "access": "read_only",
          "init": {"values": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]},
          "expect": {"fill": [1, 2, 3], "abs": 2}})"));
  const RunSpec again = parseRunText(writeRunText(spec, kData), kData, "again.json");
  ASSERT_EQ(again.images.size(), 1u);
  const ImageSpec &a = spec.images[0], &b = again.images[0];
  EXPECT_EQ(initialBytes(a), initialBytes(b));
  EXPECT_EQ(b.image.rowPitch, 6u);
  EXPECT_EQ(b.image.slicePitch, 6u);
  EXPECT_EQ(b.access, BufferAccess::ReadOnly);
  ASSERT_TRUE(b.expect);
  EXPECT_EQ(b.expect->contents.fillBits, (std::vector<uint64_t>{1, 2, 3}));
  EXPECT_EQ(b.expect->tolerance.describe(), "abs 2");
  EXPECT_EQ(again.launches[0].args[0].image, "img");
}

TEST(RunFileImageErrors, TypeFormatAndSizes) {
  const std::string rgba = R"("channel_order": "CL_RGBA", "channel_data_type": "CL_UNORM_INT8")";
  EXPECT_ERROR(withImage(R"({"type": "image2d", "channel_order": "CL_R",
      "channel_data_type": "CL_FLOAT", "width": 1})"),
               "images.img.type: unknown image type 'image2d' (known: image1d_t, "
               "image1d_buffer_t, image1d_array_t, image2d_t, image2d_array_t, image3d_t, "
               "image2d_depth_t, image2d_array_depth_t)");
  EXPECT_EQ(parseError(withImage(R"({"type": "image1d_t", "channel_order": "RGBA",
      "channel_data_type": "CL_FLOAT", "width": 1})"))
                .rfind("images.img.channel_order: unknown channel order 'RGBA' (known: CL_R, "
                       "CL_A, ",
                       0),
            0u);
  EXPECT_EQ(parseError(withImage(R"({"type": "image1d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_UINT8", "width": 1})"))
                .rfind("images.img.channel_data_type: unknown channel data type 'CL_UINT8'", 0),
            0u);
  EXPECT_ERROR(withImage(R"({"type": "image1d_t", "channel_order": "CL_RGB",
      "channel_data_type": "CL_UNORM_INT8", "width": 1})"),
               "images.img.channel_data_type: the format CL_RGB/CL_UNORM_INT8 does not exist "
               "(OpenCL API §5.3.1.1: CL_RGB takes only CL_UNORM_SHORT_565, CL_UNORM_SHORT_555 "
               "and CL_UNORM_INT_101010)");
  EXPECT_ERROR(withImage(R"({"type": "image1d_t", "channel_order": "CL_sRGBA",
      "channel_data_type": "CL_FLOAT", "width": 1})"),
               "images.img.channel_data_type: the format CL_sRGBA/CL_FLOAT does not exist "
               "(OpenCL API §5.3.1.1: CL_sRGBA takes only CL_UNORM_INT8)");
  EXPECT_ERROR(withImage(R"({"type": "image1d_t", "channel_order": "CL_LUMINANCE",
      "channel_data_type": "CL_SIGNED_INT8", "width": 1})"),
               "images.img.channel_data_type: the format CL_LUMINANCE/CL_SIGNED_INT8 does not "
               "exist (OpenCL API §5.3.1.1: CL_LUMINANCE takes only normalized, half and float "
               "data types)");
  EXPECT_ERROR(withImage(R"({"type": "image2d_t", "channel_order": "CL_DEPTH",
      "channel_data_type": "CL_FLOAT", "width": 1, "height": 1})"),
               "images.img.channel_order: a CL_DEPTH image is an image2d_depth_t or "
               "image2d_array_depth_t, not an image2d_t");
  EXPECT_ERROR(
      withImage(R"({"type": "image2d_depth_t", )" + rgba + R"(, "width": 1, "height": 1})"),
      "images.img.channel_order: a image2d_depth_t has the channel order CL_DEPTH");
  EXPECT_ERROR(withImage(R"({"type": "image2d_t", )" + rgba + R"(, "width": 4})"),
               "images.img.height: required for an image2d_t");
  EXPECT_ERROR(withImage(R"({"type": "image1d_t", )" + rgba + R"(, "width": 4, "height": 2})"),
               "images.img.height: an image1d_t has no height");
  EXPECT_ERROR(
      withImage(R"({"type": "image2d_array_t", )" + rgba + R"(, "width": 4, "height": 2})"),
      "images.img.array_size: required for an image2d_array_t");
  EXPECT_ERROR(withImage(R"({"type": "image1d_t", )" + rgba + R"(, "width": 0})"),
               "images.img.width: expected a whole number 1 to 4294967296, got 0");
  EXPECT_ERROR(withImage(R"({"type": "image2d_t", )" + rgba +
                         R"(, "width": 4, "height": 2, "row_pitch": 12})"),
               "images.img.row_pitch: row pitch 12 is smaller than a row (16 bytes) or not a "
               "multiple of the texel size");
  EXPECT_ERROR(withImage(R"({"type": "image2d_t", )" + rgba +
                         R"(, "width": 4, "height": 2, "slice_pitch": 64})"),
               "images.img.slice_pitch: an image2d_t has no slices or layers to pitch");
  EXPECT_ERROR(withImage(R"({"type": "image1d_t", )" + rgba + R"(, "width": 4, "colour": 1})"),
               "images.img.colour: unknown key");
}

TEST(RunFileImageErrors, Contents) {
  const std::string img =
      R"({"type": "image1d_t", "channel_order": "CL_RGBA", "channel_data_type": "CL_UNORM_INT8", "width": 2, )";
  EXPECT_ERROR(withImage(img + R"("init": {"values": [1, 2, 3]}})"),
               "images.img.init.values: expected 8 numbers (2 texels × 4 channels: r, g, b, a), "
               "got 3");
  EXPECT_ERROR(withImage(img + R"("init": {"values": [1, 2, 3, 300, 0, 0, 0, 0]}})"),
               "images.img.init.values[3]: 300 does not fit uchar");
  EXPECT_ERROR(withImage(img + R"("init": {"fill": [1, 2]}})"),
               "images.img.init.fill: expected one number or 4 (one per channel: r, g, b, a), "
               "got 2");
  EXPECT_ERROR(withImage(img + R"("init": {"range": [0, 1]}})"),
               "images.img.init.range: unknown key");
  EXPECT_ERROR(withImage(R"({"type": "image1d_t", "channel_order": "CL_RGB",
      "channel_data_type": "CL_UNORM_INT_101010", "width": 3, "init": {"file": "texels8.bin"}})"),
               "images.img.init.file: 'texels8.bin' has 8 bytes, the image has 12 (with its "
               "pitches)");
  EXPECT_ERROR(withImage(R"({"type": "image1d_t", "channel_order": "CL_RGB",
      "channel_data_type": "CL_UNORM_SHORT_565", "width": 1, "init": {"fill": [31, 64, 0]}})"),
               "images.img.init.fill[1]: 64 does not fit 6-bit unsigned integer");
  EXPECT_ERROR(withImage(img + R"("init": {"random": {"seed": 1, "min": 9, "max": 3}}})"),
               "images.img.init.random: min is greater than max for channel r");
  EXPECT_ERROR(withImage(img + R"("expect": {"ulp": 1}})"),
               "images.img.expect: expected one of fill, values, file, ppm");
  EXPECT_ERROR(withImage(img + R"("dump": "no/such/folder/x.bin"})"),
               "images.img.dump: the folder of 'no/such/folder/x.bin' does not exist");
}

TEST(RunFileImageErrors, NamesAndArguments) {
  const std::string img =
      R"({"type": "image1d_t", "channel_order": "CL_R", "channel_data_type": "CL_FLOAT", "width": 4})";
  EXPECT_ERROR(withImage(img, R"([{"image": "nope"}])"), "args[0].image: no image named 'nope'");
  EXPECT_ERROR(withImage(img, R"([{"image": "buf"}])"),
               "args[0].image: no image named 'buf' ('buf' is a buffer: {\"buffer\": name})");
  EXPECT_ERROR(withImage(img, R"([{"buffer": "img"}])"),
               "args[0].buffer: no buffer named 'img' ('img' is an image: {\"image\": name})");
  EXPECT_ERROR(std::string(R"({"module": "kernel.spvasm", "kernel": "main", "global_size": [4],
      "buffers": {"x": {"type": "float", "count": 4}}, "images": {"x": )") +
                   img + R"(}, "args": []})",
               "images.x: 'x' is also a buffer: images and buffers need different names");
}

// An image made from a buffer (OpenCL API §5.3.1.2) names the buffer; `buf` holds 4
// floats, 16 bytes.
TEST(RunFileImages, ImagesMadeFromABuffer) {
  const RunSpec spec = parse(withImage(R"({"type": "image1d_buffer_t", "channel_order": "CL_R",
      "channel_data_type": "CL_FLOAT", "width": 4, "buffer": "buf"})"));
  EXPECT_EQ(spec.images.at(0).buffer, "buf");
  EXPECT_EQ(parseRunText(writeRunText(spec, kData), kData, "again.json").images.at(0).buffer,
            "buf");
  EXPECT_EQ(parse(withImage(R"({"type": "image2d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_UNSIGNED_INT8", "width": 4, "height": 4, "buffer": "buf"})"))
                .images.at(0)
                .buffer,
            "buf");
  EXPECT_ERROR(withImage(R"({"type": "image1d_buffer_t", "channel_order": "CL_RG",
      "channel_data_type": "CL_FLOAT", "width": 4, "buffer": "buf"})"),
               "images.img.buffer: the image takes 32 bytes, more than buffer 'buf' has (16)");
  EXPECT_ERROR(withImage(R"({"type": "image1d_buffer_t", "channel_order": "CL_R",
      "channel_data_type": "CL_FLOAT", "width": 4, "buffer": "nope"})"),
               "images.img.buffer: no buffer is named 'nope'");
  // cl_khr_depth_images: a CL_DEPTH image is a CL_MEM_OBJECT_IMAGE2D, made from a buffer too.
  EXPECT_EQ(parse(withImage(R"({"type": "image2d_depth_t", "channel_order": "CL_DEPTH",
      "channel_data_type": "CL_FLOAT", "width": 2, "height": 2, "buffer": "buf"})"))
                .images.at(0)
                .buffer,
            "buf");
  EXPECT_ERROR(withImage(R"({"type": "image1d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_FLOAT", "width": 4, "buffer": "buf"})"),
               "images.img.buffer: only an image1d_buffer_t, image2d_t or image2d_depth_t is "
               "made from a buffer (OpenCL API §5.3.1.2), not an image1d_t");
  EXPECT_ERROR(withImage(R"({"type": "image1d_buffer_t", "channel_order": "CL_R",
      "channel_data_type": "CL_FLOAT", "width": 4, "buffer": "buf", "init": {"fill": 1}})"),
               "images.img.init: an image made from a buffer has the buffer's contents: give "
               "the buffer an init");
}

// An image made from a sub-buffer views the buffer from the sub-buffer's origin
// ("buffer_offset"): 2 CL_R/CL_FLOAT texels from byte 8 fit the 16 bytes of `buf`.
TEST(RunFileImages, ImagesMadeFromASubBuffer) {
  const RunSpec spec = parse(withImage(R"({"type": "image1d_buffer_t", "channel_order": "CL_R",
      "channel_data_type": "CL_FLOAT", "width": 2, "buffer": "buf", "buffer_offset": 8})"));
  EXPECT_EQ(spec.images.at(0).bufferOffset, 8u);
  EXPECT_EQ(parseRunText(writeRunText(spec, kData), kData, "again.json").images.at(0).bufferOffset,
            8u);
  EXPECT_ERROR(withImage(R"({"type": "image1d_buffer_t", "channel_order": "CL_R",
      "channel_data_type": "CL_FLOAT", "width": 2, "buffer": "buf", "buffer_offset": 12})"),
               "images.img.buffer: the image takes 8 bytes from offset 12, more than buffer "
               "'buf' has (16)");
  EXPECT_ERROR(withImage(R"({"type": "image1d_buffer_t", "channel_order": "CL_R",
      "channel_data_type": "CL_FLOAT", "width": 2, "buffer": "buf", "buffer_offset": 6})"),
               "images.img.buffer_offset: 6 is not a multiple of the texel size (4 bytes, "
               "CL_R/CL_FLOAT)");
  EXPECT_ERROR(withImage(R"({"type": "image1d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_FLOAT", "width": 2, "buffer_offset": 8})"),
               "images.img.buffer_offset: only an image made from a buffer (\"buffer\") has one");
}

/// A run file whose `"images"` are `base` (a 2 × 2 CL_R/CL_FLOAT image2d_t unless given)
/// and then `view`.
std::string withView(std::string_view view,
                     std::string_view base = R"({"type": "image2d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_FLOAT", "width": 2, "height": 2, "init": {"fill": 1}})") {
  return std::string(R"({"module": "kernel.spvasm", "kernel": "main", "global_size": [4],)") +
         R"("buffers": {"buf": {"type": "float", "count": 4}}, "images": {"img": )" +
         std::string(base) + R"(, "view": )" + std::string(view) +
         R"(}, "args": [{"image": "view"}]})";
}

// A 2D image made from another 2D image (OpenCL API §5.3.1.2, "image"): the same sizes,
// row pitch and data type, a compatible channel order (CL_DEPTH of CL_R, sRGB of linear).
TEST(RunFileImages, ImagesMadeFromAnImage) {
  const RunSpec spec = parse(withView(R"({"type": "image2d_depth_t", "channel_order": "CL_DEPTH",
      "channel_data_type": "CL_FLOAT", "width": 2, "height": 2, "image": "img"})"));
  EXPECT_EQ(spec.images.at(1).viewedImage, "img");
  EXPECT_EQ(spec.images.at(1).access, BufferAccess::ReadWrite);
  EXPECT_EQ(parseRunText(writeRunText(spec, kData), kData, "again.json").images.at(1).viewedImage,
            "img");
  // Access not given is the image's; given, it may only narrow it.
  const char *readOnlyBase = R"({"type": "image2d_t", "channel_order": "CL_RGBA",
      "channel_data_type": "CL_UNORM_INT8", "width": 2, "height": 2, "access": "read_only"})";
  EXPECT_EQ(parse(withView(R"({"type": "image2d_t", "channel_order": "CL_sRGBA",
      "channel_data_type": "CL_UNORM_INT8", "width": 2, "height": 2, "image": "img"})",
                           readOnlyBase))
                .images.at(1)
                .access,
            BufferAccess::ReadOnly);
  EXPECT_ERROR(withView(R"({"type": "image2d_t", "channel_order": "CL_sRGBA",
      "channel_data_type": "CL_UNORM_INT8", "width": 2, "height": 2, "image": "img",
      "access": "write_only"})",
                        readOnlyBase),
               "images.view.access: 'img' is read_only: an image made from it may not be "
               "write_only");
  EXPECT_ERROR(withView(R"({"type": "image2d_t", "channel_order": "CL_RG",
      "channel_data_type": "CL_FLOAT", "width": 2, "height": 2, "image": "img"})"),
               "images.view.image: CL_RG/CL_FLOAT cannot view CL_R/CL_FLOAT: the channel orders "
               "must be a compatible pair (CL_sRGBA and CL_RGBA, CL_sBGRA and CL_BGRA, CL_sRGB "
               "and CL_RGB, CL_sRGBx and CL_RGBx, CL_DEPTH and CL_R)");
  EXPECT_ERROR(withView(R"({"type": "image2d_depth_t", "channel_order": "CL_DEPTH",
      "channel_data_type": "CL_UNORM_INT16", "width": 2, "height": 2, "image": "img"})"),
               "images.view.image: the channel data types differ (CL_DEPTH/CL_UNORM_INT16 made "
               "from CL_R/CL_FLOAT): they must be the same");
  EXPECT_ERROR(withView(R"({"type": "image2d_depth_t", "channel_order": "CL_DEPTH",
      "channel_data_type": "CL_FLOAT", "width": 2, "height": 1, "image": "img"})"),
               "images.view.image: the image is image2d_depth_t[2, 1] CL_DEPTH/CL_FLOAT with row "
               "pitch 8, 'img' image2d_t[2, 2] CL_R/CL_FLOAT with row pitch 8: width, height "
               "and row pitch must be the same");
  EXPECT_ERROR(withView(R"({"type": "image2d_array_depth_t", "channel_order": "CL_DEPTH",
      "channel_data_type": "CL_FLOAT", "width": 2, "height": 2, "array_size": 1,
      "image": "img"})"),
               "images.view.image: only an image2d_t or image2d_depth_t is made from another "
               "image (OpenCL API §5.3.1.2), not an image2d_array_depth_t");
  EXPECT_ERROR(withView(R"({"type": "image2d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_FLOAT", "width": 2, "height": 2, "image": "img"})",
                        R"({"type": "image1d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_FLOAT", "width": 4})"),
               "images.view.image: 'img' is an image1d_t; an image is made from an image2d_t "
               "or image2d_depth_t only");
  EXPECT_ERROR(withView(R"({"type": "image2d_depth_t", "channel_order": "CL_DEPTH",
      "channel_data_type": "CL_FLOAT", "width": 2, "height": 2, "image": "buf"})"),
               "images.view.image: no image above this one is named 'buf' ('buf' is a buffer: "
               "\"buffer\": name)");
  EXPECT_ERROR(withView(R"({"type": "image2d_depth_t", "channel_order": "CL_DEPTH",
      "channel_data_type": "CL_FLOAT", "width": 2, "height": 2, "image": "view"})"),
               "images.view.image: an image cannot be made from itself");
  EXPECT_ERROR(withView(R"({"type": "image2d_depth_t", "channel_order": "CL_DEPTH",
      "channel_data_type": "CL_FLOAT", "width": 2, "height": 2, "image": "img",
      "buffer": "buf"})"),
               "images.view.image: an image is made from a buffer or from an image, not both");
  EXPECT_ERROR(withView(R"({"type": "image2d_depth_t", "channel_order": "CL_DEPTH",
      "channel_data_type": "CL_FLOAT", "width": 2, "height": 2, "image": "img",
      "init": {"fill": 0}})"),
               "images.view.init: an image made from an image has that image's contents: give "
               "'img' an init");
}

// two.ppm: P6, 2 × 1, maximum 255, texels (10, 20, 30) and (255, 128, 0).
// grey16.pgm: P5, 2 × 2, maximum 1000, big-endian samples 0, 1000, 500, 1.
TEST(RunFileImages, PpmAndPgmContents) {
  // CL_BGRA/CL_UNORM_INT8: b, g, r from the picture, alpha opaque (255).
  EXPECT_EQ(initialBytesOf(R"({"type": "image2d_t", "channel_order": "CL_BGRA",
      "channel_data_type": "CL_UNORM_INT8", "width": 2, "height": 1,
      "init": {"ppm": "two.ppm"}})"),
            (std::vector<uint8_t>{30, 20, 10, 255, 0, 128, 255, 255}));
  // A 1000-maximum grey picture in CL_R/CL_UNORM_INT16: scaled to 65535 (500 → 32767.5,
  // rounded to even 32768; 1 → 65.535 → 66).
  EXPECT_EQ(initialBytesOf(R"({"type": "image2d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_UNORM_INT16", "width": 2, "height": 2,
      "init": {"ppm": "grey16.pgm"}})"),
            (std::vector<uint8_t>{0, 0, 0xff, 0xff, 0x00, 0x80, 66, 0}));
  // Integer channels take the sample itself; float channels sample / maximum.
  EXPECT_EQ(initialBytesOf(R"({"type": "image2d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_UNSIGNED_INT16", "width": 2, "height": 2,
      "init": {"ppm": "grey16.pgm"}})"),
            (std::vector<uint8_t>{0, 0, 0xe8, 0x03, 0xf4, 0x01, 1, 0}));
  EXPECT_EQ(initialBytesOf(R"({"type": "image2d_t", "channel_order": "CL_LUMINANCE",
      "channel_data_type": "CL_FLOAT", "width": 2, "height": 2, "init": {"ppm": "grey16.pgm"}})"),
            (std::vector<uint8_t>{0, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0x3f, 0x6f, 0x12, 0x83,
                                  0x3a})); // 0, 1, 0.5, 0.001f
}

TEST(RunFileImages, PpmDumps) {
  const RunSpec spec = parse(withImage(R"({"type": "image2d_t", "channel_order": "CL_RGBA",
      "channel_data_type": "CL_FLOAT", "width": 2, "height": 1,
      "init": {"values": [0, 0.5, 1, 1, 2, -1, 0.25, 0]}})"));
  const ImageSpec &img = spec.images[0];
  std::vector<std::byte> bytes(img.size());
  writeImageContents(img, img.init, "init", bytes);
  // Floats clamped to [0, 1] and scaled to 255: 0.5 → 127.5 → 128, 0.25 → 63.75 → 64.
  const std::vector<std::byte> ppm = netpbmBytes(imageToNetpbm(img, bytes, true));
  const std::string text(reinterpret_cast<const char *>(ppm.data()), ppm.size());
  EXPECT_EQ(text, std::string("P6\n2 1\n255\n\x00\x80\xff\xff\x00\x40", 17));
  const std::vector<std::byte> pgm = netpbmBytes(imageToNetpbm(img, bytes, false));
  EXPECT_EQ(std::string(reinterpret_cast<const char *>(pgm.data()), pgm.size()),
            std::string("P5\n2 1\n255\n\x00\xff", 13));
  // 565 fields scaled to 255: (31, 0, 16) → (255, 0, 132).
  const RunSpec packed = parse(withImage(R"({"type": "image2d_t", "channel_order": "CL_RGB",
      "channel_data_type": "CL_UNORM_SHORT_565", "width": 1, "height": 1,
      "init": {"values": [31, 0, 16]}})"));
  std::vector<std::byte> texel(2);
  writeImageContents(packed.images[0], packed.images[0].init, "init", texel);
  const std::vector<std::byte> out = netpbmBytes(imageToNetpbm(packed.images[0], texel, true));
  EXPECT_EQ(std::string(reinterpret_cast<const char *>(out.data()), out.size()),
            std::string("P6\n1 1\n255\n\xff\x00\x84", 14));
}

TEST(RunFileImageErrors, PpmFiles) {
  EXPECT_ERROR(withImage(R"({"type": "image2d_t", "channel_order": "CL_RGBA",
      "channel_data_type": "CL_UNORM_INT8", "width": 3, "height": 1, "init": {"ppm": "two.ppm"}})"),
               "images.img.init.ppm: the picture is 2 × 1, the image 3 × 1");
  EXPECT_ERROR(withImage(R"({"type": "image2d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_UNORM_INT8", "width": 2, "height": 1, "init": {"ppm": "two.ppm"}})"),
               "images.img.init.ppm: a PPM file's red, green and blue need an image with r, g "
               "and b channels (it has r); a PGM file fills one channel");
  EXPECT_ERROR(withImage(R"({"type": "image2d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_UNSIGNED_INT8", "width": 2, "height": 2,
      "init": {"ppm": "grey16.pgm"}})"),
               "images.img.init.ppm: the picture's maximum value 1000 does not fit channel r "
               "(uchar)");
  EXPECT_ERROR(withImage(R"({"type": "image1d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_UNORM_INT8", "width": 2, "init": {"ppm": "two.ppm"}})"),
               "images.img.init.ppm: a PPM or PGM file gives the contents of an image2d_t only, "
               "not of an image1d_t");
  EXPECT_ERROR(withImage(R"({"type": "image2d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_UNORM_INT8", "width": 2, "height": 1,
      "init": {"ppm": "texels8.bin"}})"),
               "images.img.init.ppm: 'texels8.bin' is not a binary PPM (P6) or PGM (P5) file");
  EXPECT_ERROR(withImage(R"({"type": "image1d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_UNORM_INT8", "width": 2, "dump": "x.ppm"})"),
               "images.img.dump: a PPM or PGM dump is of an image2d_t only, not of an image1d_t");
}

KernelParam imageParam(const std::string &name, const std::string &typeName, ImageType type,
                       ImageAccess access) {
  KernelParam p;
  p.name = name;
  p.kind = ParamKind::Image;
  p.typeName = typeName;
  p.imageType = type;
  p.imageAccess = access;
  return p;
}

/// copy(read_only image2d_t src, write_only image2d_t dst); rw(read_write image2d_t a,
/// read_only image2d_t b); buffer(float *p).
std::vector<KernelSignature> imageKernels() {
  KernelParam pointer;
  pointer.name = "p";
  pointer.kind = ParamKind::GlobalBuffer;
  pointer.typeName = "float*";
  return {
      {"copy",
       {imageParam("src", "image2d_t", ImageType::Image2D, ImageAccess::ReadOnly),
        imageParam("dst", "image2d_t", ImageType::Image2D, ImageAccess::WriteOnly)},
       {}},
      {"rw",
       {imageParam("a", "image2d_t", ImageType::Image2D, ImageAccess::ReadWrite),
        imageParam("b", "image2d_t", ImageType::Image2D, ImageAccess::ReadOnly)},
       {}},
      {"buffer", {pointer}, {}},
  };
}

std::string bindError(std::string_view kernel, std::string_view images, std::string_view args) {
  try {
    const RunSpec spec = parse(std::string(R"({"module": "kernel.spvasm", "kernel": ")") +
                               std::string(kernel) + R"(", "global_size": [4], "images": )" +
                               std::string(images) + R"(, "args": )" + std::string(args) + "}");
    bindLaunches(spec, imageKernels(), [](uint32_t, const std::array<uint64_t, 3> &) {
      return std::array<uint64_t, 3>{1, 1, 1};
    });
  } catch (const Error &e) {
    return e.what();
  }
  return "(no error)";
}

TEST(RunFileImageBinding, TypesAccessAndAliases) {
  const std::string two = R"({
      "a": {"type": "image2d_t", "channel_order": "CL_R", "channel_data_type": "CL_FLOAT",
            "width": 4, "height": 4},
      "ro": {"type": "image2d_t", "channel_order": "CL_R", "channel_data_type": "CL_FLOAT",
             "width": 4, "height": 4, "access": "read_only"},
      "wo": {"type": "image2d_t", "channel_order": "CL_R", "channel_data_type": "CL_FLOAT",
             "width": 4, "height": 4, "access": "write_only"},
      "line": {"type": "image1d_t", "channel_order": "CL_R", "channel_data_type": "CL_FLOAT",
               "width": 4}})";
  EXPECT_EQ(bindError("copy", two, R"([{"image": "ro"}, {"image": "wo"}])"), "(no error)");
  EXPECT_EQ(bindError("copy", two, R"([{"image": "a"}, {"image": "a"}])"),
            "args[1].image: 'a' is also args[0], a read_only image; OpenCL does not allow one "
            "image as both a read_only and a write_only argument of a launch");
  EXPECT_EQ(bindError("rw", two, R"([{"image": "a"}, {"image": "a"}])"),
            "args[1].image: 'a' is also args[0], a read_write image; OpenCL does not allow one "
            "image as a read_write argument and another argument of a launch");
  EXPECT_EQ(bindError("copy", two, R"([{"image": "line"}, {"image": "a"}])"),
            "args[0].image: 'line' is an image1d_t but parameter 0 ('src', image2d_t) is an "
            "image2d_t");
  EXPECT_EQ(bindError("copy", two, R"([{"image": "wo"}, {"image": "a"}])"),
            "args[0].image: 'wo' is write_only (images.wo.access) but parameter 0 ('src', "
            "image2d_t) is read_only");
  EXPECT_EQ(bindError("copy", two, R"([{"image": "a"}, {"image": "ro"}])"),
            "args[1].image: 'ro' is read_only (images.ro.access) but parameter 1 ('dst', "
            "image2d_t) is write_only");
  EXPECT_EQ(bindError("rw", two, R"([{"image": "ro"}, {"image": "a"}])"),
            "args[0].image: 'ro' is read_only (images.ro.access) but parameter 0 ('a', "
            "image2d_t) is read_write");
  EXPECT_EQ(bindError("copy", two, R"([{"sampler": {}}, {"image": "a"}])"),
            "args[0]: parameter 0 ('src', image2d_t) is an image: give {\"image\": name}");
  EXPECT_EQ(bindError("buffer", two, R"([{"image": "a"}])"),
            "args[0]: parameter 0 ('p', float*) is a __global pointer: give {\"buffer\": name} "
            "or {\"null\": true}");
}

TEST(RunFileImages, ComparedBetweenSchedulesTexelByTexel) {
  // 2 × 2 CL_RGBA/CL_UNSIGNED_INT8 texels with a row pitch of 12: 4 bytes of padding.
  RunSpec spec = parse(withImage(R"({"type": "image2d_t", "channel_order": "CL_RGBA",
      "channel_data_type": "CL_UNSIGNED_INT8", "width": 2, "height": 2, "row_pitch": 12,
      "dump": true})"));
  const ImageSpec &img = spec.images.at(0);
  std::vector<std::byte> first(img.size()), second(img.size());
  for (size_t i = 0; i < first.size(); ++i) first[i] = second[i] = std::byte(i);
  second[8] = std::byte(99); // padding after the first row
  EXPECT_FALSE(compareImages(img, first, second));
  second[12 + 4 + 2] = std::byte(7); // texel (1, 1), its b
  second[12 + 1] = std::byte(5);     // texel (0, 1), its g
  const std::optional<ImageDifference> d = compareImages(img, first, second);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->firstTexel, 2u);
  EXPECT_EQ(d->texels, 2u);
  EXPECT_EQ(d->firstText, "(12, 13, 14, 15)");
  EXPECT_EQ(d->secondText, "(12, 5, 14, 15)");
  EXPECT_FALSE(d->onlyRounding);
  const Finding f = imageDifferenceFinding(img, *d, {"ordered", "shuffle:3", 2, 7, true});
  EXPECT_EQ(f.kind, "nondeterminism.result");
  EXPECT_EQ(f.message, "image 'img' depends on the schedule: texel (0, 1) (r, g, b, a) is (12, "
                       "13, 14, 15) under ordered and (12, 5, 14, 15) under shuffle:3 (2 texels "
                       "differ)");
  ASSERT_TRUE(f.memory);
  EXPECT_EQ(f.memory->buffer, "img");
  EXPECT_EQ(f.memory->offset, 12u);
  EXPECT_EQ(f.memory->size, 4u);
  EXPECT_EQ(f.notes.at(1),
            "replay each with --threads 1 and --schedule ordered, or --schedule shuffle:3");
}

TEST(RunFileImages, FloatTexelsDifferingOnlyByRoundingAreAWarning) {
  RunSpec spec = parse(withImage(R"({"type": "image1d_t", "channel_order": "CL_R",
      "channel_data_type": "CL_FLOAT", "width": 2, "dump": true})"));
  const ImageSpec &img = spec.images.at(0);
  const float a[2] = {1.0f, 3.0f}, b[2] = {1.0f, 3.0f + 3.0f * 0x1p-20f};
  std::vector<std::byte> first(8), second(8);
  std::memcpy(first.data(), a, 8);
  std::memcpy(second.data(), b, 8);
  const std::optional<ImageDifference> d = compareImages(img, first, second);
  ASSERT_TRUE(d);
  EXPECT_TRUE(d->onlyRounding);
  EXPECT_EQ(imageDifferenceFinding(img, *d, {"ordered", "shuffle:1", 1, 3, true}).kind,
            "nondeterminism.rounding");
  EXPECT_EQ(imageDifferenceFinding(img, *d, {"ordered", "shuffle:1", 1, 3, false}).kind,
            "nondeterminism.result");
}

} // namespace
} // namespace spvsim::runfile
