#include "spvsim/interpreter/global_memory.h"

#include <cstring>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "memory/allocation_table.h"
#include "spvsim/common/error.h"

namespace spvsim {
namespace {

TEST(GlobalMemory, BuffersAreZeroFilledWithStableIds) {
  GlobalMemory m;
  BufferId a = m.create(16, "a");
  BufferId b = m.create(8, "b", BufferAccess::ReadOnly);
  EXPECT_EQ(a, 1u);
  EXPECT_EQ(b, 2u);
  EXPECT_EQ(m.count(), 2u);
  for (std::byte x : m.bytes(a)) EXPECT_EQ(x, std::byte{0});
  EXPECT_EQ(m.info(b).access, BufferAccess::ReadOnly);
}

TEST(GlobalMemory, SubBufferViewsItsParent) {
  GlobalMemory m;
  BufferId a = m.create(16, "a");
  BufferId s = m.createSub(a, 4, 8, "s");
  m.bytes(s)[0] = std::byte{42};
  EXPECT_EQ(m.bytes(a)[4], std::byte{42});
  EXPECT_EQ(m.info(s).parent, a);
  EXPECT_EQ(m.info(s).parentOffset, 4u);
  EXPECT_THROW(m.createSub(a, 12, 8, "too far"), Error);
  EXPECT_THROW(m.createSub(s, 0, 4, "nested"), Error);
}

TEST(GlobalMemory, ReleasedIdsAreNotReused) {
  GlobalMemory m;
  BufferId a = m.create(4, "a");
  m.release(a);
  EXPECT_TRUE(m.info(a).released);
  EXPECT_THROW(m.bytes(a), Error);
  EXPECT_NE(m.create(4, "b"), a);
  EXPECT_THROW(m.info(99), Error);
}

// Once every id is taken, the oldest run of kAllocationChunkSize ids whose buffers are all
// released is used again, so a process may create and release buffers without end; a run
// that holds a live buffer is kept, and when none is free creation fails with an Error.
TEST(GlobalMemory, IdsAreUsedAgainOnlyOnceEveryIdIsTakenOldestReleasedChunkFirst) {
  constexpr uint32_t kLimit = 3 * kAllocationChunkSize; // ids 1 .. 3 * 256 - 1
  GlobalMemory m(uint64_t(1) << 30, kLimit);
  std::vector<BufferId> ids;
  for (uint32_t i = 1; i < kLimit; ++i) ids.push_back(m.create(4, "b" + std::to_string(i)));
  EXPECT_EQ(ids.back(), kLimit - 1);
  EXPECT_THROW(m.create(4, "none left"), Error);

  // Each chunk keeps one live buffer: nothing to use again.
  const BufferId live = ids[10], hold1 = ids[kAllocationChunkSize + 5], hold2 = ids.back();
  for (BufferId id : ids)
    if (id != live && id != hold1 && id != hold2) m.release(id);
  EXPECT_THROW(m.create(4, "none left"), Error);

  m.release(hold2); // chunk 2 (ids 512..767) is all released now
  const BufferId again = m.create(8, "again");
  EXPECT_EQ(again, 2 * kAllocationChunkSize);
  EXPECT_FALSE(m.info(again).released);
  EXPECT_EQ(m.info(again).name, "again");
  EXPECT_EQ(m.info(again).size, 8u);
  EXPECT_EQ(m.bytes(again).size(), 8u);
  EXPECT_EQ(m.count(), kLimit - 1);

  // A launch sees the new buffer live, the rest of its chunk released, the kept ones live.
  const AllocationTable table = m.launchAllocations();
  EXPECT_FALSE(table[again].released);
  EXPECT_EQ(table[again].size, 8u);
  EXPECT_TRUE(table[again + 1].released);
  EXPECT_FALSE(table[live].released);
  EXPECT_FALSE(table[hold1].released);

  // The rest of chunk 2; then chunk 1 once it is free, never chunk 0 (its live buffer).
  for (uint32_t i = 1; i < kAllocationChunkSize; ++i)
    EXPECT_EQ(m.create(4, "c"), 2 * kAllocationChunkSize + i);
  EXPECT_THROW(m.create(4, "none left"), Error);
  m.release(hold1);
  EXPECT_EQ(m.create(4, "d"), kAllocationChunkSize);
  EXPECT_FALSE(m.launchAllocations()[kAllocationChunkSize].released);
  for (uint32_t i = 1; i < kAllocationChunkSize; ++i) m.create(4, "e");
  EXPECT_THROW(m.create(4, "none left"), Error);
  EXPECT_FALSE(m.info(live).released);
  EXPECT_EQ(m.info(live).name, "b11");
}

// A sub-buffer whose parent was released before it is released with it; when the
// parent's id names another buffer, the view stays released and views nothing.
TEST(GlobalMemory, ASubBufferOfARecycledParentStaysReleased) {
  constexpr uint32_t kLimit = 2 * kAllocationChunkSize;
  GlobalMemory m(uint64_t(1) << 30, kLimit);
  const BufferId parent = m.create(64, "parent");
  std::vector<BufferId> filler;
  for (uint32_t i = 2; i < kAllocationChunkSize; ++i) filler.push_back(m.create(4, "f"));
  const BufferId view = m.createSub(parent, 16, 16, "view"); // the first id of chunk 1
  EXPECT_EQ(view, kAllocationChunkSize);
  while (m.count() < kLimit - 1) m.create(4, "g");
  m.release(parent);
  for (BufferId id : filler) m.release(id);
  const BufferId reused = m.create(64, "new");
  EXPECT_EQ(reused, parent);
  EXPECT_TRUE(m.info(view).released);
  EXPECT_THROW(m.bytes(view), Error);
  EXPECT_TRUE(m.launchAllocations()[view].released);
}

TEST(GlobalMemory, ExternalStorageIsTheHostsMemory) {
  GlobalMemory m;
  std::vector<std::byte> host(8, std::byte{3});
  BufferId a = m.createExternal(host, "host");
  EXPECT_EQ(m.bytes(a).data(), host.data());
  EXPECT_EQ(m.info(a).size, 8u);
  m.bytes(a)[1] = std::byte{9};
  EXPECT_EQ(host[1], std::byte{9});
  // Releasing it leaves the host's memory alone.
  m.release(a);
  EXPECT_EQ(host[0], std::byte{3});
  EXPECT_THROW(m.createExternal({}, "none"), Error);
}

TEST(GlobalMemory, SnapshotSeesReleasedParentsAndMappings) {
  GlobalMemory m;
  BufferId a = m.create(16, "a");
  BufferId s = m.createSub(a, 8, 8, "s");
  BufferId b = m.create(4, "b");
  m.setHostMapping(b, HostMapping::Read);
  m.release(a);
  std::vector<BufferView> views = m.snapshot();
  ASSERT_EQ(views.size(), 4u);
  EXPECT_TRUE(views[a].info.released);
  EXPECT_EQ(views[a].base, nullptr);
  EXPECT_TRUE(views[s].info.released); // its parent is gone
  EXPECT_EQ(views[s].base, nullptr);
  EXPECT_EQ(views[b].base, m.bytes(b).data());
  EXPECT_EQ(views[b].info.mapping, HostMapping::Read);
}

TEST(GlobalMemory, BuffersMayBeCreatedFromSeveralThreads) {
  GlobalMemory m;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&m] {
      for (int i = 0; i < 200; ++i) {
        BufferId id = m.create(8, "x");
        m.bytes(id)[0] = std::byte{1};
        if (i % 2) m.release(id);
        (void)m.snapshot();
      }
    });
  for (auto &t : threads) t.join();
  EXPECT_EQ(m.count(), 800u);
}

TEST(GlobalMemory, ProgramScopeBuffersLiveUntilTheirProgramIsReleased) {
  GlobalMemory m;
  int program = 0, other = 0;
  std::vector<std::byte> init(4, std::byte{7});
  BufferId a = m.programScopeBuffer(&program, "g", init.size(), init, BufferAccess::ReadWrite);
  BufferId b = m.programScopeBuffer(&other, "g", init.size(), init, BufferAccess::ReadWrite);
  EXPECT_EQ(m.programScopeBuffer(&program, "g", init.size(), init, BufferAccess::ReadWrite), a);
  m.bytes(a)[0] = std::byte{1};
  m.releaseProgramScope(&program);
  EXPECT_TRUE(m.info(a).released);
  EXPECT_FALSE(m.info(b).released);
  // A new program at the same address starts from the initial value again.
  BufferId c = m.programScopeBuffer(&program, "g", init.size(), init, BufferAccess::ReadWrite);
  EXPECT_NE(c, a);
  EXPECT_EQ(m.bytes(c)[0], std::byte{7});
  // Without initial bytes, zeros of the given size.
  BufferId z = m.programScopeBuffer(&program, "zeros", 6 << 20, {}, BufferAccess::ReadWrite);
  ASSERT_EQ(m.bytes(z).size(), 6u << 20);
  EXPECT_EQ(m.bytes(z)[0], std::byte{0});
  EXPECT_EQ(m.bytes(z)[(6 << 20) - 1], std::byte{0});
  EXPECT_THROW(m.programScopeBuffer(&program, "short", 8, init, BufferAccess::ReadWrite), Error);
}

TEST(GlobalMemory, ProgramScopePointersAreWrittenOnceWhenTheirVariablesAreCreated) {
  GlobalMemory m;
  int program = 0;
  using Variable = GlobalMemory::ProgramScopeVariable;
  std::vector<std::byte> zeros(16);
  // p points 4 bytes into a, q at p (created in the same call) and at constant c.
  std::vector<Variable> vars(4);
  vars[0] = {"p", 8, std::span(zeros).first(8), BufferAccess::ReadWrite, {{0, 8, 1, 4, false}}};
  vars[1] = {"a", 16, {}, BufferAccess::ReadWrite, {}};
  vars[2] = {"q", 16, zeros, BufferAccess::ReadWrite, {{0, 8, 0, 0, false}, {8, 8, 3, 2, true}}};
  vars[3] = {"c", 4, {}, BufferAccess::ReadOnly, {}};
  const std::vector<BufferId> ids = m.programScopeBuffers(&program, vars);
  ASSERT_EQ(ids.size(), 4u);
  auto word = [&](BufferId id, size_t offset) {
    uint64_t v = 0;
    std::memcpy(&v, m.bytes(id).data() + offset, 8);
    return v;
  };
  const uint64_t p = word(ids[0], 0);
  EXPECT_EQ(p >> 61, 1u); // global
  EXPECT_EQ((p >> 40) & 0x1fffff, ids[1]);
  EXPECT_EQ(p & 0xffffffffff, 4u);
  EXPECT_EQ((word(ids[2], 0) >> 40) & 0x1fffff, ids[0]);
  EXPECT_EQ(word(ids[2], 8) >> 61, 2u); // constant
  EXPECT_EQ(word(ids[2], 8) & 0xffffffffff, 2u);
  // A later launch finds the buffers and leaves what the kernels stored in them.
  std::memset(m.bytes(ids[0]).data(), 0, 8);
  EXPECT_EQ(m.programScopeBuffers(&program, vars), ids);
  EXPECT_EQ(word(ids[0], 0), 0u);
  // A pointer outside its variable is refused.
  std::vector<Variable> bad{{"bad", 4, {}, BufferAccess::ReadWrite, {{0, 8, 0, 0, false}}}};
  EXPECT_THROW(m.programScopeBuffers(&program, bad), Error);
}

TEST(GlobalMemory, BuffersBeyondTheCapacityAreALimitError) {
  GlobalMemory m(1000);
  BufferId a = m.create(600, "a");
  m.createSub(a, 0, 600, "view"); // sub-buffers take no memory of their own
  try {
    m.create(500, "big");
    FAIL() << "no LimitError";
  } catch (const LimitError &e) {
    EXPECT_EQ(e.limit(), LimitError::Limit::BufferMemory);
    EXPECT_NE(std::string(e.what()).find("'big' of 500 bytes"), std::string::npos) << e.what();
  }
  EXPECT_EQ(m.allocated(), 600u);
  m.release(a); // a released buffer gives its memory back
  EXPECT_EQ(m.allocated(), 0u);
  EXPECT_NO_THROW(m.create(1000, "all"));
  EXPECT_THROW(m.create(1, "one more"), LimitError);
}

TEST(GlobalMemory, DefaultCapacityIsAFractionOfTheMachine) {
  const uint64_t capacity = defaultMemoryCapacity();
  EXPECT_GT(capacity, uint64_t(16) << 20);
  EXPECT_LT(capacity, uint64_t(1) << 50);
  EXPECT_EQ(GlobalMemory().capacity(), capacity);
}

} // namespace
} // namespace spvsim
