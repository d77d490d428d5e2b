#include "spvsim/interpreter/global_memory.h"

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
