// ProgressLine: the one line `spvsim run` shows on a terminal while a launch runs for
// longer than about a second — launch k of n, work-groups done of all, rate — redrawn
// a few times a second by a thread of its own from the launch's LaunchProgress
// counters (counted per batch of work-groups, nothing per instruction) and erased when
// the launch ends. Disabled, it shows nothing and the launches count nothing.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

#include "spvsim/interpreter/launch.h"

namespace spvsim::cli {

class ProgressLine {
public:
  /// `out` (a terminal) receives the line; null: disabled.
  explicit ProgressLine(std::FILE *out);
  ~ProgressLine();
  ProgressLine(const ProgressLine &) = delete;
  ProgressLine &operator=(const ProgressLine &) = delete;

  /// A launch starts: the counters it is to count into (ExecOptions::progress), or null
  /// when disabled. `what` names it: "launch 0 of 3 (kernel 'k')".
  LaunchProgress *begin(const std::string &what);
  /// The launch ended: the line, if shown, is erased.
  void end();
  /// Erases the line, if shown, before something else is written to the terminal; the
  /// next redraw shows it again.
  void erase();

  /// Seconds a launch runs before the line appears, and between redraws.
  static constexpr std::chrono::milliseconds kDelay{1000}, kPeriod{250};

private:
  void run(std::stop_token stop);
  void draw();        ///< with mutex_ held
  void eraseLocked(); ///< with mutex_ held

  std::FILE *out_;
  LaunchProgress counters_;
  std::mutex mutex_;
  std::condition_variable_any wake_;
  bool running_ = false; ///< a launch runs
  bool shown_ = false;   ///< the line is on the terminal
  std::string what_;
  std::chrono::steady_clock::time_point started_;
  std::jthread thread_; ///< last: started once the rest is set up, stopped first
};

} // namespace spvsim::cli
