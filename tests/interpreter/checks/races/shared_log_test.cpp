// The memory model's log of shared granules alone (interpreter/checks/races/
// shared_log.h): a run of accesses recorded under one hold of the log is the same as
// the accesses recorded one by one — per work-item entries, then one whole-epoch entry
// for a group's accesses of a kind beyond kMaxItems.
#include "checks/races/shared_log.h"

#include <gtest/gtest.h>

#include <tuple>
#include <vector>

namespace spvsim::race {
namespace {

using Entry = std::tuple<uint32_t, uint32_t, uint32_t, bool>; // item, kind, epoch, whole

std::vector<Entry> othersOf(SharedLog &log, uint64_t key, uint32_t group) {
  std::vector<Entry> out;
  log.forOthers(key, group, [&](const LoggedAccess &e) {
    out.emplace_back(e.access.item, uint32_t(e.access.kind), e.access.epoch, e.wholeEpoch);
    return false;
  });
  return out;
}

TEST(SharedLog, ARunIsItsAccessesOneByOne) {
  constexpr uint32_t kStride = 64;
  for (const uint32_t lanes : {1u, 3u, uint32_t(SharedLog::kMaxItems), 32u}) {
    SharedLog single, batched;
    for (uint32_t group = 0; group < 3; ++group) {
      for (const AccessKind kind : {AccessKind::AtomicWrite, AccessKind::AtomicRead}) {
        std::vector<LoggedAccess> run;
        for (uint32_t l = 0; l < lanes; ++l)
          run.push_back({Access{group * kStride + l, 7, group, kind, Scope::Device}, false});
        for (const LoggedAccess &a : run) EXPECT_TRUE(single.record(5, group, a));
        batched.record(5, group, run.data(), uint32_t(run.size()));
      }
    }
    for (uint32_t group = 0; group < 4; ++group)
      EXPECT_EQ(othersOf(single, 5, group), othersOf(batched, 5, group)) << lanes << " lanes";
    // Beyond kMaxItems a group's accesses of a kind are one whole-epoch entry.
    const auto entries = othersOf(batched, 5, 3);
    EXPECT_EQ(entries.size(), lanes > SharedLog::kMaxItems ? 6u : 6u * lanes);
  }
}

} // namespace
} // namespace spvsim::race
