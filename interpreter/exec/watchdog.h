// Watchdog: stops a running launch when its deadline or the run's passes, when
// it exceeds its instruction budget, or when it is cancelled (SIGINT). Warps
// poll it every few hundred blocks — the count persists across barriers and
// work-groups, so loops, barrier loops and launches of many short work-items
// are all caught — and the worker threads stop taking work-groups once it has
// fired. Polling is off the hot path: one countdown per block.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

#include "spvsim/interpreter/launch.h"

namespace spvsim {

class Watchdog {
public:
  /// Blocks a warp runs between two polls.
  static constexpr uint32_t kBlocksPerPoll = 256;

  /// Arms the limits of `options` from now on.
  void arm(const ExecOptions &options);

  /// Adds `executed` instructions to the launch's count and checks every limit; true when
  /// the launch must stop (also when another thread stopped it).
  bool poll(uint64_t executed);
  /// Adds instructions without checking (counted by a runner between two polls).
  void count(uint64_t executed) { instructions_.fetch_add(executed, std::memory_order_relaxed); }
  /// Stops the launch because a work-item spins forever (exec/spin_detector.h), which
  /// reported it: no hang.* finding follows.
  void stopForNoProgress() { stopFor(StopReason::NoProgress); }
  bool stopped() const { return stop_.load(std::memory_order_relaxed) != StopReason::None; }
  StopReason reason() const { return stop_.load(std::memory_order_relaxed); }
  uint64_t instructions() const { return instructions_.load(std::memory_order_relaxed); }

  /// Counts work-groups that finished, and their work-items.
  void groupsDone(uint64_t groups, uint64_t workItems) {
    groupsDone_.fetch_add(groups, std::memory_order_relaxed);
    itemsDone_.fetch_add(workItems, std::memory_order_relaxed);
  }
  uint64_t workItemsDone() const { return itemsDone_.load(std::memory_order_relaxed); }
  uint64_t workGroupsDone() const { return groupsDone_.load(std::memory_order_relaxed); }

  /// "did not finish within 2 s", "executed more than 1000 instructions", ...: why the
  /// launch stopped, for the findings that say where its work-items were.
  std::string describeStop() const;

private:
  void stopFor(StopReason reason);

  bool hasDeadline_ = false;
  std::chrono::steady_clock::time_point deadline_;
  StopReason deadlineReason_ = StopReason::None; ///< the earlier of --timeout and the run's
  double timeoutSeconds_ = 0, runTimeoutSeconds_ = 0;
  uint64_t maxInstructions_ = 0;
  const std::atomic<bool> *cancel_ = nullptr;
  std::atomic<uint64_t> instructions_{0};
  std::atomic<uint64_t> itemsDone_{0};
  std::atomic<uint64_t> groupsDone_{0};
  std::atomic<StopReason> stop_{StopReason::None};
};

} // namespace spvsim
