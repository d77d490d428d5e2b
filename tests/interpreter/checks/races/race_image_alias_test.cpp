// The alias words of bytes an image and its buffer share (race_image_alias.h): a write
// through one side conflicts with any access through the other, reads through both do
// not, and the side keeps its first write as the access a finding names.
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
  uint64_t image = 0, buffer = 0;
  AliasAccess other;
  EXPECT_FALSE(aliasStep(image, buffer, read(1), other));
  EXPECT_FALSE(aliasStep(buffer, image, read(2), other));
  EXPECT_FALSE(aliasStep(image, buffer, read(3), other));
}

TEST(ImageAlias, AWriteConflictsWithAnyAccessOfTheOtherSide) {
  uint64_t image = 0, buffer = 0;
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
  uint64_t image = 0, buffer = 0;
  AliasAccess other;
  EXPECT_FALSE(aliasStep(buffer, image, write(1), other));
  EXPECT_FALSE(aliasStep(buffer, image, read(2), other));
  EXPECT_FALSE(aliasStep(buffer, image, write(3), other));
}

TEST(ImageAlias, TheSideKeepsItsFirstWriteOverReads) {
  uint64_t image = 0, buffer = 0;
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
