// SharedLog: recording a granule's accesses (shared_log.h).
#include "checks/races/shared_log.h"

#include <algorithm>

namespace spvsim::race {

bool SharedLog::record(uint64_t key, uint32_t group, const LoggedAccess &a) {
  Shard &s = shard(key);
  std::lock_guard lock(s.mutex);
  Granule *g = granule(s, key);
  return g && recordIn(*g, group, a);
}

void SharedLog::record(uint64_t key, uint32_t group, const LoggedAccess *a, uint32_t n) {
  if (n == 0) return;
  Shard &s = shard(key);
  std::lock_guard lock(s.mutex);
  Granule *g = granule(s, key);
  if (!g) return;
  for (uint32_t k = 0; k < n; ++k) {
    Entry *sole = nullptr;
    recordIn(*g, group, a[k], &sole);
    if (!sole) continue;
    // The later accesses of the kind replace the same entry, one after another: the
    // last one stays (a warp's lanes on one counter, once the group's entries of the
    // kind collapsed into one).
    const AccessKind kind = a[k].access.kind;
    const uint32_t from = k;
    while (k + 1 < n && a[k + 1].access.kind == kind) ++k;
    if (k != from) sole->access.access = a[k].access;
  }
}

SharedLog::Granule *SharedLog::granule(Shard &s, uint64_t key) {
  auto it = s.granules.find(key);
  if (it == s.granules.end()) {
    if (s.granules.size() >= kMaxGranules) return nullptr;
    it = s.granules.emplace(key, Granule{}).first;
  }
  return &it->second;
}

bool SharedLog::recordIn(Granule &g, uint32_t group, const LoggedAccess &a, Entry **sole) {
  if (g.overflow) return false;
  // A later access of the same work-item and kind (or of the group, for a whole-epoch
  // entry) replaces the earlier one: what precedes a release, its earlier accesses do.
  // The group's entries are all in the tail when it is the tail's group, else anywhere.
  const bool tail = g.tailGroup == group;
  size_t sameKind = 0;
  bool anyOfGroup = false;
  for (size_t k = tail ? g.tailBegin : 0; k < g.entries.size(); ++k) {
    Entry &e = g.entries[k];
    if (e.group != group) continue;
    anyOfGroup = true;
    if (e.access.access.kind != a.access.kind) continue;
    if (e.access.wholeEpoch || (!a.wholeEpoch && e.access.access.item == a.access.item)) {
      e.access.access = a.access;
      e.access.wholeEpoch |= a.wholeEpoch;
      if (sole && e.access.wholeEpoch && sameKind == 0) *sole = &e;
      return true;
    }
    ++sameKind;
  }
  if (!tail) { // the group's first entry starts the tail, or the tail is unknown
    g.tailGroup = anyOfGroup ? ~0u : group;
    g.tailBegin = uint32_t(g.entries.size());
  }
  if (sameKind >= kMaxItems) { // one whole-epoch entry for the group's accesses of the kind
    std::erase_if(g.entries, [&](const Entry &e) {
      return e.group == group && e.access.access.kind == a.access.kind;
    });
    g.entries.push_back({group, {a.access, true}});
    if (sole) *sole = &g.entries.back();
    return true;
  }
  if (g.entries.size() >= kMaxEntries) {
    g.overflow = true;
    g.entries = {};
    g.tailGroup = ~0u;
    return false;
  }
  g.entries.push_back({group, a});
  return true;
}

} // namespace spvsim::race
