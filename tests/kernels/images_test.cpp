// The image kernels (tests/kernels/images/images.cl), compiled at -O0 and -O2, run
// through the public launch API against a host reference written from OpenCL SPIR-V
// Env §7 (and the OpenCL API's packed layouts): addressing × normalized × filter at
// the edges and outside the image, layer selection, the conversions of §7.4 on
// write and read, the queries, and the findings of bad image accesses.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "spvsim/common/finding.h"
#include "spvsim/common/finding_sink.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/image.h"
#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/loader.h"
#include "spvsim/validator/validator.h"

namespace spvsim {
namespace {

using Float4 = std::array<float, 4>;

// CL_* values from cl.h and CLK_* from opencl-c.h, spelled out here on purpose.
constexpr uint32_t kR = 0x10B0, kRGBA = 0x10B5, kBGRA = 0x10B6, kRG = 0x10B2, kA = 0x10B1,
                   kLuminance = 0x10B9, kSRGBA = 0x10C1, kRGB = 0x10B4;
constexpr uint32_t kUnorm8 = 0x10D2, kSnorm8 = 0x10D0, kUnorm16 = 0x10D3, kFloat = 0x10DE,
                   kHalf = 0x10DD, kSInt8 = 0x10D7, kUInt16 = 0x10DB, kSInt32 = 0x10D9,
                   k565 = 0x10D4, k101010 = 0x10D6;
constexpr uint32_t kNone = 0, kClampToEdge = 2, kClamp = 4, kRepeat = 6, kMirrored = 8;
constexpr uint32_t kNormalized = 1, kNearest = 0x10, kLinear = 0x20;

NDRange range(uint64_t x, uint64_t y = 1, uint64_t z = 1) {
  NDRange r;
  r.dims = z > 1 ? 3 : y > 1 ? 2 : 1;
  r.global = {x, y, z};
  return r;
}

// ---- The host reference, from the spec text. ----

/// §7.2 for one axis: the texel indices and the weight of the second (linear).
struct RefAxis {
  long i0, i1;
  float a;
};

long addressRef(uint32_t mode, long coord, long size) {
  if (mode == kClamp) return coord < -1 ? -1 : coord > size ? size : coord;
  if (mode == kClampToEdge) return coord < 0 ? 0 : coord > size - 1 ? size - 1 : coord;
  return coord;
}

RefAxis refAxis(float s, long size, uint32_t sampler) {
  const uint32_t mode = sampler & 0xE;
  const bool linear = (sampler & 0x30) == kLinear;
  const float w = float(size);
  if (mode == kRepeat) {
    float u = (s - std::floor(s)) * w;
    if (!linear) {
      long i = long(std::floor(u));
      if (i > size - 1) i = i - size;
      return {i, i, 0};
    }
    long i0 = long(std::floor(u - 0.5f)), i1 = i0 + 1;
    if (i0 < 0) i0 = size + i0;
    if (i1 > size - 1) i1 = i1 - size;
    return {i0, i1, (u - 0.5f) - std::floor(u - 0.5f)};
  }
  if (mode == kMirrored) {
    float sp = 2.0f * std::rint(0.5f * s);
    sp = std::fabs(s - sp);
    float u = sp * w;
    if (!linear) {
      long i = std::min(long(std::floor(u)), size - 1);
      return {i, i, 0};
    }
    long i0 = long(std::floor(u - 0.5f)), i1 = i0 + 1;
    i0 = std::max(i0, 0L);
    i1 = std::min(i1, size - 1);
    return {i0, i1, (u - 0.5f) - std::floor(u - 0.5f)};
  }
  float u = (sampler & kNormalized) ? s * w : s;
  if (!linear) {
    long i = addressRef(mode, long(std::floor(u)), size);
    return {i, i, 0};
  }
  return {addressRef(mode, long(std::floor(u - 0.5f)), size),
          addressRef(mode, long(std::floor(u - 0.5f)) + 1, size),
          (u - 0.5f) - std::floor(u - 0.5f)};
}

/// A float RGBA image on the host: texel (x, y, z) holds distinct values per channel.
struct HostImage {
  long w, h, d;
  std::vector<float> data; // RGBA per texel
  Float4 at(long x, long y, long z, bool alphaBorder) const {
    if (x < 0 || x >= w || y < 0 || y >= h || z < 0 || z >= d)
      return {0, 0, 0, alphaBorder ? 1.0f : 0.0f}; // border colour, §7.2.1
    const float *p = &data[((z * h + y) * w + x) * 4];
    return {p[0], p[1], p[2], p[3]};
  }
};

HostImage makeImage(long w, long h, long d) {
  HostImage img{w, h, d, std::vector<float>(size_t(w * h * d * 4))};
  for (long i = 0; i < w * h * d; ++i)
    for (long c = 0; c < 4; ++c) img.data[size_t(i * 4 + c)] = float(i * 4 + c) * 0.25f - 3.0f;
  return img;
}

/// §7.2 over `dims` axes (2D: x, y; 3D: x, y, z); layers are handled by the caller.
Float4 refSample(const HostImage &img, const std::array<float, 3> &s, uint32_t dims,
                 uint32_t sampler, long layer = -1) {
  const long sizes[3] = {img.w, img.h, img.d};
  RefAxis ax[3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
  for (uint32_t c = 0; c < dims; ++c) ax[c] = refAxis(s[c], sizes[c], sampler);
  if (layer >= 0) ax[dims] = {layer, layer, 0};
  const bool linear = (sampler & 0x30) == kLinear;
  Float4 out{};
  const uint32_t corners = linear ? 1u << dims : 1u;
  for (uint32_t k = 0; k < corners; ++k) {
    float weight = 1.0f;
    long at[3] = {ax[0].i0, ax[1].i0, ax[2].i0};
    for (uint32_t c = 0; c < dims && linear; ++c) {
      bool second = (k >> c) & 1;
      at[c] = second ? ax[c].i1 : ax[c].i0;
      weight *= second ? ax[c].a : 1 - ax[c].a;
    }
    Float4 t = img.at(at[0], at[1], at[2], false);
    for (int c = 0; c < 4; ++c) out[c] += weight * t[c];
  }
  return out;
}

class ImageTest : public testing::TestWithParam<std::string> {
protected:
  std::optional<ValidatedModule> load(const std::string &name = "images") {
    std::string path =
        std::string(SPVSIM_IMAGE_KERNEL_DIR) + "/" + name + "." + GetParam() + ".spv";
    ValidationResult result = validate(loadFile(path), DeviceDescription::spvsim());
    if (!result.ok()) ADD_FAILURE() << path << " failed validation";
    return result.module;
  }

  template <class T> BufferId buffer(const std::vector<T> &data, BufferAccess access) {
    BufferId id = memory_.create(data.size() * sizeof(T), "buf", access);
    std::memcpy(memory_.bytes(id).data(), data.data(), data.size() * sizeof(T));
    return id;
  }
  template <class T> std::vector<T> read(BufferId id) {
    auto bytes = memory_.bytes(id);
    std::vector<T> out(bytes.size() / sizeof(T));
    std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
    return out;
  }

  ImageDescription image(ImageType type, uint32_t order, uint32_t dataType, uint64_t w, uint64_t h,
                         uint64_t d, const void *bytes, uint64_t size,
                         BufferAccess access = BufferAccess::ReadWrite) {
    ImageDescription desc;
    desc.type = type;
    desc.format = {order, dataType};
    desc.width = w;
    desc.height = h;
    desc.depth = type == ImageType::Image3D ? d : 1;
    desc.arraySize = type == ImageType::Image2DArray ? d : type == ImageType::Image1DArray ? h : 1;
    desc.buffer = memory_.create(size, "img", access);
    if (bytes) std::memcpy(memory_.bytes(desc.buffer).data(), bytes, size);
    return desc;
  }

  /// Runs and returns the findings' kinds.
  std::vector<std::string> run(const ValidatedModule &m, const std::string &kernel,
                               const NDRange &r, const std::vector<ArgBinding> &args) {
    FindingSink sink;
    ExecOptions options;
    options.threads = 1;
    launchKernel(m, kernel, r, args, {}, memory_, sink, options);
    std::vector<std::string> kinds;
    for (const Finding &f : sink.findings()) kinds.push_back(f.kind);
    return kinds;
  }

  GlobalMemory memory_;
};

// Every addressing mode × normalized × filter on a 5×3 float image, at and beyond the
// edges; addressing mode none only inside (outside is image.coordinate, below).
// Kernel signatures name image parameters with their type and access qualifier, and
// sampler parameters, as a host binds them.
TEST_P(ImageTest, SignaturesKnowImagesAndSamplers) {
  auto m = load();
  ASSERT_TRUE(m);
  KernelSignature sample = kernelSignature(*m, "sample_2d");
  ASSERT_EQ(sample.params.size(), 4u);
  EXPECT_EQ(sample.params[0].kind, ParamKind::Image);
  EXPECT_EQ(sample.params[0].imageType, ImageType::Image2D);
  EXPECT_EQ(sample.params[0].imageAccess, ImageAccess::ReadOnly);
  EXPECT_FALSE(sample.params[0].imageDepth);
  EXPECT_EQ(sample.params[0].typeName, "image2d_t");
  EXPECT_EQ(sample.params[1].kind, ParamKind::Sampler);
  EXPECT_EQ(sample.params[1].typeName, "sampler_t");
  EXPECT_EQ(sample.params[2].kind, ParamKind::GlobalBuffer);

  KernelSignature copy = kernelSignature(*m, "copy_2d");
  ASSERT_EQ(copy.params.size(), 3u);
  EXPECT_EQ(copy.params[0].imageAccess, ImageAccess::ReadOnly);
  EXPECT_EQ(copy.params[1].kind, ParamKind::Image);
  EXPECT_EQ(copy.params[1].imageAccess, ImageAccess::WriteOnly);

  KernelSignature queries = kernelSignature(*m, "queries");
  ASSERT_EQ(queries.params.size(), 5u);
  EXPECT_EQ(queries.params[1].imageType, ImageType::Image3D);
  EXPECT_EQ(queries.params[1].typeName, "image3d_t");
  EXPECT_EQ(queries.params[2].imageType, ImageType::Image2DArray);
  EXPECT_EQ(queries.params[2].typeName, "image2d_array_t");
  EXPECT_EQ(queries.params[3].imageType, ImageType::Image1D);
  EXPECT_EQ(kernelSignature(*m, "sample_1d_array").params[0].imageType, ImageType::Image1DArray);
}

TEST_P(ImageTest, Sample2DAddressingFilter) {
  auto m = load();
  ASSERT_TRUE(m);
  const HostImage host = makeImage(5, 3, 1);
  ImageDescription img = image(ImageType::Image2D, kRGBA, kFloat, 5, 3, 1, host.data.data(),
                               host.data.size() * 4, BufferAccess::ReadOnly);
  for (uint32_t mode : {kNone, kClampToEdge, kClamp, kRepeat, kMirrored})
    for (uint32_t normalized : {0u, kNormalized})
      for (uint32_t filter : {kNearest, kLinear}) {
        if ((mode == kRepeat || mode == kMirrored) && !normalized) continue; // undefined
        const uint32_t sampler = mode | normalized | filter;
        SCOPED_TRACE("sampler " + std::to_string(sampler));
        std::vector<float> coords;
        // ±3e9 lie beyond the int range a coordinate is taken to before addressing.
        const float xs[] = {-3.0e9f, -1.7f, -0.5f, 0.0f, 0.25f, 0.5f,  1.0f,
                            2.75f,   4.5f,  4.99f, 5.0f, 7.3f,  3.0e9f};
        const float ys[] = {-0.6f, 0.5f, 1.2f, 2.5f, 3.0f, 4.4f};
        for (float x : xs)
          for (float y : ys) {
            float u = normalized ? x / 5.0f : x, v = normalized ? y / 3.0f : y;
            if (mode == kNone) { // only where every texel read lies inside
              float ux = normalized ? u * 5 : u, vy = normalized ? v * 3 : v;
              bool lin = filter == kLinear;
              if ((lin ? std::floor(ux - 0.5f) < 0 || std::floor(ux - 0.5f) + 1 > 4
                       : ux < 0 || ux >= 5) ||
                  (lin ? std::floor(vy - 0.5f) < 0 || std::floor(vy - 0.5f) + 1 > 2
                       : vy < 0 || vy >= 3))
                continue;
            }
            coords.push_back(u), coords.push_back(v);
          }
        const size_t n = coords.size() / 2;
        BufferId c = buffer(coords, BufferAccess::ReadOnly);
        BufferId out = memory_.create(n * 16, "out");
        auto findings = run(*m, "sample_2d", range(n),
                            {ArgBinding::ofImage(img), ArgBinding::ofSampler(sampler),
                             ArgBinding::ofBuffer(c), ArgBinding::ofBuffer(out)});
        EXPECT_TRUE(findings.empty());
        auto got = read<float>(out);
        for (size_t i = 0; i < n; ++i) {
          Float4 want = refSample(host, {coords[2 * i], coords[2 * i + 1], 0}, 2, sampler);
          for (int ch = 0; ch < 4; ++ch)
            ASSERT_NEAR(got[i * 4 + ch], want[ch], filter == kLinear ? 1e-4 : 0.0)
                << "coordinate (" << coords[2 * i] << ", " << coords[2 * i + 1] << ") channel "
                << ch;
        }
      }
}

// Hand-checked values, independent of the reference above: a 2×1 R/FLOAT image
// (10, 20) read with CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR at u = 1.0 blends the two
// texels equally; at u = 0.25 it blends the border (0, 0, 0, 1 for CL_R) and texel 0.
TEST_P(ImageTest, LinearClampBorderForR) {
  auto m = load();
  ASSERT_TRUE(m);
  const float texels[2] = {10.0f, 20.0f};
  ImageDescription img = image(ImageType::Image2D, kR, kFloat, 2, 1, 1, texels, 8);
  std::vector<float> coords = {1.0f, 0.5f, 0.25f, 0.5f, 3.0f, 0.5f};
  BufferId c = buffer(coords, BufferAccess::ReadOnly);
  BufferId out = memory_.create(3 * 16, "out");
  EXPECT_TRUE(run(*m, "sample_2d", range(3),
                  {ArgBinding::ofImage(img), ArgBinding::ofSampler(kClamp | kLinear),
                   ArgBinding::ofBuffer(c), ArgBinding::ofBuffer(out)})
                  .empty());
  auto got = read<float>(out);
  EXPECT_FLOAT_EQ(got[0], 15.0f);
  EXPECT_FLOAT_EQ(got[3], 1.0f);          // alpha of CL_R texels and border alike
  EXPECT_FLOAT_EQ(got[4], 0.75f * 10.0f); // a = frac(-0.25) = 0.75 toward texel 0
  EXPECT_FLOAT_EQ(got[7], 1.0f);
  EXPECT_FLOAT_EQ(got[8], 0.0f); // u = 3: i0 = 2 and i1 = 3 are both the border
  EXPECT_FLOAT_EQ(got[11], 1.0f);
}

// §7.4.5: an sRGB image is converted to linear before filtering. Texels 0 and 255 blended
// half and half give 0.5 (converting after filtering would give about 0.214), and alpha
// is linear.
TEST_P(ImageTest, SrgbConvertsBeforeFiltering) {
  auto m = load();
  ASSERT_TRUE(m);
  const uint8_t texels[8] = {0, 0, 0, 0, 255, 255, 255, 255};
  ImageDescription img = image(ImageType::Image2D, kSRGBA, kUnorm8, 2, 1, 1, texels, 8);
  std::vector<float> coords = {1.0f, 0.5f};
  BufferId c = buffer(coords, BufferAccess::ReadOnly);
  BufferId out = memory_.create(16, "out");
  EXPECT_TRUE(run(*m, "sample_2d", range(1),
                  {ArgBinding::ofImage(img), ArgBinding::ofSampler(kClampToEdge | kLinear),
                   ArgBinding::ofBuffer(c), ArgBinding::ofBuffer(out)})
                  .empty());
  auto got = read<float>(out);
  for (int ch = 0; ch < 4; ++ch) EXPECT_NEAR(got[ch], 0.5f, 1e-6) << ch;
}

// Integer coordinates, a constant sampler through a function call, 1D, 3D and arrays.
TEST_P(ImageTest, ImageTypes) {
  auto m = load();
  ASSERT_TRUE(m);
  const HostImage host = makeImage(4, 3, 2);
  // 2D with int coordinates and CLK_ADDRESS_CLAMP (the kernel's constant sampler).
  {
    ImageDescription img =
        image(ImageType::Image2D, kRGBA, kFloat, 4, 3, 1, host.data.data(), 4 * 3 * 16);
    std::vector<int32_t> coords = {0, 0, 3, 2, -1, 1, 4, 0, 2, 5};
    BufferId c = buffer(coords, BufferAccess::ReadOnly);
    BufferId out = memory_.create(5 * 16, "out");
    EXPECT_TRUE(run(*m, "constant_sampler", range(5),
                    {ArgBinding::ofImage(img), ArgBinding::ofBuffer(c), ArgBinding::ofBuffer(out)})
                    .empty());
    auto got = read<float>(out);
    for (size_t i = 0; i < 5; ++i) {
      Float4 want = host.at(coords[2 * i], coords[2 * i + 1], 0, false);
      for (int ch = 0; ch < 4; ++ch) EXPECT_EQ(got[i * 4 + ch], want[ch]) << i;
    }
  }
  // 3D, linear with normalized coordinates and clamp-to-edge.
  {
    ImageDescription img =
        image(ImageType::Image3D, kRGBA, kFloat, 4, 3, 2, host.data.data(), host.data.size() * 4);
    std::vector<float> coords = {0.1f,  0.2f, 0.3f, 0, 0.9f, 0.5f, 0.75f, 0,
                                 -0.2f, 1.3f, 0.5f, 0, 0.5f, 0.5f, 0.5f,  0};
    BufferId c = buffer(coords, BufferAccess::ReadOnly);
    BufferId out = memory_.create(4 * 16, "out");
    const uint32_t sampler = kNormalized | kClampToEdge | kLinear;
    EXPECT_TRUE(run(*m, "sample_3d", range(4),
                    {ArgBinding::ofImage(img), ArgBinding::ofSampler(sampler),
                     ArgBinding::ofBuffer(c), ArgBinding::ofBuffer(out)})
                    .empty());
    auto got = read<float>(out);
    for (size_t i = 0; i < 4; ++i) {
      Float4 want =
          refSample(host, {coords[4 * i], coords[4 * i + 1], coords[4 * i + 2]}, 3, sampler);
      for (int ch = 0; ch < 4; ++ch) EXPECT_NEAR(got[i * 4 + ch], want[ch], 1e-4) << i;
    }
  }
  // 2D array: §7.5 layer = clamp(rint(w), 0, d - 1), never normalized, ties to even.
  {
    ImageDescription img = image(ImageType::Image2DArray, kRGBA, kFloat, 4, 3, 2, host.data.data(),
                                 host.data.size() * 4);
    const float layers[] = {0.5f, 1.5f, 0.49f, -3.0f, 9.0f, 1.0f};
    std::vector<float> coords;
    for (float l : layers) coords.insert(coords.end(), {0.6f, 0.4f, l, 0});
    BufferId c = buffer(coords, BufferAccess::ReadOnly);
    BufferId out = memory_.create(6 * 16, "out");
    const uint32_t sampler = kNormalized | kClampToEdge | kNearest;
    EXPECT_TRUE(run(*m, "sample_2d_array", range(6),
                    {ArgBinding::ofImage(img), ArgBinding::ofSampler(sampler),
                     ArgBinding::ofBuffer(c), ArgBinding::ofBuffer(out)})
                    .empty());
    auto got = read<float>(out);
    const long expectLayer[] = {0, 1, 0, 0, 1, 1}; // rint(0.5) = 0, rint(1.5) = 2 → clamp 1
    for (size_t i = 0; i < 6; ++i) {
      Float4 want = host.at(2, 1, expectLayer[i], false); // u = 2.4, v = 1.2
      for (int ch = 0; ch < 4; ++ch) EXPECT_EQ(got[i * 4 + ch], want[ch]) << "layer " << layers[i];
    }
  }
  // 1D with repeat, and 1D array (layer from y).
  {
    ImageDescription img = image(ImageType::Image1D, kRGBA, kFloat, 4, 1, 1, host.data.data(), 64);
    std::vector<float> coords = {-0.1f, 0.3f, 1.6f, 2.0f};
    BufferId c = buffer(coords, BufferAccess::ReadOnly);
    BufferId out = memory_.create(4 * 16, "out");
    const uint32_t sampler = kNormalized | kRepeat | kLinear;
    EXPECT_TRUE(run(*m, "sample_1d", range(4),
                    {ArgBinding::ofImage(img), ArgBinding::ofSampler(sampler),
                     ArgBinding::ofBuffer(c), ArgBinding::ofBuffer(out)})
                    .empty());
    auto got = read<float>(out);
    HostImage row{4, 1, 1, std::vector<float>(host.data.begin(), host.data.begin() + 16)};
    for (size_t i = 0; i < 4; ++i) {
      Float4 want = refSample(row, {coords[i], 0, 0}, 1, sampler);
      for (int ch = 0; ch < 4; ++ch) EXPECT_NEAR(got[i * 4 + ch], want[ch], 1e-4) << i;
    }
    ImageDescription arr =
        image(ImageType::Image1DArray, kRGBA, kFloat, 4, 3, 1, host.data.data(), 4 * 3 * 16);
    std::vector<float> c2 = {1.5f, 2.5f, 3.9f, -1.0f};
    BufferId cb = buffer(c2, BufferAccess::ReadOnly);
    BufferId out2 = memory_.create(2 * 16, "out");
    EXPECT_TRUE(run(*m, "sample_1d_array", range(2),
                    {ArgBinding::ofImage(arr), ArgBinding::ofSampler(kClampToEdge | kNearest),
                     ArgBinding::ofBuffer(cb), ArgBinding::ofBuffer(out2)})
                    .empty());
    auto got2 = read<float>(out2);
    Float4 w0 = host.at(1, 2, 0, false), w1 = host.at(3, 0, 0, false); // rint(2.5) = 2
    for (int ch = 0; ch < 4; ++ch) {
      EXPECT_EQ(got2[ch], w0[ch]);
      EXPECT_EQ(got2[4 + ch], w1[ch]);
    }
  }
}

// §7.4 on write, then read back: the bytes each format must hold, written here from
// the conversion formulas (round to nearest even, saturate), and what reads return.
TEST_P(ImageTest, FloatConversionsRoundTrip) {
  auto m = load();
  ASSERT_TRUE(m);
  const std::vector<float> colors = {0.0f,  0.5f,  1.0f,  0.25f, -0.5f,  2.0f, 0.1f,  0.9f,
                                     0.75f, 0.33f, 0.66f, 1.0f,  0.002f, 0.5f, 0.04f, 0.0f};
  auto unorm8 = [](float v) {
    return uint32_t(std::rint(std::fmin(255.f, std::fmax(0.f, v * 255.f))));
  };
  auto srgb = [](float y) {
    float r = y < 0            ? 0
              : y < 0.0031308f ? 12.92f * y
              : y <= 1         ? 1.055f * std::pow(y, 1 / 2.4f) - 0.055f
                               : 1;
    return r;
  };
  struct Case {
    uint32_t order, type;
    uint32_t bytes;
  };
  for (Case cs : {Case{kRGBA, kUnorm8, 4}, Case{kBGRA, kUnorm8, 4}, Case{kRGBA, kSnorm8, 4},
                  Case{kRG, kUnorm16, 4}, Case{kR, kFloat, 4}, Case{kRGBA, kHalf, 8},
                  Case{kA, kUnorm8, 1}, Case{kLuminance, kUnorm8, 1}, Case{kRGB, k565, 2},
                  Case{kRGB, k101010, 4}, Case{kSRGBA, kUnorm8, 4}}) {
    SCOPED_TRACE(formatName({cs.order, cs.type}));
    ImageDescription img =
        image(ImageType::Image2D, cs.order, cs.type, 2, 2, 1, nullptr, 4 * cs.bytes);
    BufferId c = buffer(colors, BufferAccess::ReadOnly);
    EXPECT_TRUE(
        run(*m, "write_2d", range(2, 2), {ArgBinding::ofImage(img), ArgBinding::ofBuffer(c)})
            .empty());
    auto bytes = read<uint8_t>(img.buffer);
    for (int t = 0; t < 4; ++t) {
      const float *v = &colors[t * 4];
      const uint8_t *b = &bytes[t * cs.bytes];
      if (cs.type == kUnorm8 && cs.order == kRGBA) {
        for (int ch = 0; ch < 4; ++ch) EXPECT_EQ(b[ch], unorm8(v[ch])) << t;
      } else if (cs.type == kUnorm8 && cs.order == kBGRA) {
        EXPECT_EQ(b[0], unorm8(v[2]));
        EXPECT_EQ(b[2], unorm8(v[0]));
        EXPECT_EQ(b[3], unorm8(v[3]));
      } else if (cs.type == kSnorm8) {
        for (int ch = 0; ch < 4; ++ch)
          EXPECT_EQ(int8_t(b[ch]),
                    int(std::rint(std::fmin(127.f, std::fmax(-128.f, v[ch] * 127.f)))));
      } else if (cs.type == kUnorm16) {
        uint16_t g;
        std::memcpy(&g, b + 2, 2);
        EXPECT_EQ(g, uint16_t(std::rint(std::fmin(65535.f, std::fmax(0.f, v[1] * 65535.f)))));
      } else if (cs.type == kFloat) {
        float r;
        std::memcpy(&r, b, 4);
        EXPECT_EQ(r, v[0]);
      } else if (cs.type == kHalf) {
        _Float16 h[4];
        std::memcpy(h, b, 8);
        for (int ch = 0; ch < 4; ++ch) EXPECT_EQ(float(h[ch]), float(_Float16(v[ch])));
      } else if (cs.order == kA) {
        EXPECT_EQ(b[0], unorm8(v[3]));
      } else if (cs.order == kLuminance) {
        EXPECT_EQ(b[0], unorm8(v[0]));
      } else if (cs.type == k565) { // R 15:11, G 10:5, B 4:0
        uint16_t p;
        std::memcpy(&p, b, 2);
        auto q = [](float x, float mx) {
          return uint32_t(std::rint(std::fmin(mx, std::fmax(0.f, x * mx))));
        };
        EXPECT_EQ(p, q(v[0], 31) << 11 | q(v[1], 63) << 5 | q(v[2], 31));
      } else if (cs.type == k101010) { // R 29:20, G 19:10, B 9:0
        uint32_t p;
        std::memcpy(&p, b, 4);
        auto q = [](float x) {
          return uint32_t(std::rint(std::fmin(1023.f, std::fmax(0.f, x * 1023.f))));
        };
        EXPECT_EQ(p, q(v[0]) << 20 | q(v[1]) << 10 | q(v[2]));
      } else if (cs.order == kSRGBA) {
        for (int ch = 0; ch < 3; ++ch) EXPECT_NEAR(double(b[ch]), 255.0 * srgb(v[ch]), 0.6) << t;
        EXPECT_EQ(b[3], unorm8(v[3]));
      }
    }
    // Read back (sampler-less): the decode of §7.4 of those bytes.
    ImageDescription copy =
        image(ImageType::Image2D, cs.order, cs.type, 2, 2, 1, nullptr, 4 * cs.bytes);
    BufferId texels = memory_.create(4 * 16, "texels");
    EXPECT_TRUE(
        run(*m, "copy_2d", range(2, 2),
            {ArgBinding::ofImage(img), ArgBinding::ofImage(copy), ArgBinding::ofBuffer(texels)})
            .empty());
    auto got = read<float>(texels);
    EXPECT_EQ(read<uint8_t>(copy.buffer), bytes); // re-encoding a decoded texel is exact
    for (int t = 0; t < 4; ++t) {
      const uint8_t *b = &bytes[t * cs.bytes];
      const float *g = &got[t * 4];
      if (cs.type == kUnorm8 && cs.order == kRGBA) {
        for (int ch = 0; ch < 4; ++ch) EXPECT_EQ(g[ch], float(b[ch]) / 255.0f);
      } else if (cs.type == kUnorm8 && cs.order == kBGRA) {
        EXPECT_EQ(g[0], float(b[2]) / 255.0f);
        EXPECT_EQ(g[2], float(b[0]) / 255.0f);
      } else if (cs.type == kSnorm8) {
        for (int ch = 0; ch < 4; ++ch)
          EXPECT_EQ(g[ch], std::fmax(-1.0f, float(int8_t(b[ch])) / 127.0f));
      } else if (cs.type == kUnorm16) {
        EXPECT_EQ(g[2], 0.0f); // CL_RG: b = 0, a = 1
        EXPECT_EQ(g[3], 1.0f);
      } else if (cs.type == kFloat) {
        EXPECT_EQ(g[1], 0.0f);
        EXPECT_EQ(g[3], 1.0f);
      } else if (cs.order == kA) {
        EXPECT_EQ(g[0], 0.0f);
        EXPECT_EQ(g[3], float(b[0]) / 255.0f);
      } else if (cs.order == kLuminance) {
        EXPECT_EQ(g[0], float(b[0]) / 255.0f);
        EXPECT_EQ(g[2], float(b[0]) / 255.0f);
        EXPECT_EQ(g[3], 1.0f);
      } else if (cs.type == k565) {
        uint16_t p;
        std::memcpy(&p, b, 2);
        EXPECT_EQ(g[1], float((p >> 5) & 63) / 63.0f);
        EXPECT_EQ(g[3], 1.0f);
      } else if (cs.order == kSRGBA) {
        for (int ch = 0; ch < 3; ++ch) {
          float c = float(b[ch]) / 255.0f;
          float lin = c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
          EXPECT_NEAR(g[ch], lin, 1e-5);
        }
      }
    }
  }
}

// The orders and packed types FloatConversionsRoundTrip leaves out, written with
// write_imagef and read back: the bytes each stores are worked out from OpenCL API
// §5.3.1.1 (which channel goes where, the packed fields' bits) and §7.4.1.4 (round to
// nearest even, saturate); the channels a read returns from §7.4 (missing colour
// channels 0, missing alpha 1, intensity in all four, luminance in r, g and b).
TEST_P(ImageTest, MoreOrdersRoundTrip) {
  auto m = load();
  ASSERT_TRUE(m);
  namespace co = channel_order;
  namespace ct = channel_type;
  const std::vector<float> colors = {0.0f,  0.5f,  1.0f,  0.25f, -0.5f,  2.0f, 0.1f,  0.9f,
                                     0.75f, 0.33f, 0.66f, 1.0f,  0.002f, 0.5f, 0.04f, 0.0f};
  // f_preferred of §7.4.1.4 for a maximum of `max`.
  auto q = [](float x, float max) {
    return uint32_t(std::nearbyint(std::fmin(max, std::fmax(0.f, x * max))));
  };
  struct Case {
    uint32_t order, type, bytes;
  };
  for (Case cs : {Case{co::ARGB, ct::UnormInt8, 4}, Case{co::ABGR, ct::UnormInt8, 4},
                  Case{co::RA, ct::UnormInt8, 2}, Case{co::Intensity, ct::UnormInt8, 1},
                  Case{co::Luminance, ct::Float, 4}, Case{co::Rx, ct::UnormInt16, 4},
                  Case{co::RGx, ct::Float, 12}, Case{co::RGBx, ct::UnormShort555, 2},
                  Case{co::RGB, ct::UnormShort555, 2}, Case{co::RGBx, ct::UnormInt101010, 4},
                  Case{co::RGBA, ct::UnormInt101010_2, 4}}) {
    SCOPED_TRACE(formatName({cs.order, cs.type}));
    ImageDescription img =
        image(ImageType::Image2D, cs.order, cs.type, 2, 2, 1, nullptr, 4 * cs.bytes);
    BufferId c = buffer(colors, BufferAccess::ReadOnly);
    EXPECT_TRUE(
        run(*m, "write_2d", range(2, 2), {ArgBinding::ofImage(img), ArgBinding::ofBuffer(c)})
            .empty());
    const auto bytes = read<uint8_t>(img.buffer);
    ImageDescription copy =
        image(ImageType::Image2D, cs.order, cs.type, 2, 2, 1, nullptr, 4 * cs.bytes);
    BufferId texels = memory_.create(4 * 16, "texels");
    EXPECT_TRUE(
        run(*m, "copy_2d", range(2, 2),
            {ArgBinding::ofImage(img), ArgBinding::ofImage(copy), ArgBinding::ofBuffer(texels)})
            .empty());
    const auto got = read<float>(texels);
    for (int t = 0; t < 4; ++t) {
      SCOPED_TRACE("texel " + std::to_string(t));
      const float *v = &colors[t * 4];
      const uint8_t *b = &bytes[t * cs.bytes];
      const float *g = &got[t * 4];
      uint32_t word = 0;
      std::memcpy(&word, b, std::min<uint32_t>(cs.bytes, 4));
      std::array<float, 4> want{};
      switch (cs.order) {
      case co::ARGB:   // a, r, g, b
      case co::ABGR: { // a, b, g, r
        const bool argb = cs.order == co::ARGB;
        EXPECT_EQ(b[0], q(v[3], 255));
        EXPECT_EQ(b[1], q(v[argb ? 0 : 2], 255));
        EXPECT_EQ(b[2], q(v[1], 255));
        EXPECT_EQ(b[3], q(v[argb ? 2 : 0], 255));
        want = {b[argb ? 1 : 3] / 255.0f, b[2] / 255.0f, b[argb ? 3 : 1] / 255.0f, b[0] / 255.0f};
        break;
      }
      case co::RA:
        EXPECT_EQ(b[0], q(v[0], 255));
        EXPECT_EQ(b[1], q(v[3], 255));
        want = {b[0] / 255.0f, 0.0f, 0.0f, b[1] / 255.0f};
        break;
      case co::Intensity: // the one channel is written from r
        EXPECT_EQ(b[0], q(v[0], 255));
        want.fill(b[0] / 255.0f);
        break;
      case co::Luminance: {
        float l;
        std::memcpy(&l, b, 4);
        EXPECT_EQ(l, v[0]);
        want = {l, l, l, 1.0f};
        break;
      }
      case co::Rx: {
        uint16_t r;
        std::memcpy(&r, b, 2);
        EXPECT_EQ(r, q(v[0], 65535));
        want = {r / 65535.0f, 0.0f, 0.0f, 1.0f};
        break;
      }
      case co::RGx: {
        float rg[2];
        std::memcpy(rg, b, 8);
        EXPECT_EQ(rg[0], v[0]);
        EXPECT_EQ(rg[1], v[1]);
        want = {rg[0], rg[1], 0.0f, 1.0f};
        break;
      }
      default:
        if (cs.type == ct::UnormShort555) { // r 14:10, g 9:5, b 4:0; bit 15 unused
          EXPECT_EQ(word, q(v[0], 31) << 10 | q(v[1], 31) << 5 | q(v[2], 31));
          want = {(word >> 10 & 31) / 31.0f, (word >> 5 & 31) / 31.0f, (word & 31) / 31.0f, 1.0f};
        } else if (cs.type == ct::UnormInt101010) { // r 29:20, g 19:10, b 9:0
          EXPECT_EQ(word, q(v[0], 1023) << 20 | q(v[1], 1023) << 10 | q(v[2], 1023));
          want = {(word >> 20 & 1023) / 1023.0f, (word >> 10 & 1023) / 1023.0f,
                  (word & 1023) / 1023.0f, 1.0f};
        } else { // 101010_2: r 31:22, g 21:12, b 11:2, a 1:0
          EXPECT_EQ(word,
                    q(v[0], 1023) << 22 | q(v[1], 1023) << 12 | q(v[2], 1023) << 2 | q(v[3], 3));
          want = {(word >> 22 & 1023) / 1023.0f, (word >> 12 & 1023) / 1023.0f,
                  (word >> 2 & 1023) / 1023.0f, (word & 3) / 3.0f};
        }
      }
      for (int ch = 0; ch < 4; ++ch) EXPECT_EQ(g[ch], want[ch]) << "channel " << ch;
    }
    // Writing what was read gives the same bytes (padding channels aside, none here differ).
    EXPECT_EQ(read<uint8_t>(copy.buffer), bytes);
  }
}

// cl_khr_depth_images: a CL_DEPTH image reads as one float (§7.4: CL_UNORM_INT16 as
// x / 65535), linear filtering applies to it, and writes store that float again.
TEST_P(ImageTest, DepthImages) {
  auto m = load();
  ASSERT_TRUE(m);
  const uint16_t depth16[4] = {0, 65535, 32768, 1};
  ImageDescription in = image(ImageType::Image2D, channel_order::Depth, channel_type::UnormInt16, 2,
                              2, 1, depth16, 8);
  ImageDescription out =
      image(ImageType::Image2D, channel_order::Depth, channel_type::Float, 2, 2, 1, nullptr, 16);
  EXPECT_TRUE(
      run(*m, "depth_copy", range(2, 2), {ArgBinding::ofImage(in), ArgBinding::ofImage(out)})
          .empty());
  const auto copied = read<float>(out.buffer);
  for (int t = 0; t < 4; ++t) EXPECT_EQ(copied[t], float(depth16[t]) / 65535.0f) << t;
  // Linear, unnormalized, clamp to edge over (0.25, 0.75): at u = 0.5, 1.0 and 1.5 the
  // weights of §7.2.1 give 0.25, 0.5 and 0.75.
  const float depths[2] = {0.25f, 0.75f};
  ImageDescription line =
      image(ImageType::Image2D, channel_order::Depth, channel_type::Float, 2, 1, 1, depths, 8);
  BufferId coords =
      buffer(std::vector<float>{0.5f, 0.5f, 1.0f, 0.5f, 1.5f, 0.5f}, BufferAccess::ReadOnly);
  BufferId sampled = memory_.create(12, "sampled");
  EXPECT_TRUE(run(*m, "depth_sample", range(3),
                  {ArgBinding::ofImage(line), ArgBinding::ofSampler(kClampToEdge | kLinear),
                   ArgBinding::ofBuffer(coords), ArgBinding::ofBuffer(sampled)})
                  .empty());
  EXPECT_EQ(read<float>(sampled), (std::vector<float>{0.25f, 0.5f, 0.75f}));
}

// A 1D buffer image reads and writes like a 1D image: CL_SNORM_INT8 decodes as
// max(-1, x / 127) (§7.4.1.3), so -128 reads -1 and is written back as -127.
TEST_P(ImageTest, OneDimensionalBufferImages) {
  auto m = load();
  ASSERT_TRUE(m);
  const int8_t texels[12] = {127, -127, -128, 0, 64, 1, 2, 3, 0, 0, 0, 127};
  ImageDescription in = image(ImageType::Image1DBuffer, kRGBA, kSnorm8, 3, 1, 1, texels, 12);
  ImageDescription out = image(ImageType::Image1DBuffer, kRGBA, kSnorm8, 3, 1, 1, nullptr, 12);
  BufferId read4 = memory_.create(3 * 16, "texels");
  EXPECT_TRUE(run(*m, "copy_1d_buffer", range(3),
                  {ArgBinding::ofImage(in), ArgBinding::ofImage(out), ArgBinding::ofBuffer(read4)})
                  .empty());
  const auto got = read<float>(read4);
  for (int i = 0; i < 12; ++i) EXPECT_EQ(got[i], std::fmax(-1.0f, texels[i] / 127.0f)) << i;
  std::vector<int8_t> want(texels, texels + 12);
  want[2] = -127;
  const auto written = read<uint8_t>(out.buffer);
  for (int i = 0; i < 12; ++i) EXPECT_EQ(int8_t(written[i]), want[i]) << i;
}

// §7.4.4: integer writes saturate, reads sign- or zero-extend.
TEST_P(ImageTest, IntegerConversions) {
  auto m = load();
  ASSERT_TRUE(m);
  std::vector<int32_t> colors = {-300, 127, -128, 1000, 5, -6, 7, -8, 200, -200, 0, 1, 2, 3, 4, 5};
  ImageDescription s8 = image(ImageType::Image2D, kRGBA, kSInt8, 2, 2, 1, nullptr, 16);
  BufferId c = buffer(colors, BufferAccess::ReadOnly);
  EXPECT_TRUE(
      run(*m, "write_2d_int", range(2, 2), {ArgBinding::ofImage(s8), ArgBinding::ofBuffer(c)})
          .empty());
  auto b = read<int8_t>(s8.buffer);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(b[i], std::clamp(colors[i], -128, 127)) << i;
  BufferId out = memory_.create(64, "out");
  EXPECT_TRUE(
      run(*m, "read_2d_int", range(2, 2), {ArgBinding::ofImage(s8), ArgBinding::ofBuffer(out)})
          .empty());
  auto r = read<int32_t>(out);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(r[i], std::clamp(colors[i], -128, 127)) << i;

  std::vector<uint32_t> ucolors = {70000, 65535, 3, 0xffffffffu, 1, 2,  3,  4,
                                   5,     6,     7, 8,           9, 10, 11, 12};
  ImageDescription u16 = image(ImageType::Image2D, kRG, kUInt16, 2, 2, 1, nullptr, 16);
  BufferId uc = buffer(ucolors, BufferAccess::ReadOnly);
  EXPECT_TRUE(
      run(*m, "write_2d_uint", range(2, 2), {ArgBinding::ofImage(u16), ArgBinding::ofBuffer(uc)})
          .empty());
  auto u = read<uint16_t>(u16.buffer);
  EXPECT_EQ(u[0], 65535);
  EXPECT_EQ(u[1], 65535);
  EXPECT_EQ(u[2], 1);
  EXPECT_EQ(u[3], 2);
  // read_imageui with a sampler on CL_RG: (r, g, 0, 1).
  std::vector<float> coords = {0.5f, 0.5f};
  BufferId cb = buffer(coords, BufferAccess::ReadOnly);
  BufferId out2 = memory_.create(16, "out");
  EXPECT_TRUE(run(*m, "sample_2d_uint", range(1),
                  {ArgBinding::ofImage(u16), ArgBinding::ofSampler(kClampToEdge | kNearest),
                   ArgBinding::ofBuffer(cb), ArgBinding::ofBuffer(out2)})
                  .empty());
  auto ru = read<uint32_t>(out2);
  EXPECT_EQ(ru, (std::vector<uint32_t>{65535, 65535, 0, 1}));
}

TEST_P(ImageTest, Queries) {
  auto m = load();
  ASSERT_TRUE(m);
  ImageDescription a = image(ImageType::Image2D, kBGRA, kUnorm8, 7, 5, 1, nullptr, 7 * 5 * 4);
  ImageDescription b = image(ImageType::Image3D, kR, kSInt32, 3, 4, 6, nullptr, 3 * 4 * 6 * 4);
  ImageDescription c =
      image(ImageType::Image2DArray, kRGBA, kFloat, 2, 2, 9, nullptr, 2 * 2 * 9 * 16);
  ImageDescription d = image(ImageType::Image1D, kRGBA, kHalf, 11, 1, 1, nullptr, 11 * 8);
  BufferId out = memory_.create(12 * 4, "out");
  EXPECT_TRUE(run(*m, "queries", range(1),
                  {ArgBinding::ofImage(a), ArgBinding::ofImage(b), ArgBinding::ofImage(c),
                   ArgBinding::ofImage(d), ArgBinding::ofBuffer(out)})
                  .empty());
  EXPECT_EQ(read<int32_t>(out), (std::vector<int32_t>{7, 5, int(kBGRA), int(kUnorm8), 3, 4, 6, 9,
                                                      11, 7005, int(kR), int(kSInt32)}));
}

// get_image_num_mip_levels agrees with clGetImageInfo's CL_IMAGE_NUM_MIP_LEVELS: 0 for
// every image (the device has no mipmaps).
TEST_P(ImageTest, MipLevelsAreWhatTheRuntimeReports) {
  auto m = load("mip_levels");
  ASSERT_TRUE(m);
  ImageDescription a = image(ImageType::Image2D, kRGBA, kFloat, 3, 2, 1, nullptr, 3 * 2 * 16);
  ImageDescription b = image(ImageType::Image3D, kR, kSInt32, 2, 2, 2, nullptr, 2 * 2 * 2 * 4);
  ImageDescription c = image(ImageType::Image1D, kRGBA, kUnorm8, 5, 1, 1, nullptr, 5 * 4);
  BufferId out = memory_.create(4 * 4, "out");
  std::memset(memory_.bytes(out).data(), 0xff, 16);
  EXPECT_TRUE(run(*m, "mip_levels", range(1),
                  {ArgBinding::ofImage(a), ArgBinding::ofImage(b), ArgBinding::ofImage(c),
                   ArgBinding::ofBuffer(out)})
                  .empty());
  EXPECT_EQ(read<int32_t>(out), (std::vector<int32_t>{0, 0, 0, 5}));
}

// Undefined image accesses: outside the image with addressing mode none, sampler-less
// reads and writes outside, and a write to an image whose memory is read-only.
TEST_P(ImageTest, Findings) {
  auto m = load();
  ASSERT_TRUE(m);
  const HostImage host = makeImage(4, 4, 1);
  ImageDescription img = image(ImageType::Image2D, kRGBA, kFloat, 4, 4, 1, host.data.data(), 256,
                               BufferAccess::ReadOnly);
  std::vector<float> coords = {1.5f, 1.5f, 4.5f, 0.5f};
  BufferId c = buffer(coords, BufferAccess::ReadOnly);
  BufferId out = memory_.create(32, "out");
  auto kinds = run(*m, "sample_2d", range(2),
                   {ArgBinding::ofImage(img), ArgBinding::ofSampler(kNone | kNearest),
                    ArgBinding::ofBuffer(c), ArgBinding::ofBuffer(out)});
  EXPECT_EQ(kinds, std::vector<std::string>{"image.coordinate"});
  // copy_2d over 4×5 work-items of a 4×4 image: reads and writes at y = 4.
  ImageDescription dst = image(ImageType::Image2D, kRGBA, kFloat, 4, 4, 1, nullptr, 256);
  BufferId texels = memory_.create(20 * 16, "texels");
  kinds = run(*m, "copy_2d", range(4, 5),
              {ArgBinding::ofImage(img), ArgBinding::ofImage(dst), ArgBinding::ofBuffer(texels)});
  EXPECT_EQ(kinds, (std::vector<std::string>{"image.coordinate", "image.coordinate"}));
  // A write into read-only memory.
  std::vector<float> colors(64, 1.0f);
  BufferId cb = buffer(colors, BufferAccess::ReadOnly);
  kinds = run(*m, "write_2d", range(4, 4), {ArgBinding::ofImage(img), ArgBinding::ofBuffer(cb)});
  EXPECT_EQ(kinds, std::vector<std::string>{"access.read_only_write"});
  EXPECT_EQ(read<float>(img.buffer), host.data); // nothing written
}

INSTANTIATE_TEST_SUITE_P(Builds, ImageTest, testing::Values("O0", "O2"),
                         [](const testing::TestParamInfo<std::string> &info) {
                           return info.param;
                         });

} // namespace
} // namespace spvsim
