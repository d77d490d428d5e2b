// Packed work-groups (exec/packed_groups.h): small work-groups of a kernel that cannot
// tell run several to a warp, each work-item with its own ids, and the findings name
// each work-item's own work-group.
#include <gtest/gtest.h>

#include "exec/packed_groups.h"
#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

class PackedGroups : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options() const { return GetParam().options(); }
  std::string path() const { return kernelPath("packed_groups", GetParam().level); }
  /// Work-groups of `items` work-items a warp of the variant's width holds.
  uint32_t packed(uint64_t items) const { return groupsPerWarp(items, GetParam().width); }
};

NDRange range3(std::array<uint64_t, 3> global, std::array<uint64_t, 3> local,
               std::array<uint64_t, 3> offset) {
  NDRange r;
  r.dims = 3;
  r.global = global;
  r.local = local;
  r.offset = offset;
  return r;
}

TEST(GroupsPerWarp, AtLeastTwoOrNone) {
  EXPECT_EQ(groupsPerWarp(1, 32), 32u);
  EXPECT_EQ(groupsPerWarp(2, 32), 16u);
  EXPECT_EQ(groupsPerWarp(3, 32), 10u);
  EXPECT_EQ(groupsPerWarp(16, 32), 2u);
  EXPECT_EQ(groupsPerWarp(17, 32), 1u);
  EXPECT_EQ(groupsPerWarp(2, 1), 1u);
  EXPECT_EQ(groupsPerWarp(1, 2), 2u);
}

TEST_P(PackedGroups, EveryWorkItemReadsItsOwnIds) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  // Groups of two (x 1, y 2), 6 x 2 x 3 of them, with an offset.
  const std::array<uint64_t, 3> global{6, 4, 3}, local{1, 2, 1}, offset{1, 2, 3};
  const uint64_t items = global[0] * global[1] * global[2];
  const BufferId out = h.buffer(std::vector<uint64_t>(items * 11, ~uint64_t(0)), "out");
  const LaunchStats stats =
      h.run("ids", range3(global, local, offset), {ArgBinding::ofBuffer(out)}, options());
  EXPECT_EQ(stats.packedGroups, packed(2));
  EXPECT_TRUE(h.sink.findings().empty());
  const auto got = h.read<uint64_t>(out);
  for (uint64_t z = 0; z < global[2]; ++z)
    for (uint64_t y = 0; y < global[1]; ++y)
      for (uint64_t x = 0; x < global[0]; ++x) {
        const uint64_t linear = (z * global[1] + y) * global[0] + x;
        const uint64_t *v = &got[linear * 11];
        const std::array<uint64_t, 3> id{x, y, z};
        for (uint32_t d = 0; d < 3; ++d) {
          EXPECT_EQ(v[d], id[d] + offset[d]) << linear << " global " << d;
          EXPECT_EQ(v[3 + d], id[d] % local[d]) << linear << " local " << d;
          EXPECT_EQ(v[6 + d], id[d] / local[d]) << linear << " group " << d;
        }
        EXPECT_EQ(v[9], linear);
        EXPECT_EQ(v[10], (y % 2) * local[0] + x % local[0]) << linear;
      }
}

TEST_P(PackedGroups, TheLastPackMayHoldFewerGroups) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  // 21 groups of one: at width 8, two packs of 8 and one of 5.
  const BufferId out = h.buffer(std::vector<uint64_t>(21 * 11, ~uint64_t(0)), "out");
  const LaunchStats stats = h.run("ids", range1(21, 1), {ArgBinding::ofBuffer(out)}, options());
  EXPECT_EQ(stats.packedGroups, packed(1));
  EXPECT_EQ(stats.workItemsDone, 21u);
  const auto got = h.read<uint64_t>(out);
  for (uint64_t i = 0; i < 21; ++i) {
    EXPECT_EQ(got[i * 11 + 0], i);
    EXPECT_EQ(got[i * 11 + 3], 0u);
    EXPECT_EQ(got[i * 11 + 6], i);
    EXPECT_EQ(got[i * 11 + 10], 0u);
  }
}

TEST_P(PackedGroups, NotForWhatCanTell) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const BufferId out = h.buffer(std::vector<uint64_t>(16 * 11), "out");
  // A kernel with a barrier.
  EXPECT_EQ(
      h.run("ids_with_barrier", range1(16, 1), {ArgBinding::ofBuffer(out)}, options()).packedGroups,
      1u);
  // Another schedule than the ordered one, which decides which work-items share a warp.
  ExecOptions reverse = options();
  reverse.schedule = Schedule::parse("reverse");
  EXPECT_EQ(h.run("ids", range1(16, 1), {ArgBinding::ofBuffer(out)}, reverse).packedGroups, 1u);
  // Groups too large for two to a warp.
  const uint32_t width = GetParam().width;
  if (width <= 16) {
    EXPECT_EQ(
        h.run("ids", range1(width * 2, width), {ArgBinding::ofBuffer(out)}, options()).packedGroups,
        1u);
  }
  // A loop: here work-groups 1 to 15 wait for work-group 0, which runs first.
  {
    const BufferId flag = h.buffer(std::vector<int32_t>(1), "flag");
    const BufferId flags = h.buffer(std::vector<int32_t>(16), "flags");
    ExecOptions one = options();
    one.threads = 1;
    one.checks = CheckSet::parse("bounds");
    EXPECT_EQ(h.run("wait_for_first", range1(16, 1),
                    {ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(flags)}, one)
                  .packedGroups,
              1u);
    EXPECT_EQ(h.read<int32_t>(flags), std::vector<int32_t>(16, 1));
  }
  // Work-groups that are not all full: the last one smaller.
  EXPECT_EQ(h.run("ids", range1(15, 2), {ArgBinding::ofBuffer(out)}, options()).packedGroups, 1u);
  EXPECT_TRUE(h.sink.findings().empty());
}

TEST_P(PackedGroups, AnOutOfBoundsWriteNamesItsWorkItemsGroup) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const BufferId out = h.buffer(std::vector<int32_t>(11, -1), "out");
  const LaunchStats stats =
      h.run("one_past", range1(12, 1), {ArgBinding::ofBuffer(out)}, options());
  EXPECT_EQ(stats.packedGroups, packed(1));
  const auto got = h.read<int32_t>(out);
  for (int32_t i = 0; i < 11; ++i) EXPECT_EQ(got[i], i);
  const auto findings = h.sink.findings();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].kind, "oob.global.write");
  ASSERT_TRUE(findings[0].workItem);
  EXPECT_EQ(findings[0].workItem->global[0], 11u);
  EXPECT_EQ(findings[0].workItem->group[0], 11u);
  EXPECT_EQ(findings[0].workItem->local[0], 0u);
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/packed_groups.cl", "one_past");
}

TEST_P(PackedGroups, ARaceBetweenTwoPackedGroupsIsBetweenWorkGroups) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const BufferId data = h.buffer(std::vector<int32_t>(9), "data");
  const LaunchStats stats =
      h.run("next_element", range1(8, 1), {ArgBinding::ofBuffer(data)}, options());
  EXPECT_EQ(stats.packedGroups, packed(1));
  const auto findings = h.sink.findings();
  ASSERT_EQ(findings.size(), 1u);
  const Finding &f = findings[0];
  EXPECT_EQ(f.kind, "race.global.inter-group");
  ASSERT_TRUE(f.workItem && f.other && f.other->workItem);
  // The writer and the reader are work-items i and i - 1 (one of them found the other).
  const uint64_t a = f.workItem->global[0], b = f.other->workItem->global[0];
  EXPECT_EQ(std::max(a, b) - std::min(a, b), 1u);
  EXPECT_EQ(f.workItem->group[0], a);
  EXPECT_EQ(f.other->workItem->group[0], b);
  EXPECT_NE(f.message.find("no barrier orders two work-groups"), std::string::npos) << f.message;
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/packed_groups.cl", "next_element");
}

TEST_P(PackedGroups, ARaceWithinOnePackedGroupIsWithinItsWorkGroup) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  const BufferId data = h.buffer(std::vector<int32_t>(17), "data");
  const BufferId out = h.buffer(std::vector<int32_t>(16), "out");
  const LaunchStats stats =
      h.run("within_group", range1(16, 2), {ArgBinding::ofBuffer(data), ArgBinding::ofBuffer(out)},
            options());
  EXPECT_EQ(stats.packedGroups, packed(2));
  const auto findings = h.sink.findings();
  ASSERT_EQ(findings.size(), 1u);
  const Finding &f = findings[0];
  EXPECT_EQ(f.kind, "race.global.intra-group");
  ASSERT_TRUE(f.workItem && f.other && f.other->workItem);
  EXPECT_EQ(f.workItem->group[0], f.other->workItem->group[0]);
  EXPECT_EQ(f.workItem->group[0], f.workItem->global[0] / 2);
  EXPECT_NE(f.workItem->local[0], f.other->workItem->local[0]);
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/packed_groups.cl", "within_group");
}

INSTANTIATE_TEST_SUITE_P(Variants, PackedGroups, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
