// race::RootSlots: one pointer per allocation id of a launch (the race shadow's words of
// each root buffer), set on first use. Buffer ids are not reused while unused ones last, so a
// process that creates and releases buffers leaves a long tail of dead ids behind it: the slots
// come in the allocation table's chunks of consecutive ids, and a chunk whose every buffer is
// released (shared by the table, memory/allocation_table.h) gets none. A launch pays for
// the chunks of its live buffers, not for every buffer the process ever created.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "memory/allocation_table.h"

namespace spvsim::race {

template <class T> class RootSlots {
public:
  RootSlots() = default;
  explicit RootSlots(const AllocationTable &table) : chunks_(table.chunkCount()) {
    for (size_t c = 0; c < chunks_.size(); ++c)
      if (!table.chunkReleased(c)) chunks_[c] = std::make_unique<Chunk>();
  }

  /// The slot of allocation `id`, or nullptr when every buffer of its chunk is released
  /// (or the id is beyond the table): nothing of it is accessed.
  std::atomic<T *> *slot(uint32_t id) {
    const size_t c = id >> kAllocationChunkBits;
    if (c >= chunks_.size() || !chunks_[c]) return nullptr;
    return &chunks_[c]->slots[id & (kAllocationChunkSize - 1)];
  }
  /// The pointer of allocation `id` (nullptr when not set or without a slot).
  T *get(uint32_t id) {
    std::atomic<T *> *s = slot(id);
    return s ? s->load(std::memory_order_acquire) : nullptr;
  }

  /// The slots held: kAllocationChunkSize per chunk that holds a live buffer.
  size_t size() const {
    size_t n = 0;
    for (const std::unique_ptr<Chunk> &c : chunks_) n += c ? kAllocationChunkSize : 0;
    return n;
  }
  /// The chunks the table has (one null pointer each for the released ones).
  size_t chunks() const { return chunks_.size(); }

private:
  struct Chunk {
    std::array<std::atomic<T *>, kAllocationChunkSize> slots{};
  };
  std::vector<std::unique_ptr<Chunk>> chunks_;
};

} // namespace spvsim::race
