// GlobalMemory::launchAllocations (memory/allocation_table.h): the same views as
// snapshot(), with the chunks whose buffers are all released built once and shared.
#include "memory/allocation_table.h"

#include <vector>

#include <gtest/gtest.h>

#include "spvsim/interpreter/global_memory.h"

namespace spvsim {
namespace {

void expectSameAsSnapshot(const GlobalMemory &m) {
  const std::vector<BufferView> views = m.snapshot();
  const AllocationTable table = m.launchAllocations();
  ASSERT_EQ(table.size(), views.size());
  for (size_t id = 1; id < views.size(); ++id) {
    SCOPED_TRACE("id " + std::to_string(id));
    const AllocationView &a = table[id];
    const BufferInfo &i = views[id].info;
    EXPECT_EQ(a.name, i.name);
    EXPECT_EQ(a.size, i.size);
    EXPECT_EQ(a.access, i.access);
    EXPECT_EQ(a.released, i.released);
    EXPECT_EQ(a.parent, i.parent);
    EXPECT_EQ(a.parentOffset, i.parentOffset);
    EXPECT_EQ(a.base, views[id].base);
    EXPECT_EQ(a.shadow, views[id].shadow);
    EXPECT_EQ(a.space, AddressSpace::Global);
  }
}

TEST(LaunchAllocations, MatchTheSnapshotAcrossChunks) {
  GlobalMemory m;
  std::vector<BufferId> ids;
  for (uint32_t n = 0; n < 3 * kAllocationChunkSize + 7; ++n) {
    const BufferId id = m.create(8 + n % 5, "b" + std::to_string(n));
    ids.push_back(id);
    if (n % 3 == 0) m.release(id);
  }
  const BufferId parent = m.create(64, "parent");
  const BufferId sub = m.createSub(parent, 16, 16, "sub");
  const BufferId gone = m.create(64, "gone");
  const BufferId orphan = m.createSub(gone, 0, 8, "orphan");
  m.release(gone);
  const BufferId undefined = m.create(32, "undefined");
  m.setUndefined(undefined);
  expectSameAsSnapshot(m);
  const AllocationTable table = m.launchAllocations();
  EXPECT_TRUE(table[orphan].released); // its parent is gone
  EXPECT_EQ(table[sub].base, m.bytes(parent).data() + 16);
  EXPECT_NE(table[undefined].shadow, nullptr);
  // Released and live alike, every id is one view.
  size_t seen = 0;
  for (const AllocationView &v : table) seen += v.released;
  EXPECT_EQ(seen, (3 * kAllocationChunkSize + 7 + 2) / 3 + 2);
}

TEST(LaunchAllocations, AMappingCoversParentAndSubBuffers) {
  GlobalMemory m;
  const BufferId parent = m.create(64, "parent");
  const BufferId sub = m.createSub(parent, 0, 16, "sub");
  const BufferId other = m.create(64, "other");
  const BufferId otherSub = m.createSub(other, 0, 16, "otherSub");
  m.setHostMapping(parent, HostMapping::Read);
  m.setHostMapping(otherSub, HostMapping::Write);
  const AllocationTable t = m.launchAllocations();
  EXPECT_EQ(t[parent].mapped, HostMapping::Read);
  EXPECT_EQ(t[sub].mapped, HostMapping::Read);
  EXPECT_EQ(t[otherSub].mapped, HostMapping::Write);
  EXPECT_EQ(t[other].mapped, HostMapping::Write);
  m.setHostMapping(parent, HostMapping::None);
  EXPECT_EQ(m.launchAllocations()[sub].mapped, HostMapping::None);
}

TEST(LaunchAllocations, ReleasedChunksAreBuiltOnceAndShared) {
  GlobalMemory m;
  // Chunk 0 (ids 1..255) released whole, chunk 1 with one live buffer, chunk 2 partial.
  std::vector<BufferId> ids;
  for (uint32_t n = 1; n < 2 * kAllocationChunkSize + 10; ++n) ids.push_back(m.create(4, "x"));
  const BufferId keep = kAllocationChunkSize + 3;
  for (BufferId id : ids)
    if (id != keep) m.release(id);
  const AllocationTable first = m.launchAllocations();
  m.release(m.create(4, "later")); // a change after the first launch
  const AllocationTable second = m.launchAllocations();
  EXPECT_EQ(&first[5], &second[5]);       // released whole: shared
  EXPECT_NE(&first[keep], &second[keep]); // a live buffer's chunk: the launch's own
  EXPECT_NE(&first[2 * kAllocationChunkSize + 1], &second[2 * kAllocationChunkSize + 1]);
  EXPECT_TRUE(second[5].released);
  EXPECT_EQ(second[5].name, "x");
  EXPECT_FALSE(second[keep].released);
  EXPECT_EQ(second.size(), first.size() + 1);
  // A launch's change to a shared view is its own.
  AllocationTable third = m.launchAllocations();
  third.edit(5).space = AddressSpace::Constant;
  EXPECT_EQ(third[5].space, AddressSpace::Constant);
  EXPECT_EQ(second[5].space, AddressSpace::Global);
  EXPECT_EQ(m.launchAllocations()[5].space, AddressSpace::Global);
}

} // namespace
} // namespace spvsim
