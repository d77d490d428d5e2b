// Capture (SPVSIM_CAPTURE=DIR, `spvsim exec --capture DIR`): every launch is
// written as a run file — DIR/NNNN-kernel/run.json with module.spv, one
// <buffer>.bin per buffer argument as it was when the launch started, and
// <buffer>.expected.bin as the launch left it — so that it replays alone with
// `spvsim run` (which writes <buffer>.out.bin to compare). The run file is
// written with runfile::writeRunFile, the code `spvsim run` reads it with.
// Image arguments are captured as run-file images (docs/images.md) whose
// contents are <image>.bin, their raw bytes with their pitches, with <image>.out.bin
// and <image>.expected.bin as for buffers; sampler arguments as run-file samplers.
// Not captured: program-scope variables (they start from their initializers),
// pointers stored inside buffers (they name this process's buffers). An image made from
// a buffer is captured as a view of that buffer (the run-file image's "buffer"), the
// buffer captured beside the kernel's buffer arguments, so that the replay aliases their
// bytes as the launch did; only an image over a buffer's later bytes (a sub-buffer at an
// origin) or over another image's own bytes is captured as an image of its own.
#pragma once

#include <atomic>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "spvsim/interpreter/global_memory.h"

namespace spvsim::runtime {

struct LaunchCommand;

/// A launch being captured: its folder and the buffers written for it.
struct CapturedLaunch {
  std::filesystem::path directory;
  struct Buffer {
    std::string name;
    BufferId root = 0;    ///< the buffer (a sub-buffer's parent) in the context's memory
    bool written = false; ///< the kernel may write it (an .expected.bin is kept)
    uint64_t size = 0;    ///< an image's bytes (its first bytes); 0: the whole buffer
  };
  std::vector<Buffer> buffers;
};

class Capture {
public:
  /// The process's capture, or null when SPVSIM_CAPTURE is not set.
  static Capture *get();
  explicit Capture(std::filesystem::path directory);

  /// Writes the run file, module and input buffers of a launch about to run; nullopt
  /// (with a message) when the folder cannot be written.
  std::optional<CapturedLaunch> begin(const LaunchCommand &launch);
  /// Writes the buffers as the launch left them.
  void end(const CapturedLaunch &captured, const LaunchCommand &launch);

private:
  std::filesystem::path directory_;
  std::atomic<uint64_t> next_{0};
};

} // namespace spvsim::runtime
