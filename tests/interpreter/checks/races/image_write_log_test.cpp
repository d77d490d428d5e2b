// A warp's log of image writes not yet fenced (image_write_log.h): a lane finds only its
// own writes, and an image fence ends the writes of the lanes that pass it.
#include "checks/races/image_write_log.h"

#include <gtest/gtest.h>

namespace spvsim {
namespace {

TEST(ImageWriteLog, ALaneFindsItsOwnWritesOnly) {
  ImageWriteLog log;
  EXPECT_TRUE(log.empty());
  log.wrote(3, 0x100, 9, 7);
  EXPECT_FALSE(log.empty());
  uint32_t site = 0, image = 0;
  EXPECT_TRUE(log.find(3, 0x100, site, image));
  EXPECT_EQ(site, 7u);
  EXPECT_EQ(image, 9u);
  EXPECT_FALSE(log.find(4, 0x100, site, image));
  EXPECT_FALSE(log.find(3, 0x110, site, image));
}

TEST(ImageWriteLog, AFenceEndsTheWritesOfItsLanes) {
  ImageWriteLog log;
  log.wrote(0, 0x100, 9, 1);
  log.wrote(1, 0x100, 9, 1);
  log.wrote(1, 0x200, 9, 2);
  log.fenced(uint64_t(1) << 1);
  uint32_t site = 0, image = 0;
  EXPECT_TRUE(log.find(0, 0x100, site, image));
  EXPECT_FALSE(log.find(1, 0x100, site, image));
  EXPECT_FALSE(log.find(1, 0x200, site, image));
  log.fenced(~uint64_t(0));
  EXPECT_TRUE(log.empty());
  EXPECT_FALSE(log.find(0, 0x100, site, image));
  log.wrote(2, 0x300, 9, 4);
  log.clear();
  EXPECT_TRUE(log.empty());
  EXPECT_FALSE(log.find(2, 0x300, site, image));
}

TEST(ImageWriteLog, ALaterWriteOfTheMemoryNamesItsImage) {
  ImageWriteLog log;
  log.wrote(0, 0x100, 5, 1); // through one view of the bytes
  log.wrote(0, 0x100, 6, 2); // through another
  uint32_t site = 0, image = 0;
  ASSERT_TRUE(log.find(0, 0x100, site, image));
  EXPECT_EQ(site, 2u);
  EXPECT_EQ(image, 6u);
}

} // namespace
} // namespace spvsim
