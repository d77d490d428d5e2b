// Watchdog: the limits of a running launch (see watchdog.h).
#include "exec/watchdog.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace spvsim {

const char *stopFindingKind(StopReason reason) {
  switch (reason) {
  case StopReason::None:
    break;
  case StopReason::Timeout:
    return "hang.timeout";
  case StopReason::RunTimeout:
    return "hang.run-timeout";
  case StopReason::InstructionLimit:
    return "hang.instruction-limit";
  case StopReason::Interrupted:
    return "hang.interrupted";
  case StopReason::NoProgress:
    return "progress";
  }
  return "";
}

void Watchdog::arm(const ExecOptions &options) {
  using Clock = std::chrono::steady_clock;
  const auto now = Clock::now();
  if (options.timeoutSeconds > 0) {
    // Beyond a century is no deadline (and keeps the time_point arithmetic in range).
    const double seconds = std::min(options.timeoutSeconds, 3.2e9);
    hasDeadline_ = true;
    deadline_ =
        now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    deadlineReason_ = StopReason::Timeout;
    timeoutSeconds_ = options.timeoutSeconds;
  }
  if (options.runDeadline && (!hasDeadline_ || *options.runDeadline < deadline_)) {
    hasDeadline_ = true;
    deadline_ = *options.runDeadline;
    deadlineReason_ = StopReason::RunTimeout;
  }
  runTimeoutSeconds_ = options.runTimeoutSeconds;
  maxInstructions_ = options.maxInstructions;
  cancel_ = options.cancel;
}

void Watchdog::stopFor(StopReason reason) {
  StopReason none = StopReason::None;
  stop_.compare_exchange_strong(none, reason); // the first reason found wins
}

bool Watchdog::poll(uint64_t executed) {
  const uint64_t total = instructions_.fetch_add(executed, std::memory_order_relaxed) + executed;
  if (stopped()) return true;
  if (cancel_ && cancel_->load(std::memory_order_relaxed))
    stopFor(StopReason::Interrupted);
  else if (maxInstructions_ && total > maxInstructions_)
    stopFor(StopReason::InstructionLimit);
  else if (hasDeadline_ && std::chrono::steady_clock::now() >= deadline_)
    stopFor(deadlineReason_);
  return stopped();
}

std::string Watchdog::describeStop() const {
  auto seconds = [](double s) {
    char text[32];
    std::snprintf(text, sizeof text, "%g s", s);
    return std::string(text);
  };
  switch (reason()) {
  case StopReason::None:
    break;
  case StopReason::Timeout:
    return "the kernel did not finish within " + seconds(timeoutSeconds_);
  case StopReason::RunTimeout:
    return "the run did not finish within " + seconds(runTimeoutSeconds_);
  case StopReason::InstructionLimit:
    return "the launch executed more than " + std::to_string(maxInstructions_) + " instructions";
  case StopReason::Interrupted:
    return "the run was interrupted";
  case StopReason::NoProgress:
    return "a work-item spins forever";
  }
  return "";
}

} // namespace spvsim
