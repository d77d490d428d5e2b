// OutputFile: a file is written whole or not at all — the target keeps its old
// contents until commit(), and nothing is left behind when the write is abandoned.
#include "spvsim/runfile/output_file.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "spvsim/common/error.h"

namespace spvsim::runfile {
namespace {

class OutputFileTest : public ::testing::Test {
protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() /
              ("spvsim-output-file-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder_);
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  std::string read(const std::filesystem::path &file) const {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  /// Files in the folder (temporary ones included).
  size_t files() const {
    size_t n = 0;
    for ([[maybe_unused]] const auto &entry : std::filesystem::directory_iterator(folder_)) ++n;
    return n;
  }

  std::filesystem::path folder_;
};

TEST_F(OutputFileTest, TheTargetChangesOnlyOnCommit) {
  const auto target = folder_ / "out.bin";
  writeWholeFile(target, "out.bin", "old");
  {
    OutputFile file(target, "out.bin");
    file.stream() << "new contents";
    EXPECT_EQ(read(target), "old"); // not yet
    file.commit();
  }
  EXPECT_EQ(read(target), "new contents");
  EXPECT_EQ(files(), 1u); // no temporary file left
}

TEST_F(OutputFileTest, AnAbandonedWriteLeavesTheTargetAsItWas) {
  const auto target = folder_ / "out.bin";
  writeWholeFile(target, "out.bin", "old");
  try {
    OutputFile file(target, "out.bin");
    file.stream() << "half of it";
    throw Interrupted("writing");
  } catch (const Interrupted &) {
  }
  EXPECT_EQ(read(target), "old");
  EXPECT_EQ(files(), 1u);
  // Never created when the first write is abandoned.
  { OutputFile file(folder_ / "never.bin", "never.bin"); }
  EXPECT_FALSE(std::filesystem::exists(folder_ / "never.bin"));
  EXPECT_EQ(files(), 1u);
}

TEST_F(OutputFileTest, AReservedSizeHoldsExactlyWhatWasWritten) {
  const auto target = folder_ / "out.bin";
  std::string data(3 << 20, '\0');
  for (size_t i = 0; i < data.size(); ++i) data[i] = char(i * 131 + (i >> 12));
  {
    OutputFile file(target, "out.bin", data.size());
    file.stream().write(data.data(), std::streamsize(data.size()));
    file.commit();
  }
  EXPECT_EQ(read(target), data);
  // Fewer bytes than reserved: the file ends where the writing did.
  {
    OutputFile file(target, "out.bin", 4096);
    file.stream() << "short";
    file.commit();
  }
  EXPECT_EQ(read(target), "short");
  // An abandoned reservation leaves nothing behind.
  { OutputFile file(folder_ / "never.bin", "never.bin", 1 << 20); }
  EXPECT_FALSE(std::filesystem::exists(folder_ / "never.bin"));
  EXPECT_EQ(files(), 1u);
}

TEST_F(OutputFileTest, ASizeTheFileSystemCannotHoldFailsBeforeWriting) {
  // Only where the file system allocates up front (fallocate(2)); others write as before.
  const auto probe = folder_ / "probe";
  const int fd = ::open(probe.c_str(), O_RDWR | O_CREAT, 0600);
  ASSERT_GE(fd, 0);
  const bool allocates = ::fallocate(fd, 0, 0, 1) == 0 || errno != EOPNOTSUPP;
  ::close(fd);
  std::filesystem::remove(probe);
  if (!allocates) GTEST_SKIP() << "the file system has no fallocate";
  const auto target = folder_ / "huge.bin";
  writeWholeFile(target, "huge.bin", "old");
  try {
    OutputFile file(target, "huge.bin", uint64_t(1) << 62); // beyond any disk and file size
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()).rfind("cannot write 'huge.bin': ", 0), 0u) << e.what();
  }
  EXPECT_EQ(read(target), "old");
  EXPECT_EQ(files(), 1u);
}

TEST_F(OutputFileTest, FailuresNameTheFileAndChangeNothing) {
  try {
    writeWholeFile(folder_ / "no" / "such" / "dir.bin", "no/such/dir.bin", "x");
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()).rfind("cannot write 'no/such/dir.bin'", 0), 0u) << e.what();
  }
  // A folder in the way: the rename fails and the temporary file goes.
  std::filesystem::create_directories(folder_ / "a-folder");
  EXPECT_THROW(writeWholeFile(folder_ / "a-folder", "a-folder", "x"), Error);
  EXPECT_TRUE(std::filesystem::is_directory(folder_ / "a-folder"));
  EXPECT_EQ(files(), 1u);
}

TEST_F(OutputFileTest, ASymbolicLinkIsWrittenThrough) {
  const auto real = folder_ / "real.bin";
  writeWholeFile(real, "real.bin", "old");
  std::filesystem::create_symlink(real, folder_ / "link.bin");
  writeWholeFile(folder_ / "link.bin", "link.bin", "new");
  EXPECT_TRUE(std::filesystem::is_symlink(folder_ / "link.bin"));
  EXPECT_EQ(read(real), "new");
}

TEST_F(OutputFileTest, KeepsTheModeOfTheFileItReplaces) {
  const auto target = folder_ / "out.bin";
  writeWholeFile(target, "out.bin", "old");
  std::filesystem::permissions(target, std::filesystem::perms(0640));
  writeWholeFile(target, "out.bin", "new");
  EXPECT_EQ(std::filesystem::status(target).permissions(), std::filesystem::perms(0640));
}

} // namespace
} // namespace spvsim::runfile
