// WorkGroupRunner: runs one work-group as a set of warps on one worker
// thread. Warps run until each of their work-items has returned or waits at a
// barrier; then the barrier is checked for divergence and mismatch and
// released.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "exec/launch_context.h"

namespace spvsim {

struct CopiedBytes;

class WorkGroupRunner {
public:
  explicit WorkGroupRunner(LaunchContext &launch);
  /// Runs work-group `linearGroup` (x fastest) to completion; with packed work-groups
  /// (LaunchContext::packedGroups) the next ones with it, as many as are packed.
  void run(uint64_t linearGroup);
  /// Adds what the runner counted — instructions its warps ran since they last polled,
  /// finished groups and their work-items — to the launch's watchdog. Due once the
  /// runner is done.
  void flush();

private:
  /// Reports barrier.mismatch / barrier.divergence for the barrier every waiting
  /// work-item of the group has reached.
  void checkBarrier(size_t activeWarps);
  /// Whether every waiting lane of `warp` waits at one sub-group barrier (an
  /// OpControlBarrier of Subgroup execution scope, spv::Scope::Subgroup = 3).
  static constexpr uint64_t kSubgroupScope = 3;
  static bool atSubGroupBarrier(const Warp &warp) {
    return warp.parked.size() == 1 && warp.parked.front().collective == 0 &&
           (warp.parked.front().scopes & 0xffff) == kSubgroupScope;
  }
  /// Releases warp `index`, whose work-items wait at a sub-group barrier (a sub-group is
  /// a warp; the other warps are not waited for), reporting barrier.divergence when some
  /// of them returned instead.
  void releaseSubGroupBarrier(Warp &warp, uint32_t index);
  /// Runs the group's first `activeWarps` warps until every work-item has returned (true),
  /// or until the launch's watchdog stops them (false, after reporting where they were).
  bool runWarps(size_t activeWarps);
  /// runWarps for a kernel with sub-group barriers (true) or without: the plain loop
  /// pays nothing for them.
  template <bool SubGroupBarriers> bool runWarps(size_t activeWarps);
  /// Runs `warp` until it yields; then lets the spin detector look at a warp it watches
  /// (exec/spin_detector.h).
  void runWatchedWarp(Warp &warp);
  /// Sets warpOrder_ to the schedule's order of the first `activeWarps` warps.
  void orderWarps(size_t activeWarps);
  WorkItemIds workItem(const Warp &w, uint32_t lane) const;
  /// Combines the operands of work-group function `c` once every work-item deposited them.
  void completeCollective(const Collective &c);
  void asyncCopy(const Collective &c);
  /// Tells the group's watchers of the elements an async copy moved.
  void copied(const ExecState &x, const Collective &c, const CopiedBytes &bytes);
  /// Reports events.not_waited when the group ends with an async copy never waited for.
  void checkEventsWaited();
  void reportGroupFinding(const char *kind, std::string message, uint64_t item, uint32_t site);
  LaunchContext &launch_;
  std::vector<Warp> warps_;
  std::vector<std::byte> localArena_;
  GroupState group_;
  /// The state of each watcher the launch attached, under its slot (GroupState::watchers).
  std::array<std::unique_ptr<GroupWatcher>, kWatcherSlots> watchers_;
  /// The OpGroupAsyncCopy whose copy no OpGroupWaitEvents has waited for yet (~0u: none).
  uint32_t unwaitedCopy_ = ~0u;
  /// Schedules other than ordered: the order the warps run in between two barriers
  /// (Schedule), drawn afresh for each stretch; `stretch_` counts the stretches of a group.
  std::vector<uint32_t> warpOrder_;
  uint64_t stretch_ = 0;
  /// Finished groups and their work-items, counted here and added to the watchdog's
  /// shared counters by flush().
  uint64_t groupsDone_ = 0, itemsDone_ = 0;
  /// The kernel has an OpControlBarrier of Subgroup execution scope.
  bool subGroupBarriers_ = false;
};

} // namespace spvsim
