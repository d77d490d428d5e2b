// OutputFile: temporary file plus rename (see output_file.h).
#include "spvsim/runfile/output_file.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "spvsim/common/error.h"

namespace spvsim::runfile {

namespace {

/// The mode the target has, or would get from open(2) with 0666 under the umask.
mode_t targetMode(const std::filesystem::path &target) {
  struct stat st;
  if (::stat(target.c_str(), &st) == 0) return st.st_mode & 07777;
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

} // namespace

OutputFile::OutputFile(const std::filesystem::path &target, std::string spelling, uint64_t size)
    : spelling_(std::move(spelling)), reserved_(size) {
  std::error_code ec;
  target_ = std::filesystem::is_symlink(target, ec) ? std::filesystem::weakly_canonical(target, ec)
                                                    : target;
  if (ec) target_ = target;
  std::filesystem::path folder = target_.parent_path();
  std::string pattern = (folder.empty() ? std::filesystem::path(".") : folder) /
                        ("." + target_.filename().string() + ".spvsim-XXXXXX");
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  const int fd = ::mkstemp(name.data());
  if (fd < 0) throw Error("cannot write '" + spelling_ + "': " + std::strerror(errno));
  ::fchmod(fd, targetMode(target_));
  temporary_ = name.data();
  // File systems without fallocate (EOPNOTSUPP) are written as before.
  if (size > 0 && size <= uint64_t(INT64_MAX) && ::fallocate(fd, 0, 0, off_t(size)) != 0 &&
      (errno == ENOSPC || errno == EFBIG || errno == EDQUOT)) {
    const int error = errno;
    ::close(fd);
    std::error_code ec;
    std::filesystem::remove(temporary_, ec);
    throw Error("cannot write '" + spelling_ + "': " + std::strerror(error));
  }
  ::close(fd);
  // Opened without truncation: the file is new, and truncating would free what fallocate
  // allocated.
  out_.open(temporary_, std::ios::binary | std::ios::in | std::ios::out);
  if (!out_) {
    std::filesystem::remove(temporary_, ec);
    throw Error("cannot write '" + spelling_ + "'");
  }
}

OutputFile::~OutputFile() {
  if (committed_) return;
  out_.close();
  std::error_code ec;
  std::filesystem::remove(temporary_, ec);
}

void OutputFile::commit() {
  out_.flush();
  const std::streamoff written = out_.tellp();
  out_.close();
  if (!out_ || written < 0) throw Error("cannot write '" + spelling_ + "'");
  // Fewer bytes than were reserved: the file ends where the writing did.
  if (uint64_t(written) != reserved_ && reserved_ > 0) {
    std::error_code ec;
    std::filesystem::resize_file(temporary_, uint64_t(written), ec);
    if (ec) throw Error("cannot write '" + spelling_ + "': " + ec.message());
  }
  if (std::rename(temporary_.c_str(), target_.c_str()) != 0)
    throw Error("cannot write '" + spelling_ + "': " + std::strerror(errno));
  committed_ = true;
}

void writeWholeFile(const std::filesystem::path &target, const std::string &spelling,
                    std::string_view text) {
  OutputFile file(target, spelling, text.size());
  file.stream().write(text.data(), static_cast<std::streamsize>(text.size()));
  file.commit();
}

} // namespace spvsim::runfile
