// RaceShadow::WordArray: the shadow words of one global allocation, mapped without
// reserving memory and committed a chunk at a time where accesses touch them, and
// the process's pool of word arrays that launches hand on to each other
// (race_word_array.cpp; race_shadow.h; interpreter/DESIGN.md "Race detection").
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "checks/races/race_shadow.h"

namespace spvsim {

// Words are mapped without reserving memory: only the pages of words that
// accesses touch are ever committed (DESIGN.md: ≤ 2 bytes per byte touched at
// 4-byte granules). A launch takes its arrays from a pool and gives them back;
// the next launch of a buffer of that size class takes one and clears only the
// pages the last one wrote, in memory already committed: no mapping, page faults
// and unmapping per launch, and no clearing of every committed chunk.
struct RaceShadow::WordArray {
  /// An array of at least `count` zero words: from the pool when it holds one of
  /// that size class (its pages written by the launch that gave it cleared), else
  /// newly mapped.
  static std::unique_ptr<WordArray> take(uint64_t count);
  /// Keeps the array for the next launch (the oldest arrays make room), or unmaps it
  /// when it alone has more committed memory than the pool keeps.
  static void give(std::unique_ptr<WordArray> array);
  /// Committed bytes the pool holds at most (its arrays' committed chunks): a
  /// sixteenth of the machine's memory, at least 64 MiB and at most 1 GiB. A launch
  /// over a buffer of hundreds of megabytes hands its words on too: clearing the pages
  /// it wrote costs a fraction of committing them anew and unmapping them.
  static uint64_t poolBytes();
  /// Arrays the pool holds at most.
  static constexpr size_t kPoolArrays = 32;
  /// The pool's arrays and committed bytes (for tests).
  static std::pair<size_t, uint64_t> pooled();

  explicit WordArray(uint64_t bytes);
  ~WordArray();
  WordArray(const WordArray &) = delete;
  WordArray &operator=(const WordArray &) = delete;

  /// Before the first write to the page of words holding word g in this launch:
  /// notes the page as written and commits the 64 KiB of words around it, unless
  /// committed already (one system call instead of a read fault and a write fault per
  /// page). Called under the page's lock (RaceShadow::lock guards the same 4 KiB).
  void populate(uint64_t g) {
    const uint64_t page = g >> RaceShadow::kWordsPerLock;
    if (written[page].load(std::memory_order_relaxed)) return;
    written[page].store(1, std::memory_order_relaxed);
    commit(page);
  }

  /// The words' mapping: a power of two bytes, at least one chunk.
  uint64_t bytes;
  uint64_t *words = nullptr;

private:
  static constexpr uint32_t kChunkShift = 16;
  static constexpr uint32_t kPageShift = RaceShadow::kWordsPerLock + 3; ///< bytes of a page
  void commit(uint64_t page);
  /// Clears the written pages and forgets that they were.
  void clearWritten();
  std::unique_ptr<std::atomic<uint8_t>[]> committed; ///< per chunk of words
  std::unique_ptr<std::atomic<uint8_t>[]> written;   ///< per page of words, since take()
  std::atomic<uint64_t> committedBytes{0};
};

} // namespace spvsim
