// OutputFile: a file written whole or not at all. The bytes go to a temporary
// file beside the target, which replaces the target only when commit() finds
// everything written (rename(2) is atomic within a file system). Destroyed
// without commit — an error, an interruption — it removes the temporary file
// and leaves the target as it was.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

namespace spvsim::runfile {

class OutputFile {
public:
  /// Creates the temporary file; `spelling` names the target in messages. A target that
  /// is a symbolic link is written through it. Throws spvsim::Error when it cannot.
  OutputFile(const std::filesystem::path &target, std::string spelling);
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
  std::ofstream out_;
  bool committed_ = false;
};

/// Writes `text` to `target` through an OutputFile.
void writeWholeFile(const std::filesystem::path &target, const std::string &spelling,
                    std::string_view text);

} // namespace spvsim::runfile
