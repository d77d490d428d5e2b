// Resolution of host addresses into SVM allocations (exec/handlers_memory.h
// resolveLane, memory/allocation_table.h findSvm): inside an allocation, one past
// its end, between two allocations, NULL, and after the allocation is freed.
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "exec/handlers_memory.h"
#include "spvsim/common/error.h"
#include "spvsim/interpreter/global_memory.h"

namespace spvsim {
namespace {

struct SvmLaunch {
  GlobalMemory memory;
  // Two allocations with a gap between them, in one block of host memory.
  std::vector<std::byte> host = std::vector<std::byte>(256);
  BufferId low = memory.createSvm({host.data() + 16, 64}, "SVM allocation 1");
  BufferId high = memory.createSvm({host.data() + 128, 32}, "SVM allocation 2");
  LaunchContext launch;
  ExecState x;

  SvmLaunch() { refresh(); }
  void refresh() {
    launch.allocations = memory.launchAllocations();
    x.launch = &launch;
  }
  uint64_t address(size_t at) const { return reinterpret_cast<uintptr_t>(host.data() + at); }
  /// What the executor's per-lane resolution makes of `p`: the allocation id (0: none),
  /// the offset and whether an access of `bytes` there is in bounds.
  struct Resolved {
    uint32_t id = 0;
    uint64_t offset = 0;
    bool inBounds = false;
  };
  Resolved resolve(uint64_t p, uint32_t bytes = 4) const {
    ops::ResolvedAllocation r;
    Resolved out;
    if (!ops::resolveLane(x, p, 0, r, out.offset)) return out;
    out.id = uint32_t(r.global - &launch.allocations[0]);
    out.inBounds = ops::checkAccess(r, true, out.offset + bytes, false) == ops::AccessFault::None;
    if (tagged::space(p) == AddressSpace::None) {
      EXPECT_EQ(r.base + out.offset, reinterpret_cast<std::byte *>(p));
    }
    return out;
  }
};

TEST(SvmResolution, AnAddressInsideAnAllocationIsItsOffset) {
  SvmLaunch s;
  ASSERT_EQ(s.launch.allocations.svmRanges().size(), 2u);
  auto first = s.resolve(s.address(16));
  EXPECT_EQ(first.id, s.low);
  EXPECT_EQ(first.offset, 0u);
  EXPECT_TRUE(first.inBounds);
  auto last = s.resolve(s.address(16 + 60));
  EXPECT_EQ(last.id, s.low);
  EXPECT_EQ(last.offset, 60u);
  EXPECT_TRUE(last.inBounds);
  auto high = s.resolve(s.address(128 + 8));
  EXPECT_EQ(high.id, s.high);
  EXPECT_EQ(high.offset, 8u);
  // An access that starts inside and ends past the end is out of bounds.
  EXPECT_FALSE(s.resolve(s.address(16 + 62)).inBounds);
}

TEST(SvmResolution, OnePastTheEndIsOutOfItsBounds) {
  SvmLaunch s;
  auto end = s.resolve(s.address(16 + 64));
  EXPECT_EQ(end.id, s.low);
  EXPECT_EQ(end.offset, 64u);
  EXPECT_FALSE(end.inBounds);
}

TEST(SvmResolution, AddressesBetweenOrAroundAllocationsResolveToNothing) {
  SvmLaunch s;
  EXPECT_EQ(s.resolve(s.address(100)).id, 0u);
  EXPECT_EQ(s.resolve(s.address(15)).id, 0u);
  EXPECT_EQ(s.resolve(s.address(128 + 33)).id, 0u);
  EXPECT_EQ(s.resolve(s.address(255)).id, 0u);
}

TEST(SvmResolution, NullIsNoSvmAddress) {
  SvmLaunch s;
  EXPECT_EQ(s.resolve(0).id, 0u);
}

TEST(SvmResolution, TaggedPointersStillResolveAsBefore) {
  SvmLaunch s;
  auto tagged = s.resolve(tagged::make(AddressSpace::Global, s.high, 4));
  EXPECT_EQ(tagged.id, s.high);
  EXPECT_EQ(tagged.offset, 4u);
  // The executor's shared-allocation paths (resolve) leave host addresses to the lanes.
  ops::ResolvedAllocation r;
  EXPECT_FALSE(ops::resolve(s.x, s.address(16), 0, r));
}

TEST(SvmResolution, AFreedAllocationIsNoLongerFound) {
  SvmLaunch s;
  s.memory.release(s.low);
  s.refresh();
  EXPECT_EQ(s.resolve(s.address(16)).id, 0u);
  EXPECT_EQ(s.resolve(s.address(128)).id, s.high);
}

TEST(SvmResolution, AnAllocationMayNotCrossA2To40Boundary) {
  GlobalMemory memory;
  auto *at = reinterpret_cast<std::byte *>((uint64_t(1) << 40) - 8);
  EXPECT_THROW(memory.createSvm({at, 16}, "across"), Error);
}

} // namespace
} // namespace spvsim
