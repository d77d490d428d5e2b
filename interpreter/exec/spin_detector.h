// Forward progress (docs/findings.md "Forward progress"): a warp that spins — runs a
// loop whose state repeats while nothing that could change what it reads still runs —
// is found at the watchdog's polls, off the hot path, and reported as
// progress.inter-group, progress.intra-group or hang.spin instead of hanging or
// finishing by luck of the schedule. OpenCL 3.0 API §3.2.2: no forward progress is
// guaranteed between work-groups, nor between work-items of a group outside barriers.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace spvsim {

struct ExecState;
struct LaunchContext;
struct GroupState;
struct Warp;

/// What a launch knows of its spinning warps, per worker thread: whether it is idle (no
/// work-group left to take), how many of its warps spin, and how often they found their
/// state repeated; and which work-groups ran to the end.
class SpinMonitor {
public:
  /// Polls a warp runs without yielding before its state is compared: a warp that has run
  /// 16 × 256 blocks without a barrier is suspected of spinning.
  static constexpr uint32_t kSuspectPolls = 16;

  /// Called by the launch before its workers start.
  void begin(uint32_t workers, uint64_t groups);
  /// Called by each worker thread before it takes a work-group: its slot.
  void workerStarted();
  void workerIdle();
  void groupStarted(uint64_t linearGroup);
  void groupEnded(uint64_t linearGroup);
  /// A warp of the calling worker starts (+1) or stops (-1) spinning.
  void stuck(int delta);
  /// A spinning warp of the calling worker found its state repeated once more.
  void confirmed();
  /// No other worker could change memory since the last call with `seen`: each is idle,
  /// or runs a spinning warp that found its state repeated since then (a worker whose
  /// warp left its loop but has not polled since — its thread not scheduled — does not
  /// count as spinning). `seen` keeps each worker's count of repeats; empty at first.
  bool quietSince(std::vector<uint64_t> &seen) const;
  /// A work-group other than `self` that has not finished: one not started first, else
  /// one running (spinning) on another worker; false when there is none.
  bool otherUnfinishedGroup(uint64_t self, uint64_t &group, bool &started) const;

private:
  struct alignas(64) Worker {
    std::atomic<uint32_t> stuck{0};
    std::atomic<uint64_t> repeats{0};
    std::atomic<bool> idle{false};
  };
  uint32_t workers_ = 1;
  std::unique_ptr<Worker[]> slots_;
  std::atomic<uint32_t> nextSlot_{0};
  /// Per linear work-group: 0 not started, 1 running, 2 finished.
  std::unique_ptr<std::atomic<uint8_t>[]> groupState_;
  uint64_t groups_ = 0;
};

/// A warp's spin detection state, made when the warp is first suspected (Warp::spin).
struct SpinWatch {
  std::vector<uint64_t> registers, pending; ///< the snapshot
  std::vector<std::byte> privateArena;
  uint32_t sinceSnapshot = 0;            ///< polls since the snapshot
  uint32_t period = 1;                   ///< Brent's cycle search: polls until the next snapshot
  uint32_t cycle = 0;                    ///< polls of the cycle found (0: none yet)
  uint32_t backoff = 0, backoffNext = 0; ///< polls to skip when no short cycle was found
  uint32_t quietMatches = 0;             ///< cycles in a row over which the launch was quiescent
  std::vector<uint64_t> seenRepeats;     ///< SpinMonitor::quietSince's record
  bool stuck = false;                    ///< counted in SpinMonitor::stuck
  /// The search compares only what the exit conditions of the loop around the warp's
  /// lowest pending block depend on (`exitSlots`, a flag per register slot) and the
  /// pending lanes: a wait that counts (docs/findings.md "How a spin is found").
  bool sliced = false;
  std::vector<uint8_t> exitSlots;
  uint32_t sliceFirst = 0, sliceLast = 0; ///< the loop's blocks
  bool yielded = false;   ///< it yielded to the other warps of its group, still in its loop
  uint64_t yieldedAt = 0; ///< the group's progress (groupProgress) when it last yielded
  /// When it yielded: the lanes in the loop, the loop's blocks, what it read, and the
  /// lane reported.
  uint64_t spinningLanes = 0;
  uint32_t loopFirst = 0, loopLast = 0;
  uint32_t readOp = ~0u;
  uint64_t readPointer = 0;
  uint32_t lane = 0;
};

/// At a watchdog poll of a warp that has run SpinMonitor::kSuspectPolls polls without
/// yielding: true when the warp must leave the warp loop (it yields to other warps of
/// its group, or the launch stopped on a progress finding).
bool spinPoll(const ExecState &x);
/// The watchdog's poll of the warp running in `x`, every Watchdog::kBlocksPerPoll blocks:
/// adds its instructions (`executed` ops per lane since the last poll), and watches a warp
/// that has run SpinMonitor::kSuspectPolls polls without yielding for spinning. True when
/// the warp must leave the warp loop (the launch stops, or the spinning warp yields). Out
/// of line, one call: the warp loop keeps its registers for the ops.
[[gnu::noinline]] bool pollRunningWarp(const ExecState &x, uint64_t executed);
/// The warp left the warp loop while suspected: forgets its spin when it exited or
/// waits at a barrier, and reports a spin released by other warps of its group.
void spinRunEnded(LaunchContext &launch, GroupState &group, Warp &warp);

} // namespace spvsim
