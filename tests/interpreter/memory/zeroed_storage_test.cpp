// ZeroedStorage: zero-filled blocks of any size, large ones on aligned maps.
#include "memory/zeroed_storage.h"

#include <gtest/gtest.h>

#include <cstring>

namespace spvsim {
namespace {

bool allZero(const std::byte *p, uint64_t size) {
  for (uint64_t i = 0; i < size; ++i)
    if (p[i] != std::byte{0}) return false;
  return true;
}

TEST(ZeroedStorage, SmallBlocksComeFromTheHeap) {
  for (uint64_t size : {0ull, 1ull, 4096ull, (4ull << 20) - 1}) {
    ZeroedStorage block = allocateZeroed(size);
    ASSERT_TRUE(block) << size;
    EXPECT_EQ(block.get_deleter().mappedBytes, 0u) << size;
    EXPECT_TRUE(allZero(block.get(), size + 1)) << size;
  }
}

TEST(ZeroedStorage, LargeBlocksAreMappedOnHugePageBoundaries) {
  constexpr uint64_t kHuge = 2 << 20;
  for (uint64_t size : {4ull << 20, (6ull << 20) + 3, 32ull << 20}) {
    ZeroedStorage block = allocateZeroed(size);
    ASSERT_TRUE(block) << size;
    const uint64_t mapped = block.get_deleter().mappedBytes;
    EXPECT_GE(mapped, size + 1) << size;
    EXPECT_EQ(mapped % kHuge, 0u) << size;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(block.get()) % kHuge, 0u) << size;
    // Zero throughout, the spare byte included, and writable to its end.
    EXPECT_TRUE(allZero(block.get(), size + 1)) << size;
    std::memset(block.get(), 0x5a, size + 1);
    EXPECT_EQ(block[size], std::byte{0x5a});
  }
}

TEST(ZeroedStorage, AnImpossibleSizeIsNull) {
  EXPECT_FALSE(allocateZeroed(uint64_t(1) << 62));
  EXPECT_FALSE(allocateZeroed(~uint64_t(0)));
}

} // namespace
} // namespace spvsim
