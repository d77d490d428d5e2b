// RaceShadow::WordArray: the shadow words of one global allocation, mapped without
// reserving memory and committed a chunk at a time where accesses touch them
// (race_shadow.h; interpreter/DESIGN.md "Race detection").
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "checks/races/race_shadow.h"
#include "spvsim/common/error.h"

namespace spvsim {

// Words are mapped without reserving memory: only the pages of words that
// accesses touch are ever committed (DESIGN.md: ≤ 2 bytes per byte touched at
// 4-byte granules).
struct RaceShadow::WordArray {
  explicit WordArray(uint64_t count)
      : bytes(count * sizeof(uint64_t)),
        populated(new std::atomic<uint8_t>[(bytes >> kChunkShift) + 1]()) {
    void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw Error("cannot map the race shadow of a buffer");
    words = static_cast<uint64_t *>(p);
  }
  ~WordArray() { munmap(words, bytes); }
  WordArray(const WordArray &) = delete;
  WordArray &operator=(const WordArray &) = delete;

  /// Commits the 64 KiB of words around word g before its first write: one system
  /// call instead of a read fault and a write fault per page.
  void populate(uint64_t g) {
    const uint64_t chunk = (g * sizeof(uint64_t)) >> kChunkShift;
    if (populated[chunk].load(std::memory_order_relaxed)) return;
#ifdef MADV_POPULATE_WRITE
    const uint64_t start = chunk << kChunkShift;
    madvise(reinterpret_cast<std::byte *>(words) + start,
            std::min<uint64_t>(uint64_t(1) << kChunkShift, bytes - start), MADV_POPULATE_WRITE);
#endif
    populated[chunk].store(1, std::memory_order_relaxed);
  }

  static constexpr uint32_t kChunkShift = 16;
  uint64_t bytes;
  std::unique_ptr<std::atomic<uint8_t>[]> populated; ///< per chunk of words
  uint64_t *words = nullptr;
};

} // namespace spvsim
