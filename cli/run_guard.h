// RunGuard: when `spvsim run` must stop before it is done — Ctrl-C (SIGINT)
// or the bound on the whole run (--run-timeout) — for the launches (through
// ExecOptions) and for the long steps between them (runfile::StopCheck). The
// first SIGINT only raises a flag that the run polls, so it stops cleanly; the
// handler then reverts to the default, so a second Ctrl-C ends spvsim at once.
#pragma once

#include <atomic>
#include <chrono>
#include <optional>

#include "spvsim/interpreter/launch.h"
#include "spvsim/runfile/values.h"

namespace spvsim::cli {

class RunGuard {
public:
  /// Installs the SIGINT handler; `runTimeoutSeconds` > 0 bounds the run from now on.
  explicit RunGuard(double runTimeoutSeconds);
  /// Restores the previous SIGINT handling.
  ~RunGuard();
  RunGuard(const RunGuard &) = delete;
  RunGuard &operator=(const RunGuard &) = delete;

  /// Lets a launch stop on SIGINT (hang.interrupted) and at the run's deadline
  /// (hang.run-timeout).
  void configure(ExecOptions &options) const;
  /// True once SIGINT arrived or the run's deadline passed.
  runfile::StopCheck stopCheck() const;
  bool interrupted() const;
  bool timedOut() const;
  double runTimeoutSeconds() const { return runTimeoutSeconds_; }

private:
  double runTimeoutSeconds_;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
};

} // namespace spvsim::cli
