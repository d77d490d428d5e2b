// The alias words of bytes an image and its buffer share (race_image_alias.h): a write
// through one side conflicts with any access through the other, reads through both do
// not, the side keeps its first write as the access a finding names, and another
// work-item's access beside it so that a conflict names another work-item when there is
// one.
#include "checks/races/race_image_alias.h"

#include <gtest/gtest.h>

namespace spvsim::race {
namespace {

constexpr AliasAccess read(uint32_t item, uint32_t site = 1) {
  return {item, site, 7, false};
}
constexpr AliasAccess write(uint32_t item, uint32_t site = 2) {
  return {item, site, 7, true};
}

TEST(ImageAlias, ReadsThroughBothSidesDoNotConflict) {
  uint64_t image[2] = {}, buffer[2] = {};
  AliasAccess other;
  EXPECT_FALSE(aliasStep(image, buffer, read(1), other));
  EXPECT_FALSE(aliasStep(buffer, image, read(2), other));
  EXPECT_FALSE(aliasStep(image, buffer, read(3), other));
}

TEST(ImageAlias, AWriteConflictsWithAnyAccessOfTheOtherSide) {
  uint64_t image[2] = {}, buffer[2] = {};
  AliasAccess other;
  EXPECT_FALSE(aliasStep(buffer, image, read(4, 9), other));
  ASSERT_TRUE(aliasStep(image, buffer, write(5), other));
  EXPECT_EQ(other.item, 4u);
  EXPECT_EQ(other.site, 9u);
  EXPECT_FALSE(other.write);
  // Now the buffer's reads find the image's write.
  ASSERT_TRUE(aliasStep(buffer, image, read(6), other));
  EXPECT_EQ(other.item, 5u);
  EXPECT_TRUE(other.write);
}

TEST(ImageAlias, WritesOnOneSideAloneDoNotConflict) {
  uint64_t image[2] = {}, buffer[2] = {};
  AliasAccess other;
  EXPECT_FALSE(aliasStep(buffer, image, write(1), other));
  EXPECT_FALSE(aliasStep(buffer, image, read(2), other));
  EXPECT_FALSE(aliasStep(buffer, image, write(3), other));
}

TEST(ImageAlias, TheSideKeepsItsFirstWriteOverReads) {
  uint64_t image[2] = {}, buffer[2] = {};
  AliasAccess other;
  aliasStep(image, buffer, read(1), other);
  aliasStep(image, buffer, write(2, 5), other);
  aliasStep(image, buffer, write(3, 6), other);
  aliasStep(image, buffer, read(4), other);
  ASSERT_TRUE(aliasStep(buffer, image, read(9), other));
  EXPECT_EQ(other.item, 2u);
  EXPECT_EQ(other.site, 5u);
  EXPECT_EQ(other.allocation, 7u);
}

TEST(ImageAlias, AnotherWorkItemsReadIsNamedBeforeTheWritersOwn) {
  uint64_t image[2] = {}, buffer[2] = {};
  AliasAccess other;
  // Work-items 1 and 2 read the bytes through the buffer; work-item 1 then writes them
  // through the image: it races with work-item 2's read, not only its own.
  EXPECT_FALSE(aliasStep(buffer, image, read(1, 3), other));
  EXPECT_FALSE(aliasStep(buffer, image, read(2, 4), other));
  ASSERT_TRUE(aliasStep(image, buffer, write(1), other));
  EXPECT_EQ(other.item, 2u);
  EXPECT_EQ(other.site, 4u);
  // Work-item 2 alone read: its own write finds only its own read.
  uint64_t image2[2] = {}, buffer2[2] = {};
  EXPECT_FALSE(aliasStep(buffer2, image2, read(2, 4), other));
  ASSERT_TRUE(aliasStep(image2, buffer2, write(2), other));
  EXPECT_EQ(other.item, 2u);
}

TEST(ImageAlias, AnotherWorkItemsWriteIsKeptBesideTheFirstWrite) {
  uint64_t image[2] = {}, buffer[2] = {};
  AliasAccess other;
  // Work-item 5 reads, then writes, then work-items 6 reads and 7 writes through the
  // image: a read by work-item 5 through the buffer names work-item 7's write.
  aliasStep(image, buffer, read(5), other);
  aliasStep(image, buffer, write(5, 8), other);
  aliasStep(image, buffer, read(6), other);
  aliasStep(image, buffer, write(7, 9), other);
  ASSERT_TRUE(aliasStep(buffer, image, read(5), other));
  EXPECT_EQ(other.item, 7u);
  EXPECT_EQ(other.site, 9u);
  EXPECT_TRUE(other.write);
  // A read by work-item 7 names work-item 5's write, the side's first.
  ASSERT_TRUE(aliasStep(buffer, image, read(7), other));
  EXPECT_EQ(other.item, 5u);
}

TEST(ImageAlias, TheFirstWriteKeepsAnotherWorkItemsEarlierRead) {
  uint64_t image[2] = {}, buffer[2] = {};
  AliasAccess other;
  // Work-item 3 reads through the image, work-item 4 then writes through it: a write by
  // work-item 4 through the buffer still names work-item 3's read.
  aliasStep(image, buffer, read(3, 5), other);
  aliasStep(image, buffer, write(4, 6), other);
  ASSERT_TRUE(aliasStep(buffer, image, write(4), other));
  EXPECT_EQ(other.item, 3u);
  EXPECT_EQ(other.site, 5u);
  EXPECT_FALSE(other.write);
}

TEST(ImageAlias, PackedFieldsRoundTrip) {
  const AliasAccess a{GlobalLayout::kItemMask, 0xfff, 0x1fffffu, true};
  const AliasAccess b = AliasSide::unpack(AliasSide::pack(a));
  EXPECT_EQ(b.item, a.item);
  EXPECT_EQ(b.site, a.site);
  EXPECT_EQ(b.allocation, a.allocation);
  EXPECT_TRUE(b.write);
}

} // namespace
} // namespace spvsim::race
