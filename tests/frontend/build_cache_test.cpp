// The build cache (frontend/build_cache.h): hits, misses on any change of the input
// or of an included file, corrupt entries, the size bound, the environment.
#include "spvsim/frontend/build_cache.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <thread>
#include <unistd.h>

namespace spvsim::frontend {
namespace {

namespace fs = std::filesystem;

class BuildCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() /
              ("spvsim-cache-test-" + std::to_string(getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }

  std::vector<fs::path> entries() const {
    std::vector<fs::path> found;
    if (fs::exists(folder_))
      for (const auto &e : fs::directory_iterator(folder_)) found.push_back(e.path());
    return found;
  }

  static CompileResult fakeResult(uint32_t marker, size_t words = 8) {
    CompileResult r;
    r.ok = true;
    r.spirv.assign(words, marker);
    r.log = "log " + std::to_string(marker);
    return r;
  }

  fs::path folder_;
};

CompileInput kernel(const std::string &body = "a[0] = 1;") {
  CompileInput input;
  input.source = "__kernel void k(__global int *a) { " + body + " }";
  return input;
}

TEST_F(BuildCacheTest, StoresAndFinds) {
  BuildCache cache(folder_, 1 << 20);
  const CompileInput input = kernel();
  EXPECT_FALSE(cache.find(input, DeviceFacts{}));
  cache.store(input, DeviceFacts{}, fakeResult(7));
  std::optional<CompileResult> hit = cache.find(input, DeviceFacts{});
  ASSERT_TRUE(hit);
  EXPECT_TRUE(hit->ok);
  EXPECT_EQ(hit->spirv, fakeResult(7).spirv);
  EXPECT_EQ(hit->log, "log 7");
  // Written whole and renamed: no temporary file stays.
  ASSERT_EQ(entries().size(), 1u);
  EXPECT_EQ(entries()[0].extension(), ".spv");
}

TEST_F(BuildCacheTest, EveryInputIsPartOfTheKey) {
  BuildCache cache(folder_, 1 << 20);
  const CompileInput input = kernel();
  cache.store(input, DeviceFacts{}, fakeResult(1));
  std::vector<CompileInput> changed(10, input);
  changed[0].source += " ";
  changed[1].options = {"-DX"};
  changed[2].clStd = "CL3.0";
  changed[3].optimize = false;
  changed[4].debugInfo = true;
  changed[5].headers = {{"h.h", ""}};
  changed[6].lastIncludeFolders = {"/tmp"};
  changed[7].options = {"-D", "X"};
  changed[8].maxSpirvVersion = 0x00010000;
  changed[9].sourceName = "/home/user/k.cl";
  for (const CompileInput &c : changed) EXPECT_FALSE(cache.find(c, DeviceFacts{}));
  // The current folder (locations below it are relative to it).
  const fs::path here = fs::current_path();
  fs::current_path(folder_);
  EXPECT_FALSE(cache.find(input, DeviceFacts{}));
  fs::current_path(here);
  DeviceFacts device;
  device.addressBits = 32;
  EXPECT_FALSE(cache.find(input, device));
  device = {};
  device.prelude = "#define A\n";
  EXPECT_FALSE(cache.find(input, device));
  device = {};
  device.extensionOptions = {"-Xclang", "-cl-ext=-all"};
  EXPECT_FALSE(cache.find(input, device));
  EXPECT_TRUE(cache.find(input, DeviceFacts{}));
  // Failures are not cached.
  CompileResult failed;
  failed.log = "error";
  cache.store(changed[0], DeviceFacts{}, failed);
  EXPECT_FALSE(cache.find(changed[0], DeviceFacts{}));
}

TEST_F(BuildCacheTest, AChangedIncludedFileIsAMiss) {
  fs::create_directories(folder_ / "include");
  const fs::path header = folder_ / "include" / "value.h";
  std::ofstream(header) << "#define VALUE 1\n";
  BuildCache cache(folder_ / "cache", 1 << 20);
  CompileInput input = kernel("a[0] = VALUE;");
  input.source = "#include \"value.h\"\n" + input.source;
  input.options = {"-I", (folder_ / "include").string()};
  CompileResult first = compile(input, DeviceFacts{}, &cache);
  ASSERT_TRUE(first.ok) << first.log;
  bool listed = false;
  for (const auto &[path, content] : first.includedFiles) listed |= path == header.string();
  EXPECT_TRUE(listed);
  EXPECT_TRUE(cache.find(input, DeviceFacts{}));
  std::ofstream(header) << "#define VALUE 2\n";
  EXPECT_FALSE(cache.find(input, DeviceFacts{}));
  CompileResult second = compile(input, DeviceFacts{}, &cache);
  ASSERT_TRUE(second.ok) << second.log;
  EXPECT_NE(first.spirv, second.spirv);
  EXPECT_TRUE(cache.find(input, DeviceFacts{}));
  fs::remove(header);
  EXPECT_FALSE(cache.find(input, DeviceFacts{}));
}

TEST_F(BuildCacheTest, CorruptEntriesAreIgnored) {
  BuildCache cache(folder_, 1 << 20);
  const CompileInput input = kernel();
  cache.store(input, DeviceFacts{}, fakeResult(3));
  ASSERT_EQ(entries().size(), 1u);
  const fs::path entry = entries()[0];
  const auto size = fs::file_size(entry);
  for (uintmax_t cut : {uintmax_t{0}, uintmax_t{5}, uintmax_t{40}, size - 2}) {
    cache.store(input, DeviceFacts{}, fakeResult(3));
    fs::resize_file(entry, cut);
    EXPECT_FALSE(cache.find(input, DeviceFacts{})) << "cut at " << cut;
  }
  std::ofstream(entry, std::ios::binary) << std::string(200, '\xff');
  EXPECT_FALSE(cache.find(input, DeviceFacts{}));
  // A new store replaces it.
  cache.store(input, DeviceFacts{}, fakeResult(4));
  ASSERT_TRUE(cache.find(input, DeviceFacts{}));
  EXPECT_EQ(cache.find(input, DeviceFacts{})->spirv, fakeResult(4).spirv);
}

TEST_F(BuildCacheTest, SizeBoundEvictsTheLeastRecentlyUsed) {
  // Each entry is a little over 4 KiB; the bound holds three.
  BuildCache cache(folder_, 3 * 4096 + 3 * 1024);
  std::vector<CompileInput> inputs;
  for (int i = 0; i < 5; ++i) inputs.push_back(kernel("a[0] = " + std::to_string(i) + ";"));
  for (int i = 0; i < 3; ++i) {
    cache.store(inputs[i], DeviceFacts{}, fakeResult(i, 1024));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(entries().size(), 3u);
  ASSERT_TRUE(cache.find(inputs[0], DeviceFacts{})); // now the most recently used
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  cache.store(inputs[3], DeviceFacts{}, fakeResult(3, 1024));
  EXPECT_EQ(entries().size(), 3u);
  EXPECT_TRUE(cache.find(inputs[0], DeviceFacts{}));
  EXPECT_FALSE(cache.find(inputs[1], DeviceFacts{})) << "the least recently used goes first";
  EXPECT_TRUE(cache.find(inputs[3], DeviceFacts{}));
  // An entry larger than the bound is not stored.
  cache.store(inputs[4], DeviceFacts{}, fakeResult(4, 8192));
  EXPECT_FALSE(cache.find(inputs[4], DeviceFacts{}));
}

TEST_F(BuildCacheTest, Environment) {
  const char *xdg = std::getenv("XDG_CACHE_HOME");
  const std::string savedXdg = xdg ? xdg : "";
  setenv("XDG_CACHE_HOME", folder_.c_str(), 1);
  unsetenv("SPVSIM_CACHE");
  std::optional<BuildCache> cache = BuildCache::fromEnvironment();
  ASSERT_TRUE(cache);
  EXPECT_EQ(cache->folder(), folder_ / "spvsim");
  EXPECT_EQ(cache->maxBytes(), uint64_t{256} << 20);
  const std::pair<const char *, uint64_t> sizes[] = {
      {"1000", 1000},   {"3k", 3000},      {"2M", 2000000},   {"1G", 1000000000},
      {"4KiB", 4096},   {"2MiB", 2 << 20}, {"1GiB", 1 << 30}, {"12 parsecs", 256 << 20},
      {"-1", 256 << 20}};
  for (const auto &[text, bytes] : sizes) {
    setenv("SPVSIM_CACHE_SIZE", text, 1);
    EXPECT_EQ(BuildCache::fromEnvironment()->maxBytes(), bytes) << text;
  }
  unsetenv("SPVSIM_CACHE_SIZE");
  setenv("SPVSIM_CACHE", "off", 1);
  EXPECT_FALSE(BuildCache::fromEnvironment());
  unsetenv("SPVSIM_CACHE");
  if (xdg)
    setenv("XDG_CACHE_HOME", savedXdg.c_str(), 1);
  else
    unsetenv("XDG_CACHE_HOME");
}

TEST_F(BuildCacheTest, CompileThroughTheCache) {
  BuildCache cache(folder_, 1 << 20);
  const CompileInput input = kernel();
  CompileResult first = compile(input, DeviceFacts{}, &cache);
  ASSERT_TRUE(first.ok) << first.log;
  const auto start = std::chrono::steady_clock::now();
  CompileResult cached = compile(input, DeviceFacts{}, &cache);
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(cached.spirv, first.spirv);
  EXPECT_EQ(cached.log, first.log);
  EXPECT_LT(took, std::chrono::milliseconds(100)) << "a cached build reads one file";
  // A failed compile gives its log and leaves no entry.
  CompileResult failed = compile(kernel("a[0] = nothing;"), DeviceFacts{}, &cache);
  EXPECT_FALSE(failed.ok);
  EXPECT_EQ(entries().size(), 1u);
}

} // namespace
} // namespace spvsim::frontend
