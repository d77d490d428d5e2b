// SyncOrder: the part of the OpenCL memory model the race check adds to barriers
// (OpenCL 3.0 API §3.3.6, OpenCL C §6.15.12, SPIR-V §3.25 memory semantics and §3.27
// scopes): happens-before between work-groups through release and acquire atomics,
// fences paired with atomics, and release sequences through read-modify-write chains.
// A release is a point of a work-group's execution (ReleasePoint: what of the group's
// accesses precede it); an atomic location carries the release points its value was
// written under (a SyncClock), an acquire adds them to what its work-group has
// acquired. A race between work-groups whose first access precedes a release the
// second group acquired is not a race. docs/findings.md "Memory model" states the rules.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "checks/races/race_word.h"

namespace spvsim::race {

/// What of a work-group's accesses a release orders: those of the releasing lanes
/// (`lanes` of the warp whose work-items are warpFirst..+width) before its epoch `epoch`,
/// those of every lane of the warp before its last sub-group barrier `warpBarrier`, and
/// those of every warp before the group's barrier epoch `lastBarrier` (epochs of the
/// global words, GlobalLayout). A fence or release atomic orders only its own
/// work-item's accesses, others' only through a barrier before it (OpenCL 3.0 API
/// §3.3.6.4; sub-groups do not run in lockstep, OpenCL C 3.0 §6.15.20): `lanes` is every
/// lane of the warp that released so far, so that a warp's later point orders all its
/// earlier ones do.
struct ReleasePoint {
  uint32_t warpFirst = 0;
  uint32_t width = 1;
  uint32_t epoch = 0;
  uint32_t lastBarrier = 0;
  uint32_t warpBarrier = 0;
  uint64_t lanes = ~uint64_t(0);
};

/// Release points as (group << 32 | warp << 20 | point index) keys, sorted, one per
/// warp of a group (a warp's later point orders all its earlier one does).
using SyncClock = std::vector<uint64_t>;

/// Why an atomic did not order accesses between work-groups: named by the finding.
enum class Missing : uint8_t {
  None,
  LegacyWrite,  ///< an OpenCL 1.2 atomic (relaxed) wrote, no release fence before it
  RelaxedWrite, ///< a relaxed atomic wrote, no release fence before it
  NarrowWrite,  ///< the release was at work-group (or narrower) scope
  LocalFence,   ///< the release (fence) ordered only local memory
  RelaxedRead,  ///< the atomic read was relaxed and no acquire fence followed it
  NarrowRead,   ///< the acquire was at work-group (or narrower) scope
  /// __local memory through an atomic on global memory: the release was an atomic of
  /// global memory, which orders only it, and no release fence naming local memory
  /// preceded it (OpenCL 3.0 API §3.3.6.4)
  OtherSpaceWrite,
  /// the acquire fence after the relaxed read named only the other address space
  FenceSpaceRead,
  /// __local memory through an atomic on global memory: the acquire was an atomic of
  /// global memory and no acquire fence naming local memory followed it
  OtherSpaceRead,
  /// __local memory through an atomic on global memory in OpenCL C 2.0 or later: the
  /// release fence named only local memory, which pairs only with local atomics there
  LocalOnlyFence,
  /// __local memory through an atomic on global memory in OpenCL C 2.0 or later: the
  /// acquire fence after the read named only local memory, which pairs only with local
  /// atomics there
  LocalOnlyAcquireFence,
};

/// What a work-group learned from an atomic location about another work-group.
struct SyncHint {
  uint32_t group = 0;
  Missing missing = Missing::None;
};

/// How an atomic or fence orders, decoded from its scope and semantics.
struct Ordering {
  bool acquire = false;
  bool release = false;
  bool wide = false;   ///< its scope reaches other work-groups (Device, CrossDevice)
  bool legacy = false; ///< OpenCL 1.2: work-group scope, relaxed
  bool global = true;  ///< its semantics order global memory (or name no storage class)
  bool group = false;  ///< its scope reaches the whole work-group (Workgroup or wider)
  bool local = true;   ///< its semantics order local memory (or name no storage class)
  bool seqCst = false; ///< sequentially consistent: orders local and global memory alike
};

/// Decodes SPIR-V scope and memory semantics values.
Ordering orderingOf(uint32_t scope, uint32_t semantics);

/// The launch's release points and atomic locations (shared by all its runners).
class SyncOrder {
public:
  using Held = std::unique_lock<std::mutex>;
  /// The lock of the atomic locations, held over the lanes of one atomic instruction
  /// (one lock, not one per lane); nothing else of SyncOrder is called while it is held.
  [[nodiscard]] Held hold() { return Held(mutex_); }

  /// Records a release point of work-group `group` by the warp with index `warp`;
  /// returns its key.
  uint64_t addRelease(uint32_t group, uint32_t warp, const ReleasePoint &p);

  /// An atomic write at `location` (a key of the global memory) by a lane of `group`:
  /// a release (key `release`, carrying the group's `acquired`) or not (`weak` says
  /// why). It continues the location's release sequences: the read-modify-writes of
  /// §3.3.6.4 do; a store would end them, which is left out so that a reader that raced
  /// with the store cannot miss the release it read.
  /// `all`: the release orders everything (its group's clock is saturated).
  /// Returns the location's version after the write. `after`: the version an identical
  /// write (the same arguments but `location`'s) returned last; while the location still
  /// has it, this one would change nothing and is skipped — the lanes of one atomic
  /// instruction on one location cost one join, not one each.
  /// `held`: hold() of this SyncOrder, for the lanes of the instruction.
  /// `readModifyWrite`: the write is a read-modify-write's, which continues the release
  /// sequences of a location written under a release before: what it lacks (`weak`) is
  /// then not why a reader of the location is unordered, and is not kept.
  uint64_t write(const Held &held, uint64_t location, uint32_t group, uint64_t release,
                 const SyncClock &acquired, bool all, Missing weak, uint64_t after = kNoVersion,
                 bool readModifyWrite = false);

  /// What read() did.
  struct Read {
    bool saturated = false;    ///< the location's clock is saturated: an acquire orders all
    bool repeated = false;     ///< the location still had version `seen`: nothing was read
    bool hintsChanged = false; ///< `hints` changed
    uint64_t version = 0;      ///< the location's version
    /// Why the reading group's own last atomic write of the location that was no
    /// release was not (None: there was none): for races within the group.
    Missing own = Missing::None;
  };
  /// An atomic read at `location` by `group`: the releases it may acquire into `read`,
  /// and what the location says of other groups' writes that were not releases.
  /// `seen`: a version of the location whose read the caller has taken in already
  /// (kNoVersion: none); while the location still has it, nothing is read.
  /// `held`: hold() of this SyncOrder, for the lanes of the instruction.
  Read read(const Held &held, uint64_t location, uint32_t group, SyncClock &read,
            std::vector<SyncHint> &hints, uint64_t seen = kNoVersion);

  /// Whether access `d` (of work-group `group`, local id `local`) precedes a release
  /// point in `acquired`. `otherLane`, when given and it does not, says whether its
  /// work-item released nothing this clock has (it was another work-item's release).
  /// `barrierOnly`: whether it precedes a work-group barrier of its group that precedes
  /// such a point, as every access of the group in d's epoch then does.
  bool precedes(const Access &d, uint32_t group, uint32_t local, const SyncClock &acquired,
                bool *otherLane = nullptr, bool barrierOnly = false);

  static constexpr uint64_t kNoRelease = ~uint64_t(0);
  /// No version of a location (a location's version counts the writes that changed what
  /// a read of it gives; 0 while none has, as for a location never written).
  static constexpr uint64_t kNoVersion = ~uint64_t(0);
  /// The most release points a location's clock or a group's acquired clock holds;
  /// beyond it the clock is saturated and orders everything (cost stays linear in
  /// kernels with many seq_cst atomics: a race may be missed, none is invented).
  static constexpr size_t kMaxClock = 64;
  /// The most release points of one work-group; beyond it its releases saturate.
  static constexpr size_t kMaxPoints = 4000;

private:
  struct Location {
    bool saturated = false;
    uint64_t version = 0;
    SyncClock clock;
    std::vector<SyncHint> weak;
  };
  std::mutex mutex_;
  std::unordered_map<uint32_t, std::vector<ReleasePoint>> points_; ///< by group
  std::unordered_map<uint64_t, Location> locations_;
};

/// Adds the keys of `from` to `into` (a warp's later point replaces its earlier one),
/// in place: no allocation once `into` has grown to its size. True when `into` changed.
/// `from` is not `into`.
bool join(SyncClock &into, const SyncClock &from);
/// Adds one key to `into`; true when `into` changed.
bool join(SyncClock &into, uint64_t key);
/// Sets what `hints` (sorted by group, one per group) says of group h.group (Missing::None:
/// removes it); true when that changed it.
bool setHint(std::vector<SyncHint> &hints, SyncHint h);

/// The ordering a race between two work-items of one group on __local memory lacks, for
/// its message: `missing` what the reading warp learned (None: nothing), `tracked` and
/// `atomics` as below.
std::string missingLocalOrdering(Missing missing, bool tracked, bool atomics);

/// The ordering a race between two work-items of one group on global memory lacks, in a
/// kernel with atomics, for its message: `barrier` what the group's barriers lacked (empty:
/// there was no barrier without the global fence), `missing` what the group's atomic
/// reads learned of its own atomic writes, `otherLane` whether the other access's
/// work-item released nothing the group acquired; `tracked` as below.
std::string missingGroupOrdering(const std::string &barrier, Missing missing, bool otherLane,
                                 bool tracked);

/// The ordering a race between work-groups lacks, for its message: `hints` what the
/// accessing group learned, `other` the other access's group; `tracked` whether the
/// kernel has ordering atomics or fences at all, `atomics` whether it has atomics.
std::string missingOrdering(const std::vector<SyncHint> &hints, uint32_t other, bool acquiredFrom,
                            bool tracked, bool atomics);

} // namespace spvsim::race
