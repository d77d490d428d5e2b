// RaceShadow::WordArray: mapping, committing and clearing the shadow words of one
// global allocation, and the pool that hands them from launch to launch
// (race_word_array.h).
#include "checks/races/race_word_array.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <deque>
#include <mutex>
#include <vector>

#include "spvsim/common/error.h"

namespace spvsim {

namespace {

/// The arrays launches gave back, oldest first, and their committed bytes.
struct WordArrayPool {
  std::mutex mutex;
  std::deque<std::unique_ptr<RaceShadow::WordArray>> arrays;
  uint64_t committed = 0;
};

WordArrayPool &pool() {
  // Never destroyed: a launch still running when the program exits (exit() from another
  // thread) gives its arrays back after static destructors have run.
  static WordArrayPool &p = *std::make_unique<WordArrayPool>().release();
  return p;
}

/// The mapping of `count` words: a power of two bytes, at least 64 KiB, so that
/// arrays of nearby sizes are one size class.
uint64_t sizeClass(uint64_t count) {
  return std::bit_ceil(std::max<uint64_t>(count * sizeof(uint64_t), uint64_t(1) << 16));
}

} // namespace

uint64_t RaceShadow::WordArray::poolBytes() {
  static const uint64_t bytes = [] {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    const uint64_t memory = pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : 0;
    return std::clamp<uint64_t>(memory / 16, uint64_t(64) << 20, uint64_t(1) << 30);
  }();
  return bytes;
}

RaceShadow::WordArray::WordArray(uint64_t mapped)
    : bytes(mapped), committed(new std::atomic<uint8_t>[(mapped >> kChunkShift) + 1]()),
      written(new std::atomic<uint8_t>[(mapped >> kPageShift) + 1]()) {
  void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw Error("cannot map the race shadow of a buffer");
  words = static_cast<uint64_t *>(p);
}

RaceShadow::WordArray::~WordArray() {
  munmap(words, bytes);
}

void RaceShadow::WordArray::commit(uint64_t page) {
  const uint64_t chunk = page >> (kChunkShift - kPageShift);
  if (committed[chunk].exchange(1, std::memory_order_relaxed)) return;
  const uint64_t start = chunk << kChunkShift;
  const uint64_t length = std::min<uint64_t>(uint64_t(1) << kChunkShift, bytes - start);
#ifdef MADV_POPULATE_WRITE
  madvise(reinterpret_cast<std::byte *>(words) + start, length, MADV_POPULATE_WRITE);
#endif
  committedBytes.fetch_add(length, std::memory_order_relaxed);
}

void RaceShadow::WordArray::clearWritten() {
  const uint64_t pages = bytes >> kPageShift;
  for (uint64_t page = 0; page < pages; ++page) {
    if (!written[page].load(std::memory_order_relaxed)) continue;
    // Runs of written pages at once.
    uint64_t end = page + 1;
    while (end < pages && written[end].load(std::memory_order_relaxed)) ++end;
    std::memset(reinterpret_cast<std::byte *>(words) + (page << kPageShift), 0,
                (end - page) << kPageShift);
    for (uint64_t k = page; k < end; ++k) written[k].store(0, std::memory_order_relaxed);
    page = end;
  }
}

std::unique_ptr<RaceShadow::WordArray> RaceShadow::WordArray::take(uint64_t count) {
  const uint64_t mapped = sizeClass(count);
  std::unique_ptr<WordArray> a;
  {
    WordArrayPool &p = pool();
    std::lock_guard lock(p.mutex);
    // The newest of its class: its committed pages are the likeliest to be in cache.
    for (auto it = p.arrays.rbegin(); it != p.arrays.rend(); ++it) {
      if ((*it)->bytes != mapped) continue;
      a = std::move(*it);
      p.arrays.erase(std::next(it).base());
      p.committed -= a->committedBytes.load(std::memory_order_relaxed);
      break;
    }
  }
  if (!a) return std::make_unique<WordArray>(mapped);
  // Cleared when taken, not when given: an array the pool evicts, or still holds when
  // the process ends, is unmapped without being cleared.
  a->clearWritten();
  return a;
}

void RaceShadow::WordArray::give(std::unique_ptr<WordArray> array) {
  const uint64_t committed = array->committedBytes.load(std::memory_order_relaxed);
  const uint64_t most = poolBytes();
  if (committed > most) return; // unmapped: more than the pool keeps
  WordArrayPool &p = pool();
  std::vector<std::unique_ptr<WordArray>> evicted; // unmapped after the lock is released
  std::lock_guard lock(p.mutex);
  // The oldest arrays make room.
  while (!p.arrays.empty() && (p.arrays.size() >= kPoolArrays || p.committed + committed > most)) {
    p.committed -= p.arrays.front()->committedBytes.load(std::memory_order_relaxed);
    evicted.push_back(std::move(p.arrays.front()));
    p.arrays.pop_front();
  }
  p.committed += committed;
  p.arrays.push_back(std::move(array));
}

std::pair<size_t, uint64_t> RaceShadow::WordArray::pooled() {
  WordArrayPool &p = pool();
  std::lock_guard lock(p.mutex);
  return {p.arrays.size(), p.committed};
}

} // namespace spvsim
