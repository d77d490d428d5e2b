// Debugger: the interactive kernel debugger behind `spvsim debug` (docs/debugging.md).
// The caller runs the launches (on a thread the debugger's `run` command starts) with
// ExecOptions::debugger set to watcher() and its FindingSink's observer calling
// findingReported(); the debugger reads commands and stops and inspects the launch.
#pragma once

#include <atomic>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>

#include "spvsim/common/finding.h"
#include "spvsim/validator/module.h"

namespace spvsim {

class DebugWatcher;

namespace debugger {

class DebugSession;

/// A run file's buffer as `print NAME` shows it: an array of this element type.
struct BufferType {
  enum class Scalar : uint8_t { Int, UInt, Float } scalar = Scalar::Int;
  uint32_t componentBytes = 4;
  uint32_t components = 1;
  std::string name; ///< "float4"
};

/// What the prompt needs from the program that runs the launches.
struct LaunchControl {
  std::function<void()> start; ///< `run`: start running the launches on another thread
  std::function<void()> stop;  ///< quit while running: make the launch stop soon
  std::function<void()> join;  ///< wait for the launches' thread (after finished())
  /// Replay (last-write): runs the stopped launch again on the calling thread from the
  /// inputs it started with, watched by `watcher`, until `cancel` is set or it ends; then
  /// puts the memory back as the stopped launch left it.
  std::function<void(DebugWatcher &watcher, const std::atomic<bool> &cancel)> replay;
  /// Reverse execution: the stopped launch is to end soon (once the prompt resumes it)
  /// and run again from the inputs it started with, as if it had not run; its findings
  /// and printf output so far are not repeated.
  std::function<void()> restart;
};

class Debugger {
public:
  Debugger(const Module &module, std::map<std::string, BufferType> buffers);
  ~Debugger();
  Debugger(const Debugger &) = delete;
  Debugger &operator=(const Debugger &) = delete;

  /// For ExecOptions::debugger.
  DebugWatcher *watcher();
  /// A FindingSink observer: each new finding stops at its work-item (break on-finding).
  void findingReported(const Finding &f);
  /// The launches' thread has run them all (or failed).
  void finished();
  /// The text of source file `file` as the module names it, for the prompt's lines and
  /// `list` (a host program's OpenCL C, which the module calls "input.cl", is no file).
  void setSourceText(const std::string &file, std::string text) {
    sourceTexts_[file] = std::move(text);
  }
  /// The texts setSourceText gave, by file name.
  const std::map<std::string, std::string> &sourceTexts() const { return sourceTexts_; }
  /// Reads and runs commands from `in` (libedit when `terminal`), printing to `out`,
  /// until quit or the end of the input.
  int commandLoop(std::istream &in, std::ostream &out, bool terminal, LaunchControl control);
  /// The prompt of one launch of a host program (`spvsim exec --debug`): the launch is
  /// started at once and stops at the first line of `kernel`; the prompt returns when the
  /// launch has run (`continue`) or on quit (the launch is stopped).
  int launchPrompt(std::istream &in, std::ostream &out, bool terminal, LaunchControl control,
                   const std::string &kernel);

  /// The session and the run file's buffer types (for front ends inside the debugger
  /// library, such as the Debug Adapter Protocol server).
  DebugSession &session() { return *session_; }
  const std::map<std::string, BufferType> &buffers() const { return buffers_; }

private:
  std::unique_ptr<DebugSession> session_;
  std::map<std::string, BufferType> buffers_;
  std::map<std::string, std::string> sourceTexts_;
};

} // namespace debugger
} // namespace spvsim
