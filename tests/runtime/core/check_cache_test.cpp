// The check cache: what a build found about a module comes back only for the same
// words, device and specialization constants; anything else, or a damaged entry,
// is a miss, and the folder stays under its size bound.
#include "core/check_cache.h"

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

namespace spvsim::runtime {
namespace {

class CheckCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() /
              ("spvsim-check-cache-test-" + std::to_string(getpid()));
    std::filesystem::remove_all(folder_);
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  static std::vector<KernelCheck> sample() {
    KernelCheck a;
    a.name = "copy";
    a.resources.localBytes = 256;
    a.resources.privateBytes = 48;
    a.resources.programVariables = {{"table", 4096, true}, {"counter", 4, false}};
    KernelCheck b;
    b.name = "deep";
    b.unsupported = "function calls nested deeper than 64";
    b.limit = LimitError::Limit::CallDepth;
    KernelCheck c;
    c.name = "pipes";
    c.unsupported = "instruction 'OpReadPipe'";
    c.unsupportedIsError = true;
    return {a, b, c};
  }
  static std::vector<uint32_t> words(uint32_t last = 7) {
    return {0x07230203, 0x00010000, 0, 12, 0, 0x00020011, last};
  }

  std::filesystem::path folder_;
};

TEST_F(CheckCacheTest, WhatWasStoredComesBack) {
  CheckCache cache(folder_, 1 << 20);
  const DeviceDescription device = DeviceDescription::spvsim();
  EXPECT_FALSE(cache.find(words(), device, {}));
  cache.store(words(), device, {}, sample());
  auto back = cache.find(words(), device, {});
  ASSERT_TRUE(back);
  ASSERT_EQ(back->size(), 3u);
  const auto want = sample();
  for (size_t k = 0; k < want.size(); ++k) {
    EXPECT_EQ((*back)[k].name, want[k].name);
    EXPECT_EQ((*back)[k].resources.localBytes, want[k].resources.localBytes);
    EXPECT_EQ((*back)[k].resources.privateBytes, want[k].resources.privateBytes);
    ASSERT_EQ((*back)[k].resources.programVariables.size(),
              want[k].resources.programVariables.size());
    for (size_t v = 0; v < want[k].resources.programVariables.size(); ++v) {
      EXPECT_EQ((*back)[k].resources.programVariables[v].name,
                want[k].resources.programVariables[v].name);
      EXPECT_EQ((*back)[k].resources.programVariables[v].size,
                want[k].resources.programVariables[v].size);
      EXPECT_EQ((*back)[k].resources.programVariables[v].constant,
                want[k].resources.programVariables[v].constant);
    }
    EXPECT_EQ((*back)[k].unsupported, want[k].unsupported);
    EXPECT_EQ((*back)[k].unsupportedIsError, want[k].unsupportedIsError);
    EXPECT_EQ((*back)[k].limit, want[k].limit);
  }
}

TEST_F(CheckCacheTest, AnotherModuleDeviceOrSpecializationMisses) {
  CheckCache cache(folder_, 1 << 20);
  const DeviceDescription device = DeviceDescription::spvsim();
  cache.store(words(), device, {{3, 10}}, sample());
  EXPECT_TRUE(cache.find(words(), device, {{3, 10}}));
  EXPECT_FALSE(cache.find(words(8), device, {{3, 10}}));
  EXPECT_FALSE(cache.find(words(), device, {{3, 11}}));
  EXPECT_FALSE(cache.find(words(), device, {}));
  DeviceDescription narrow = device;
  narrow.addressBits = 32;
  EXPECT_FALSE(cache.find(words(), narrow, {{3, 10}}));
  DeviceDescription fewer = device;
  fewer.extensions.erase("cl_khr_fp64");
  EXPECT_FALSE(cache.find(words(), fewer, {{3, 10}}));
  const auto older = DeviceDescription::fromTargetEnv("opencl1.2");
  ASSERT_TRUE(older);
  EXPECT_FALSE(cache.find(words(), *older, {{3, 10}}));
}

TEST_F(CheckCacheTest, DamagedEntriesAreMisses) {
  CheckCache cache(folder_, 1 << 20);
  const DeviceDescription device = DeviceDescription::spvsim();
  cache.store(words(), device, {}, sample());
  std::filesystem::path entry;
  for (const auto &item : std::filesystem::directory_iterator(folder_)) entry = item.path();
  ASSERT_EQ(entry.extension(), ".check");
  const auto size = std::filesystem::file_size(entry);
  std::filesystem::resize_file(entry, size - 5);
  EXPECT_FALSE(cache.find(words(), device, {}));
  std::ofstream(entry, std::ios::binary) << "spvsim-check-cache 1\ngarbage";
  EXPECT_FALSE(cache.find(words(), device, {}));
}

TEST_F(CheckCacheTest, TheFolderStaysUnderItsBound) {
  const DeviceDescription device = DeviceDescription::spvsim();
  CheckCache probe(folder_ / "probe", 1 << 20);
  probe.store(words(), device, {}, sample());
  uint64_t entryBytes = 0;
  for (const auto &item : std::filesystem::directory_iterator(folder_ / "probe"))
    entryBytes = item.file_size();
  ASSERT_GT(entryBytes, 0u);
  CheckCache cache(folder_ / "bounded", 3 * entryBytes + entryBytes / 2);
  for (uint32_t k = 0; k < 10; ++k) cache.store(words(100 + k), device, {}, sample());
  uint64_t total = 0, count = 0;
  for (const auto &item : std::filesystem::directory_iterator(folder_ / "bounded"))
    total += item.file_size(), ++count;
  EXPECT_LE(total, 3 * entryBytes + entryBytes / 2);
  EXPECT_EQ(count, 3u);
  EXPECT_TRUE(cache.find(words(109), device, {})) << "the newest entry stays";
}

} // namespace
} // namespace spvsim::runtime
