// ZeroedStorage (memory/zeroed_storage.h): calloc, or an aligned anonymous map.
#include "memory/zeroed_storage.h"

#include <cstdlib>
#include <sys/mman.h>

namespace spvsim {

namespace {
constexpr uint64_t kHugePage = uint64_t(2) << 20;
/// Below this, calloc: its blocks share pages, and a huge page would commit
/// more than the block.
constexpr uint64_t kMapThreshold = uint64_t(4) << 20;
} // namespace

void ZeroedStorageFree::operator()(std::byte *p) const {
  if (mappedBytes)
    ::munmap(p, mappedBytes);
  else
    std::free(p);
}

ZeroedStorage allocateZeroed(uint64_t size) {
  if (size < kMapThreshold)
    return ZeroedStorage(static_cast<std::byte *>(std::calloc(size + 1, 1)));
  const uint64_t bytes = (size + 1 + kHugePage - 1) & ~(kHugePage - 1);
  if (bytes < size) return nullptr;
  // Over-map by one huge page and trim both ends to the aligned block.
  void *raw = ::mmap(nullptr, bytes + kHugePage, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  auto *start = static_cast<std::byte *>(raw);
  const uint64_t head = (kHugePage - reinterpret_cast<uintptr_t>(start) % kHugePage) % kHugePage;
  if (head) ::munmap(start, head);
  if (kHugePage - head) ::munmap(start + head + bytes, kHugePage - head);
  std::byte *block = start + head;
#ifdef MADV_HUGEPAGE
  ::madvise(block, bytes, MADV_HUGEPAGE); // advice only: without huge pages, 4 KiB pages
#endif
  return ZeroedStorage(block, ZeroedStorageFree{bytes});
}

} // namespace spvsim
