// The example kernels (examples/*/*.cl), compiled at -O0 and -O2, run through
// the public launch API at warp widths 1 and 32 on 1 and 2 threads. Each run
// must report no findings and produce what the host computes for the same
// inputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <ostream>
#include <random>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "spvsim/common/finding.h"
#include "spvsim/common/finding_sink.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/image.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/loader.h"
#include "spvsim/validator/validator.h"

namespace spvsim {
namespace {

struct Config {
  std::string level; ///< the build: O0, O1, O2, O3, O0g or O2g (tests/CMakeLists.txt)
  uint32_t warpWidth = 32;
  uint32_t threads = 1;
};

// Prints a configuration as O2_warp32_threads2; ctest names the test cases after it.
void PrintTo(const Config &config, std::ostream *os) {
  *os << config.level << "_warp" << config.warpWidth << "_threads" << config.threads;
}

template <typename T> ArgBinding valueArg(T value) {
  static_assert(std::is_trivially_copyable_v<T>);
  std::vector<std::byte> bytes(sizeof(T));
  std::memcpy(bytes.data(), &value, sizeof(T));
  return ArgBinding::ofBytes(std::move(bytes));
}

std::vector<float> randomFloats(size_t count, uint32_t seed, float min, float max) {
  std::mt19937 engine(seed);
  std::uniform_real_distribution<float> dist(min, max);
  std::vector<float> values(count);
  for (float &v : values) v = dist(engine);
  return values;
}

NDRange range1D(uint64_t global, std::optional<uint64_t> local) {
  NDRange range;
  range.dims = 1;
  range.global = {global, 1, 1};
  if (local) range.local = std::array<uint64_t, 3>{*local, 1, 1};
  return range;
}

class KernelTest : public testing::TestWithParam<Config> {
protected:
  /// Loads examples/<name>/<name>.cl as compiled at this configuration's level and
  /// validates it for spvsim's own device; nullopt (and a test failure) if it is not valid.
  std::optional<ValidatedModule> load(const std::string &name) {
    std::string path =
        std::string(SPVSIM_KERNEL_DIR) + "/" + name + "." + GetParam().level + ".spv";
    ValidationResult result = validate(loadFile(path), DeviceDescription::spvsim());
    if (!result.ok()) {
      std::string text;
      for (const Finding &f : result.findings) text += formatText(f);
      ADD_FAILURE() << path << " failed validation:\n" << text;
    }
    return result.module;
  }

  BufferId buffer(const std::vector<float> &data, const std::string &name,
                  BufferAccess access = BufferAccess::ReadWrite) {
    BufferId id = memory_.create(data.size() * sizeof(float), name, access);
    std::memcpy(memory_.bytes(id).data(), data.data(), data.size() * sizeof(float));
    return id;
  }

  BufferId output(size_t count, const std::string &name) {
    return memory_.create(count * sizeof(float), name, BufferAccess::WriteOnly);
  }

  std::vector<float> read(BufferId id) const {
    std::span<const std::byte> bytes = memory_.bytes(id);
    std::vector<float> values(bytes.size() / sizeof(float));
    std::memcpy(values.data(), bytes.data(), values.size() * sizeof(float));
    return values;
  }

  /// Launches the kernel and expects a clean run: no findings of any severity.
  void run(const ValidatedModule &module, const std::string &kernel, const NDRange &range,
           const std::vector<ArgBinding> &args) {
    FindingSink sink;
    ExecOptions options;
    options.warpWidth = GetParam().warpWidth;
    options.threads = GetParam().threads;
    LaunchStats stats = launchKernel(module, kernel, range, args, {}, memory_, sink, options);
    std::string text;
    for (const Finding &f : sink.findings()) text += formatText(f);
    EXPECT_TRUE(sink.findings().empty()) << text;
    uint64_t items = range.global[0] * range.global[1] * range.global[2];
    const std::array<uint64_t, 3> &local = stats.localSize;
    EXPECT_EQ(stats.workItems, items);
    EXPECT_EQ(stats.workGroups * local[0] * local[1] * local[2], items);
    if (range.local) {
      EXPECT_EQ(local, *range.local);
    }
  }

  GlobalMemory memory_;
};

// c[i] = a[i] + b[i]: one IEEE addition, so the result is exact.
TEST_P(KernelTest, Vecadd) {
  std::optional<ValidatedModule> module = load("vecadd");
  ASSERT_TRUE(module.has_value());
  const uint32_t n = 10000;
  std::vector<float> a = randomFloats(n, 1, -100.0f, 100.0f);
  std::vector<float> b = randomFloats(n, 2, -1.0f, 1.0f);
  BufferId bufA = buffer(a, "a", BufferAccess::ReadOnly);
  BufferId bufB = buffer(b, "b", BufferAccess::ReadOnly);
  BufferId bufC = output(n, "c");

  // 10240 work-items in groups of 128; the last 240 fail the i < n guard.
  run(*module, "vecadd", range1D(10240, 128),
      {ArgBinding::ofBuffer(bufA), ArgBinding::ofBuffer(bufB), ArgBinding::ofBuffer(bufC),
       valueArg(n)});

  std::vector<float> c = read(bufC);
  ASSERT_EQ(c.size(), n);
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << "c[" << i << "]";
}

// y[i] = a * x[i] + y[i] compiles to OpExtInst mad, which may round once (fused) or
// twice, so compare with the exact value within 1e-6 of the terms' magnitudes.
TEST_P(KernelTest, Saxpy) {
  std::optional<ValidatedModule> module = load("saxpy");
  ASSERT_TRUE(module.has_value());
  const uint32_t n = 5000;
  const float a = 1.75f;
  std::vector<float> x = randomFloats(n, 3, -1.0f, 1.0f);
  std::vector<float> y = randomFloats(n, 4, -1.0f, 1.0f);
  BufferId bufX = buffer(x, "x", BufferAccess::ReadOnly);
  BufferId bufY = buffer(y, "y");

  // No local size: spvsim chooses one that divides 5120.
  run(*module, "saxpy", range1D(5120, std::nullopt),
      {valueArg(a), ArgBinding::ofBuffer(bufX), ArgBinding::ofBuffer(bufY), valueArg(n)});

  std::vector<float> result = read(bufY);
  ASSERT_EQ(result.size(), n);
  for (uint32_t i = 0; i < n; ++i) {
    double exact = double(a) * x[i] + y[i];
    double scale = std::fabs(double(a) * x[i]) + std::fabs(y[i]);
    ASSERT_LE(std::fabs(result[i] - exact), 1e-6 * scale) << "y[" << i << "]";
  }
}

// Each work-group sums its slice of `in` by halving: scratch[l] += scratch[l + s]
// for s = size/2, size/4, ... 1. The host does the same additions in the same order,
// so every partial sum must match exactly.
TEST_P(KernelTest, Reduce) {
  std::optional<ValidatedModule> module = load("reduce");
  ASSERT_TRUE(module.has_value());
  struct Case {
    uint32_t n;
    uint64_t local;
    uint64_t global;
  };
  // n below the global size; groups smaller than, equal to and wider than a warp.
  for (Case c : {Case{3000, 64, 3072}, Case{1000, 16, 1024}, Case{4000, 256, 4096}}) {
    SCOPED_TRACE("n " + std::to_string(c.n) + ", local size " + std::to_string(c.local));
    const uint64_t groups = c.global / c.local;
    std::vector<float> in = randomFloats(c.n, c.n, 0.0f, 1.0f);
    BufferId bufIn = buffer(in, "in", BufferAccess::ReadOnly);
    BufferId bufOut = output(groups, "out");

    run(*module, "reduce", range1D(c.global, c.local),
        {ArgBinding::ofBuffer(bufIn), ArgBinding::ofBuffer(bufOut),
         ArgBinding::ofLocal(c.local * sizeof(float)), valueArg(c.n)});

    std::vector<float> out = read(bufOut);
    ASSERT_EQ(out.size(), groups);
    for (uint64_t g = 0; g < groups; ++g) {
      std::vector<float> scratch(c.local);
      for (uint64_t l = 0; l < c.local; ++l) {
        uint64_t i = g * c.local + l;
        scratch[l] = i < c.n ? in[i] : 0.0f;
      }
      for (uint64_t s = c.local / 2; s > 0; s /= 2)
        for (uint64_t l = 0; l < s; ++l) scratch[l] += scratch[l + s];
      EXPECT_EQ(out[g], scratch[0]) << "out[" << g << "]";
    }
    memory_.release(bufIn);
    memory_.release(bufOut);
  }
}

// C = A·B with sum += A[row][k] * B[k][col], i.e. OpExtInst mad per step, fused or
// not: each element must be within 1e-5 of the sum of its products' magnitudes.
TEST_P(KernelTest, Matmul) {
  std::optional<ValidatedModule> module = load("matmul");
  ASSERT_TRUE(module.has_value());
  struct Case {
    uint32_t m, n, k;
    uint64_t globalCols, globalRows;
  };
  // Global size (N, M) in groups of (8, 4): one that fits C exactly, one with spare
  // work-items that the kernel's row/column guard must keep idle.
  for (Case c : {Case{28, 40, 19, 40, 28}, Case{30, 37, 50, 40, 32}}) {
    SCOPED_TRACE(std::to_string(c.m) + "x" + std::to_string(c.k) + " * " + std::to_string(c.k) +
                 "x" + std::to_string(c.n));
    std::vector<float> a = randomFloats(size_t(c.m) * c.k, 5, -1.0f, 1.0f);
    std::vector<float> b = randomFloats(size_t(c.k) * c.n, 6, -1.0f, 1.0f);
    BufferId bufA = buffer(a, "A", BufferAccess::ReadOnly);
    BufferId bufB = buffer(b, "B", BufferAccess::ReadOnly);
    BufferId bufC = output(size_t(c.m) * c.n, "C");

    NDRange range;
    range.dims = 2;
    range.global = {c.globalCols, c.globalRows, 1};
    range.local = std::array<uint64_t, 3>{8, 4, 1};
    run(*module, "matmul", range,
        {ArgBinding::ofBuffer(bufA), ArgBinding::ofBuffer(bufB), ArgBinding::ofBuffer(bufC),
         valueArg(c.m), valueArg(c.n), valueArg(c.k)});

    std::vector<float> result = read(bufC);
    ASSERT_EQ(result.size(), size_t(c.m) * c.n);
    for (uint32_t row = 0; row < c.m; ++row) {
      for (uint32_t col = 0; col < c.n; ++col) {
        double exact = 0, scale = 0;
        for (uint32_t k = 0; k < c.k; ++k) {
          double p = double(a[row * c.k + k]) * b[k * c.n + col];
          exact += p;
          scale += std::fabs(p);
        }
        ASSERT_LE(std::fabs(result[row * c.n + col] - exact), 1e-5 * scale)
            << "C[" << row << "][" << col << "]";
      }
    }
    memory_.release(bufA);
    memory_.release(bufB);
    memory_.release(bufC);
  }
}

// blur: the 3×3 Gaussian [1 2 1]ᵀ·[1 2 1] / 16 of a random CL_RGBA/CL_UNORM_INT8 image with
// clamp to edge, from four bilinear reads (examples/README.md). The host reference is the
// Gaussian itself in double; OpenCL SPIR-V Env §7.3 lets linear filtering be inexact, and
// spvsim's float arithmetic stays within 2e-6 of it. 37 × 23 is no multiple of a group.
TEST_P(KernelTest, Blur) {
  std::optional<ValidatedModule> module = load("blur");
  ASSERT_TRUE(module.has_value());
  const uint64_t w = 37, h = 23;
  std::mt19937 engine(5);
  std::vector<uint8_t> texels(w * h * 4);
  for (uint8_t &t : texels) t = static_cast<uint8_t>(engine() & 0xff);
  ImageDescription src;
  src.format = {channel_order::RGBA, channel_type::UnormInt8};
  src.width = w;
  src.height = h;
  src.buffer = memory_.create(texels.size(), "src", BufferAccess::ReadOnly);
  std::memcpy(memory_.bytes(src.buffer).data(), texels.data(), texels.size());
  ImageDescription dst = src;
  dst.format = {channel_order::RGBA, channel_type::Float};
  dst.buffer = output(w * h * 4, "dst");
  NDRange range;
  range.dims = 2;
  range.global = {w, h, 1};
  run(*module, "blur", range, {ArgBinding::ofImage(src), ArgBinding::ofImage(dst)});

  const std::vector<float> got = read(dst.buffer);
  auto texel = [&](int64_t x, int64_t y, int c) {
    x = std::clamp<int64_t>(x, 0, w - 1);
    y = std::clamp<int64_t>(y, 0, h - 1);
    return texels[(y * w + x) * 4 + c] / 255.0;
  };
  const int weight[3] = {1, 2, 1};
  for (int64_t y = 0; y < int64_t(h); ++y)
    for (int64_t x = 0; x < int64_t(w); ++x)
      for (int c = 0; c < 4; ++c) {
        double want = 0;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx)
            want += weight[dx + 1] * weight[dy + 1] * texel(x + dx, y + dy, c) / 16;
        ASSERT_NEAR(got[(y * w + x) * 4 + c], want, 2e-6)
            << "texel (" << x << ", " << y << ") channel " << c;
      }
}

// Every build (tests/CMakeLists.txt: O0 to O3, and -g at O0 and O2) at warp widths
// 1 and 32 on one and two threads.
std::vector<Config> allConfigs() {
  std::vector<Config> configs;
  for (const char *build : {"O0", "O1", "O2", "O3", "O0g", "O2g"})
    for (uint32_t width : {1u, 32u})
      for (uint32_t threads : {1u, 2u}) configs.push_back({build, width, threads});
  return configs;
}

INSTANTIATE_TEST_SUITE_P(Examples, KernelTest, testing::ValuesIn(allConfigs()));

} // namespace
} // namespace spvsim
