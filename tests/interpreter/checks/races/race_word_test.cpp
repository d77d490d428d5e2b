// The race shadow word alone: which access sequences race, with which witness,
// and that words settle (no store) once read-shared or atomically contended.
#include "checks/races/race_word.h"

#include <gtest/gtest.h>

namespace spvsim::race {
namespace {

constexpr uint32_t kStride = 65; // groups of up to 64 work-items, then the copy item

/// A work-group of 64 work-items in warps of `width` lanes, at given epochs.
struct Group {
  uint32_t id = 0;
  uint32_t width = 32;
  uint32_t lastBarrier = 0, latest = 0;
  View view(uint32_t local) const {
    View v;
    v.groupFirst = id * kStride;
    v.stride = kStride;
    v.warpFirst = local / width * width;
    v.width = width;
    v.lastBarrier = lastBarrier;
    v.latest = latest;
    return v;
  }
  Access at(uint32_t local, AccessKind kind, uint32_t epoch, uint32_t site = 1,
            Scope scope = Scope::Device) const {
    return Access{id * kStride + local, site, epoch, kind, scope};
  }
};

/// Applies accesses in order, each by the given group; returns the outcome of the last.
struct Word {
  uint64_t bits = 0;
  Outcome apply(const Group &g, const Access &a) {
    Outcome out;
    bits = step<GlobalLayout>(bits, a, g.view((a.item - g.id * kStride)), out);
    return out;
  }
};

TEST(RaceWord, OneWorkItemNeverRaces) {
  Group g;
  Word w;
  EXPECT_EQ(w.apply(g, g.at(3, AccessKind::Read, 0)).conflict, Conflict::None);
  EXPECT_EQ(w.apply(g, g.at(3, AccessKind::Write, 0)).conflict, Conflict::None);
  EXPECT_EQ(w.apply(g, g.at(3, AccessKind::AtomicWrite, 0)).conflict, Conflict::None);
  EXPECT_EQ(w.apply(g, g.at(3, AccessKind::Read, 0)).conflict, Conflict::None);
}

TEST(RaceWord, TwoWorkItemsOfOneGroupWithoutBarrier) {
  Group g;
  {
    Word w;
    w.apply(g, g.at(1, AccessKind::Write, 0, 7));
    Outcome o = w.apply(g, g.at(2, AccessKind::Write, 0, 8));
    EXPECT_EQ(o.conflict, Conflict::WriteWrite);
    EXPECT_TRUE(o.sameGroup);
    ASSERT_TRUE(o.named);
    EXPECT_EQ(o.other.item, 1u);
    EXPECT_EQ(o.other.site, 7u);
  }
  {
    Word w; // lanes of one warp: read, then another lane's write
    w.apply(g, g.at(1, AccessKind::Read, 0));
    Outcome o = w.apply(g, g.at(2, AccessKind::Write, 0));
    EXPECT_EQ(o.conflict, Conflict::ReadWrite);
    EXPECT_EQ(o.otherKind, AccessKind::Read);
  }
  {
    Word w; // different warps
    w.apply(g, g.at(40, AccessKind::Write, 0));
    Outcome o = w.apply(g, g.at(2, AccessKind::Read, 0));
    EXPECT_EQ(o.conflict, Conflict::ReadWrite);
    EXPECT_EQ(o.otherKind, AccessKind::Write);
  }
  {
    Word w; // two reads do not conflict
    w.apply(g, g.at(1, AccessKind::Read, 0));
    EXPECT_EQ(w.apply(g, g.at(2, AccessKind::Read, 0)).conflict, Conflict::None);
  }
}

TEST(RaceWord, WorkGroupBarrierOrders) {
  Group g;
  Word w;
  w.apply(g, g.at(40, AccessKind::Write, 0));
  g.lastBarrier = g.latest = 1; // every warp passed a work-group barrier
  EXPECT_EQ(w.apply(g, g.at(2, AccessKind::Read, 1)).conflict, Conflict::None);
  EXPECT_EQ(w.apply(g, g.at(5, AccessKind::Read, 1)).conflict, Conflict::None);
  // ... but not the accesses after it.
  EXPECT_EQ(w.apply(g, g.at(40, AccessKind::Write, 1)).conflict, Conflict::ReadWrite);
}

TEST(RaceWord, SubGroupBarrierOrdersOnlyItsWarp) {
  Group g;
  Word same, other;
  same.apply(g, g.at(1, AccessKind::Write, 0));
  other.apply(g, g.at(40, AccessKind::Write, 0));
  g.latest = 1; // warp 0 passed a sub-group barrier: its epoch is 1, warp 1's still 0
  EXPECT_EQ(same.apply(g, g.at(2, AccessKind::Read, 1)).conflict, Conflict::None);
  EXPECT_EQ(other.apply(g, g.at(2, AccessKind::Read, 1)).conflict, Conflict::ReadWrite);
}

TEST(RaceWord, UntrustedEpochsReportNothingWithinAGroup) {
  Group g;
  Word w;
  w.apply(g, g.at(1, AccessKind::Write, 0));
  View v = g.view(2);
  v.trustEpochs = false;
  Outcome o;
  step<GlobalLayout>(w.bits, g.at(2, AccessKind::Write, 0), v, o);
  EXPECT_EQ(o.conflict, Conflict::None);
}

TEST(RaceWord, WorkGroupsAreNeverOrdered) {
  Group g{0}, h{1};
  Word w;
  w.apply(g, g.at(3, AccessKind::Write, 0, 4));
  h.lastBarrier = h.latest = 9;
  Outcome o = w.apply(h, h.at(3, AccessKind::Read, 9, 5));
  EXPECT_EQ(o.conflict, Conflict::ReadWrite);
  EXPECT_FALSE(o.sameGroup);
  ASSERT_TRUE(o.named);
  EXPECT_EQ(o.other.item, 3u);
  EXPECT_EQ(o.other.site, 4u);
}

TEST(RaceWord, AWriteOfOneGroupIsRememberedAcrossItsBarriers) {
  Group g{0}, h{1};
  Word w;
  w.apply(g, g.at(3, AccessKind::Write, 0));
  g.lastBarrier = g.latest = 1;
  w.apply(g, g.at(4, AccessKind::Read, 1)); // ordered after the write: now the witness
  Outcome o = w.apply(h, h.at(0, AccessKind::Read, 0));
  EXPECT_EQ(o.conflict, Conflict::ReadWrite);
  EXPECT_FALSE(o.named);
  EXPECT_TRUE(o.otherGroup);
  EXPECT_EQ(o.otherKind, AccessKind::Write);
  EXPECT_EQ(o.other.item / kStride, 0u);
}

TEST(RaceWord, ReadSharedDataSettles) {
  Group g{0}, h{1}, k{2};
  Word w;
  w.apply(g, g.at(0, AccessKind::Read, 0));
  w.apply(g, g.at(1, AccessKind::Read, 0));
  w.apply(h, h.at(0, AccessKind::Read, 0));
  const uint64_t settled = w.bits;
  for (uint32_t i = 0; i < 64; ++i) {
    EXPECT_EQ(w.apply(k, k.at(i, AccessKind::Read, 0)).conflict, Conflict::None);
    EXPECT_EQ(w.apply(g, g.at(i, AccessKind::Read, 0)).conflict, Conflict::None);
  }
  EXPECT_EQ(w.bits, settled);
  // Any write now races with a read of another group.
  Outcome o = w.apply(g, g.at(5, AccessKind::Write, 0));
  EXPECT_EQ(o.conflict, Conflict::ReadWrite);
  EXPECT_FALSE(o.sameGroup);
}

TEST(RaceWord, ManyReadersThenAWriterNamesAReader) {
  Group g;
  Word w;
  for (uint32_t i = 0; i < 64; ++i) w.apply(g, g.at(i, AccessKind::Read, 0));
  Outcome o = w.apply(g, g.at(0, AccessKind::Write, 0)); // `if (lid == 0) x = ...`
  EXPECT_EQ(o.conflict, Conflict::ReadWrite);
  ASSERT_TRUE(o.named);
  EXPECT_NE(o.other.item, 0u);
  // The kept reader writing is a race too, with a reader the word does not name.
  Word v;
  v.apply(g, g.at(0, AccessKind::Read, 0));
  v.apply(g, g.at(1, AccessKind::Read, 0));
  o = v.apply(g, g.at(1, AccessKind::Write, 0));
  EXPECT_EQ(o.conflict, Conflict::ReadWrite);
  EXPECT_FALSE(o.named);
  EXPECT_TRUE(o.sameGroup);
}

TEST(RaceWord, DeviceAtomicsShareFreely) {
  Group g{0}, h{1};
  Word w;
  for (uint32_t i = 0; i < 64; ++i) {
    EXPECT_EQ(w.apply(g, g.at(i, AccessKind::AtomicWrite, 0)).conflict, Conflict::None);
    EXPECT_EQ(w.apply(h, h.at(i, AccessKind::AtomicWrite, 0)).conflict, Conflict::None);
  }
  const uint64_t settled = w.bits;
  w.apply(g, g.at(9, AccessKind::AtomicWrite, 0));
  EXPECT_EQ(w.bits, settled);
  EXPECT_EQ(w.apply(g, g.at(9, AccessKind::AtomicRead, 0)).conflict, Conflict::None);
}

TEST(RaceWord, AtomicAndPlainConflict) {
  Group g;
  Word w;
  w.apply(g, g.at(0, AccessKind::Write, 0)); // counter = 0 without a barrier after it
  Outcome o = w.apply(g, g.at(1, AccessKind::AtomicWrite, 0));
  EXPECT_EQ(o.conflict, Conflict::AtomicPlain);
  Word v;
  v.apply(g, g.at(1, AccessKind::AtomicWrite, 0));
  EXPECT_EQ(v.apply(g, g.at(2, AccessKind::Read, 0)).conflict, Conflict::AtomicPlain);
  Word reads; // an atomic load and a plain load are two reads
  reads.apply(g, g.at(1, AccessKind::AtomicRead, 0));
  EXPECT_EQ(reads.apply(g, g.at(2, AccessKind::Read, 0)).conflict, Conflict::None);
}

TEST(RaceWord, ScopeTooNarrow) {
  Group g{0}, h{1};
  {
    Word w; // work-group scope from two groups
    w.apply(g, g.at(0, AccessKind::AtomicWrite, 0, 1, Scope::Workgroup));
    EXPECT_EQ(w.apply(g, g.at(50, AccessKind::AtomicWrite, 0, 1, Scope::Workgroup)).conflict,
              Conflict::None);
    Outcome o = w.apply(h, h.at(0, AccessKind::AtomicWrite, 0, 1, Scope::Device));
    EXPECT_EQ(o.conflict, Conflict::Scope);
    EXPECT_FALSE(o.sameGroup);
  }
  {
    Word w; // sub-group scope: fine within a warp, a race across warps
    w.apply(g, g.at(0, AccessKind::AtomicWrite, 0, 1, Scope::Subgroup));
    EXPECT_EQ(w.apply(g, g.at(5, AccessKind::AtomicWrite, 0, 1, Scope::Subgroup)).conflict,
              Conflict::None);
    EXPECT_EQ(w.apply(g, g.at(40, AccessKind::AtomicWrite, 0, 1, Scope::Subgroup)).conflict,
              Conflict::Scope);
  }
  {
    Word w; // narrow atomics seen earlier by another group, witness replaced since
    w.apply(g, g.at(0, AccessKind::AtomicWrite, 0, 1, Scope::Workgroup));
    g.lastBarrier = g.latest = 1;
    w.apply(g, g.at(1, AccessKind::Read, 1));
    Outcome o = w.apply(h, h.at(0, AccessKind::AtomicRead, 0));
    EXPECT_EQ(o.conflict, Conflict::Scope);
    EXPECT_FALSE(o.named);
  }
}

TEST(RaceWord, AsyncCopyCompletesAtTheWait) {
  Group g;
  const uint32_t copy = 64; // the pseudo work-item
  Word w;
  View cv = g.view(0);
  cv.warpFirst = copy;
  cv.width = 1;
  Outcome o;
  w.bits = step<GlobalLayout>(w.bits, g.at(copy, AccessKind::Write, 0), cv, o);
  EXPECT_EQ(o.conflict, Conflict::None);
  // Before the wait a work-item's read races with the copy's write...
  Word early = w;
  EXPECT_EQ(early.apply(g, g.at(3, AccessKind::Read, 0)).conflict, Conflict::ReadWrite);
  // ... after it, it does not.
  w.bits = completeCopy<GlobalLayout>(w.bits, copy, g.view(0));
  EXPECT_EQ(w.apply(g, g.at(3, AccessKind::Read, 0)).conflict, Conflict::None);
}

TEST(RaceWord, LayoutsRoundTrip) {
  const Access a{(1u << 28) - 1, 4094, 4095, AccessKind::AtomicWrite, Scope::Subgroup};
  EXPECT_EQ(GlobalLayout::unpack(GlobalLayout::pack(a)), a);
  const Access b{4095, 17, (1u << 28) - 1, AccessKind::Read, Scope::Device};
  EXPECT_EQ(LocalLayout::unpack(LocalLayout::pack(b)), b);
}

} // namespace
} // namespace spvsim::race

namespace spvsim::race {
namespace {

/// The shortcuts the shadow takes before step() decide exactly as step() would, on
/// words reached by random access sequences and on arbitrary ones.
TEST(RaceWord, ShortcutsAgreeWithStep) {
  uint64_t seed = 0x9e3779b97f4a7c15u;
  auto next = [&](uint32_t n) {
    seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
    return uint32_t(seed % n);
  };
  constexpr uint32_t kStrideHere = 9; // groups of 8 work-items, warps of 4
  auto randomAccess = [&](uint32_t group) {
    Access a;
    a.item = group * kStrideHere + next(8);
    a.site = next(3);
    a.epoch = next(3);
    a.kind = AccessKind(next(4));
    a.scope = isAtomic(a.kind) ? Scope(next(3)) : Scope::Device;
    return a;
  };
  auto viewOf = [&](const Access &a) {
    View v;
    v.groupFirst = a.item / kStrideHere * kStrideHere;
    v.stride = kStrideHere;
    v.warpFirst = (a.item - v.groupFirst) / 4 * 4;
    v.width = 4;
    v.lastBarrier = next(2) ? a.epoch : (a.epoch ? a.epoch - 1 : 0);
    v.latest = std::max(a.epoch, v.lastBarrier + next(2));
    return v;
  };
  uint32_t checked[6] = {0, 0, 0, 0, 0, 0};
  for (int run = 0; run < 20000; ++run) {
    uint64_t word = 0;
    if (next(4) == 0) { // an arbitrary word, consistent: its kept access is among the seen
      word = uint64_t(next(1u << 31)) << 33 | next(1u << 31);
      word |= detail::seenBits(GlobalLayout::unpack(word));
    }
    for (int k = 0; k < 8; ++k) {
      const Access b = randomAccess(next(3));
      const View v = viewOf(b);
      Outcome expected;
      const uint64_t stepped = step<GlobalLayout>(word, b, v, expected);
      const uint64_t packed = GlobalLayout::pack(b);
      const uint64_t seen = detail::seenBits(b);
      if (word != 0 && quiet<GlobalLayout>(word, packed, v)) {
        ++checked[0];
        EXPECT_EQ(stepped, word);
        EXPECT_EQ(expected.conflict, Conflict::None);
      }
      if (word != 0 && unchanged<GlobalLayout>(word, packed, seen, b.kind)) {
        ++checked[1];
        EXPECT_EQ(expected.conflict, Conflict::None);
      }
      if (const uint64_t n = sameItemStep<GlobalLayout>(word, packed, seen)) {
        ++checked[2];
        EXPECT_EQ(n, stepped);
        EXPECT_EQ(expected.conflict, Conflict::None);
      }
      if (const uint64_t n = groupStep<GlobalLayout>(word, packed, seen, v)) {
        ++checked[3];
        EXPECT_EQ(n, stepped);
        EXPECT_EQ(expected.conflict, Conflict::None);
      }
      const uint32_t lane = b.item - v.groupFirst;
      if (word != 0 && QuietRun<GlobalLayout>::applies(packed, v, b.epoch)) {
        const QuietRun<GlobalLayout> q{packed & (uint64_t(15) << 52), v.groupFirst, b.epoch, v};
        if (!q.loud(word, lane)) {
          ++checked[4];
          EXPECT_EQ(stepped, word);
          EXPECT_EQ(expected.conflict, Conflict::None);
        }
      }
      if (v.trustEpochs && b.epoch == v.lastBarrier && v.latest == v.lastBarrier &&
          !isAtomic(b.kind)) {
        if (const uint64_t n = settledStep<GlobalLayout>(word, packed, seen, v)) {
          ++checked[5];
          EXPECT_EQ(n, stepped);
          EXPECT_EQ(expected.conflict, Conflict::None);
        }
      }
      if (::testing::Test::HasFailure()) return;
      word = stepped;
    }
  }
  for (uint32_t c : checked) EXPECT_GT(c, 50u); // every shortcut was exercised
}

} // namespace
} // namespace spvsim::race
