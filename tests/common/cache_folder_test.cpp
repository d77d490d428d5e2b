// Cache folders (spvsim/common/cache_folder.h): eviction after a write scans the
// folder when this process's writes may have taken it over its bound, or after a
// sixteenth of the bound was written since the last scan, not at every write; an
// eviction leaves room below the bound.
#include "spvsim/common/cache_folder.h"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

namespace spvsim::cache {
namespace {

class CacheFolderTest : public ::testing::Test {
protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() /
              ("spvsim_cache_folder_" + std::to_string(getpid()) + "_" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(folder_);
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  /// An entry used a second after the previous one (eviction goes by that time).
  void write(const std::string &name, size_t bytes) {
    ASSERT_TRUE(writeEntry(folder_, name, std::string(bytes, 'x')));
    static const auto start = std::filesystem::file_time_type::clock::now();
    std::filesystem::last_write_time(folder_ / name, start + std::chrono::seconds(++written_));
  }
  size_t entries() const {
    size_t n = 0;
    for ([[maybe_unused]] const auto &item : std::filesystem::directory_iterator(folder_)) ++n;
    return n;
  }

  std::filesystem::path folder_;
  int written_ = 0;
};

TEST_F(CacheFolderTest, EvictionScansOnlyWhenItMayBeDue) {
  const uint64_t bound = 16000; // a scan at least every 1000 bytes written
  write("a.e", 4000);
  evictAfterWrite(folder_, ".e", bound, 4000); // the first write scans: 4000 bytes
  // Another process's entry takes the folder over the bound; this process's small
  // writes do not look until they add up to a sixteenth of it.
  write("other.e", 13000);
  write("b.e", 400);
  evictAfterWrite(folder_, ".e", bound, 400);
  EXPECT_EQ(entries(), 3u) << "no scan after 400 of 1000 bytes";
  write("c.e", 700);
  evictAfterWrite(folder_, ".e", bound, 700);
  // 18100 bytes: the oldest go until at most 14000 are left, a.e and other.e.
  EXPECT_EQ(entries(), 2u) << "the oldest entries go at the scan";
  EXPECT_FALSE(std::filesystem::exists(folder_ / "a.e"));
  EXPECT_FALSE(std::filesystem::exists(folder_ / "other.e"));
}

// A folder over its bound is taken down to seven eighths of it, so that the next writes
// do not find it over the bound again at once (each then scanned the whole folder).
TEST_F(CacheFolderTest, EvictionLeavesRoomBelowTheBound) {
  for (int i = 0; i < 10; ++i) write("e" + std::to_string(i) + ".e", 1000);
  write("other.x", 5000); // not of the extension: neither counted nor removed
  EXPECT_EQ(evict(folder_, ".e", 10000), 10000u) << "at the bound: nothing goes";
  EXPECT_EQ(entries(), 11u);
  write("e10.e", 500);
  EXPECT_EQ(evict(folder_, ".e", 10000), 8500u); // at most 8750: the two oldest go
  EXPECT_EQ(entries(), 10u);
  for (int i = 0; i < 2; ++i)
    EXPECT_FALSE(std::filesystem::exists(folder_ / ("e" + std::to_string(i) + ".e")));
  EXPECT_TRUE(std::filesystem::exists(folder_ / "e2.e"));
  EXPECT_TRUE(std::filesystem::exists(folder_ / "other.x"));
}

TEST_F(CacheFolderTest, OwnWritesOverTheBoundEvictAtOnce) {
  const uint64_t bound = 1 << 20; // 1048576: a scan at least every 65536 bytes written
  write("other.e", 1040000);      // another process's
  write("a.e", 1000);
  evictAfterWrite(folder_, ".e", bound, 1000); // the first write scans: 1041000 bytes
  write("b.e", 10000);
  evictAfterWrite(folder_, ".e", bound, 10000); // 1051000 by the estimate: a scan
  EXPECT_FALSE(std::filesystem::exists(folder_ / "other.e")) << "the oldest goes";
  EXPECT_EQ(entries(), 2u);
}

} // namespace
} // namespace spvsim::cache
