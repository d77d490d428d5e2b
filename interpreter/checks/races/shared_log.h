// SharedLog: the accesses of each granule of global memory that several work-groups
// touch, in kernels whose atomics or fences order (RaceShadow::tracked). A race word
// keeps one access; whether a work-group's access races with another group's is a
// question about every access of the other group, each of which may or may not precede
// a release this group acquired (OpenCL 3.0 API §3.3.6.2-§3.3.6.4). From the access that
// makes a word shared on, every access to the granule is logged here, one entry per
// work-item and kind (its latest), and a race between work-groups is decided against
// the entries (race_recorder.h). A granule with more entries than kMaxEntries stops
// being logged and falls back to its word (docs/findings.md "Memory model").
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "checks/races/race_word.h"

namespace spvsim::race {

/// One logged access (item ids and epochs of the global words, GlobalLayout).
struct LoggedAccess {
  Access access;
  /// It stands for every work-item of its group that accessed the granule in its epoch
  /// (the word's multi summary, or several work-items collapsed): only a release after a
  /// work-group barrier orders it.
  bool wholeEpoch = false;
};

class SharedLog {
public:
  /// The most entries a granule keeps before it stops being logged.
  static constexpr size_t kMaxEntries = 256;
  /// The most work-items of one group and kind a granule names one by one; beyond, one
  /// whole-epoch entry stands for them.
  static constexpr size_t kMaxItems = 8;
  /// The most granules logged per shard.
  static constexpr size_t kMaxGranules = 1024;

  /// Records access `a` of work-group `group` at granule `key`. False when the granule
  /// is not logged (too many entries, or too many granules).
  bool record(uint64_t key, uint32_t group, const LoggedAccess &a);
  /// record() of accesses a[0..n) in order, under one hold of the shard's lock.
  void record(uint64_t key, uint32_t group, const LoggedAccess *a, uint32_t n);

  /// Calls f(access) for the logged accesses of granule `key` by work-groups other than
  /// `group` until f returns true. False when the granule is not logged.
  template <class F> bool forOthers(uint64_t key, uint32_t group, F f) {
    Shard &s = shard(key);
    std::lock_guard lock(s.mutex);
    const auto it = s.granules.find(key);
    if (it == s.granules.end() || it->second.overflow) return false;
    for (const Entry &e : it->second.entries)
      if (e.group != group && f(e.access)) break;
    return true;
  }

private:
  struct Entry {
    uint32_t group = 0;
    LoggedAccess access;
  };
  struct Granule {
    bool overflow = false;
    std::vector<Entry> entries;
    /// The group whose entries, all of them, are the last ones from index tailBegin on
    /// (~0u: none known): its next accesses look at those alone. A group's accesses
    /// follow each other (a warp's lanes on one counter), the other groups' entries stay
    /// where they are.
    uint32_t tailGroup = ~0u;
    uint32_t tailBegin = 0;
  };
  struct Shard {
    std::mutex mutex;
    std::unordered_map<uint64_t, Granule> granules;
  };
  /// The entries of granule `key` (the shard's lock held), or null when it is not logged
  /// and no more granules may be.
  Granule *granule(Shard &s, uint64_t key);
  /// record() into granule g with its shard's lock held. `sole`, when given, is set to
  /// the entry written when it is a whole-epoch entry that the group's next accesses of
  /// the kind replace too (no entry of the group and kind comes before it): a run of them
  /// then costs an assignment each.
  static bool recordIn(Granule &g, uint32_t group, const LoggedAccess &a, Entry **sole = nullptr);
  static constexpr size_t kShards = 16;
  Shard &shard(uint64_t key) { return shards_[(key * 0x9e3779b97f4a7c15u) >> 60]; }
  std::array<Shard, kShards> shards_;
};

} // namespace spvsim::race
