// External tools the runtime runs: spirv-link links SPIR-V modules (OpenCL C
// is compiled in the process, frontend/). Each runs in a private temporary
// folder; its output becomes the build log.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace spvsim::runtime {

/// Where the tools are: found on PATH, or named by SPVSIM_SPIRV_LINK (empty when missing).
struct Toolchain {
  std::string spirvLink;

  bool canLink() const { return !spirvLink.empty(); }
  static const Toolchain &get();
};

/// A fresh folder under $TMPDIR (or /tmp), removed with everything in it.
class TempDir {
public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
  const std::filesystem::path &path() const { return path_; }

private:
  std::filesystem::path path_;
};

/// What a tool run produced.
struct ToolRun {
  int status = -1;    ///< exit status; -1 when it could not be started or was killed
  std::string output; ///< standard output and standard error
};

/// Runs `argv` in folder `cwd` and waits for it.
ToolRun runTool(const std::vector<std::string> &argv, const std::filesystem::path &cwd);

/// Writes a file (creating its folder); false on failure.
bool writeFile(const std::filesystem::path &file, const void *data, size_t size);
/// Reads a whole file; false on failure.
bool readFile(const std::filesystem::path &file, std::vector<unsigned char> &out);

} // namespace spvsim::runtime
