// The profiled execution of a launch (spvsim run --profile): ProfileWatchers, the warp
// loop's policy that counts per op how often warps run it and with how many active
// lanes, the bytes loads and stores move per address space and buffer, and branches
// that split a warp's lanes, on top of the policy the launch would run otherwise
// (plain or checked). Counters live per work-group runner (one worker thread) and are
// merged into the launch's ProfileWatcher when the runner ends: no atomics per op. A
// launch runs this loop only when ExecOptions::profile is set.
#pragma once

#include <bit>
#include <memory>
#include <mutex>
#include <vector>

#include "exec/execution_events.h"
#include "launch/checked_execution.h"
#include "spvsim/interpreter/profile.h"

namespace spvsim {

/// The slot of the profiler's watcher (LaunchContext::watchers).
inline constexpr uint32_t kProfileSlot = 4;
static_assert(kProfileSlot < kWatcherSlots && kProfileSlot != kDebugSlot &&
              kProfileSlot != kAccessSlot && kProfileSlot != kRaceSlot &&
              kProfileSlot != kUninitSlot);

/// The counts of one lowered op.
struct OpCounts {
  uint64_t executions = 0;
  uint64_t lanes = 0;
  uint64_t divergent = 0;
};

/// Address spaces by AddressSpace value (memory/tagged_pointer.h).
inline constexpr size_t kProfiledSpaces = 5;

/// The counts of one launch or one runner's share of it.
struct ProfileCounts {
  std::vector<OpCounts> ops;                     ///< by LoweredKernel::ops index
  std::array<Traffic, kProfiledSpaces> spaces{}; ///< by AddressSpace
  std::vector<Traffic> buffers;                  ///< by allocation id
  uint64_t barriers = 0;
  uint64_t atomics = 0; ///< work-item atomic operations
  void add(const ProfileCounts &other);
};

class ProfileWatcher;

/// One runner's counters.
class ProfileGroup : public GroupWatcher {
public:
  ProfileGroup(ProfileWatcher &owner, const LaunchContext &L);
  ~ProfileGroup() override;
  ProfileGroup(const ProfileGroup &) = delete;
  ProfileGroup &operator=(const ProfileGroup &) = delete;
  void barrierReleased(uint64_t, bool collective) override {
    if (!collective) ++counts.barriers;
  }
  void subGroupBarrierReleased(uint32_t, uint64_t) override { ++counts.barriers; }
  ProfileCounts counts;

private:
  ProfileWatcher &owner_;
};

/// The launch's profiler: makes each runner's counters and merges them as runners end.
class ProfileWatcher : public LaunchWatcher {
public:
  std::unique_ptr<GroupWatcher> makeGroupWatcher(LaunchContext &L, std::span<Warp>) override {
    return std::make_unique<ProfileGroup>(*this, L);
  }
  void merge(const ProfileCounts &counts);
  /// Adds the launch's counts to `profile`, by module instruction (of `k`'s ops' sources):
  /// an instruction lowered to several ops counts as the one of them run most often.
  void addTo(KernelProfile &profile, const LaunchContext &L) const;

private:
  std::mutex mutex_;
  ProfileCounts total_;
};

/// The per-instruction events of the profiled loop: `Inner`'s (NoWatchers or
/// CheckedWatchers), then the counting.
template <class Inner> struct ProfileWatchers {
  static constexpr bool kWatching = true;

  static ProfileCounts &counts(const ExecState &x) {
    return static_cast<ProfileGroup *>(x.group->watchers[kProfileSlot])->counts;
  }
  static void beforeOp(const ExecState &x, const LoweredOp &op, uint32_t index) {
    if constexpr (Inner::kWatching) Inner::beforeOp(x, op, index);
    if (const uint64_t mask = x.maskOf(op)) {
      OpCounts &c = counts(x).ops[index];
      ++c.executions;
      c.lanes += uint64_t(std::popcount(mask));
    }
  }
  /// The traffic is counted before the access: a load may overwrite its pointer's slot.
  template <class T, bool Indexed>
  static void load(const ExecState &x, const LoweredOp &op, uint32_t index) {
    countTraffic(x, op, sizeof(T), false);
    Inner::template load<T, Indexed>(x, op, index);
  }
  template <class T, bool Indexed>
  static void store(const ExecState &x, const LoweredOp &op, uint32_t index) {
    countTraffic(x, op, sizeof(T), true);
    Inner::template store<T, Indexed>(x, op, index);
  }
  static void image(const ExecState &x, const LoweredOp &op, uint32_t index) {
    Inner::image(x, op, index);
  }
  static void atomicWriting(const ExecState &x, const LoweredOp &op) {
    Inner::atomicWriting(x, op);
  }
  static void atomicDone(const ExecState &x, const LoweredOp &op, uint32_t bytes, bool isWrite) {
    Inner::atomicDone(x, op, bytes, isWrite);
    counts(x).atomics += uint64_t(std::popcount(x.maskOf(op)));
  }
  static void fenced(const ExecState &x, const LoweredOp &op, uint64_t scopes) {
    Inner::fenced(x, op, scopes);
  }
  /// A branch is divergent when the lanes take more than one of its edges.
  static void branched(const ExecState &x, const LoweredOp &op, uint32_t edges) {
    Inner::branched(x, op, edges);
    uint32_t taken = 0;
    for (uint32_t e = 1; e <= edges; ++e) taken += x.masks[e] != 0;
    if (taken > 1) ++counts(x).ops[&op - x.launch->kernel->ops.data()].divergent;
  }
  static void lanesExited(const ExecState &x, uint64_t lanes) { Inner::lanesExited(x, lanes); }
  static void warpStarted(const ExecState &x) { Inner::warpStarted(x); }
  static void warpStopped(const ExecState &x) { Inner::warpStopped(x); }

private:
  /// Per active lane, `bytes` to the address space and buffer its pointer (op.a, the
  /// base of an indexed access) names.
  static void countTraffic(const ExecState &x, const LoweredOp &op, uint32_t bytes, bool isWrite) {
    ProfileCounts &c = counts(x);
    const uint64_t *p = x.reg<uint64_t>(op.a);
    for (uint64_t m = x.maskOf(op); m; m &= m - 1) {
      const uint64_t pointer = p[std::countr_zero(m)];
      const auto space = static_cast<size_t>(tagged::space(pointer));
      if (space >= kProfiledSpaces) continue;
      (isWrite ? c.spaces[space].stored : c.spaces[space].loaded) += bytes;
      if (space == size_t(AddressSpace::Global) || space == size_t(AddressSpace::Constant)) {
        const uint32_t id = tagged::id(pointer);
        if (id < c.buffers.size()) (isWrite ? c.buffers[id].stored : c.buffers[id].loaded) += bytes;
      }
    }
  }
};

/// The warp loop with ProfileWatchers over NoWatchers and over CheckedWatchers
/// (launch/profile_execution.cpp).
void runProfiledWarp(LaunchContext &launch, GroupState &group, Warp &warp);
void runProfiledCheckedWarp(LaunchContext &launch, GroupState &group, Warp &warp);

} // namespace spvsim
