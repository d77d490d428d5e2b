#include "spvsim/interpreter/global_memory.h"

#include <thread>
#include <vector>

#include <gtest/gtest.h>

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
