// AllocationTable: the global and constant allocations as one launch sees them, by
// allocation id. Ids are not reused while unused ones last (GlobalMemory), so a program that
// creates and releases buffers launch after launch leaves a long tail of released ids behind it.
// The table is built in chunks of consecutive ids: a chunk whose every buffer is
// released never changes again, so GlobalMemory builds it once and every later launch
// shares it; a launch builds only the chunks that still hold a live buffer. A launch
// therefore costs in proportion to its live buffers and the number of chunks, not to
// every buffer the program ever created.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "memory/tagged_pointer.h"
#include "spvsim/interpreter/global_memory.h"

namespace spvsim {

/// A global or constant allocation as a launch sees it.
struct AllocationView {
  std::byte *base = nullptr;
  uint64_t size = 0;
  BufferAccess access = BufferAccess::ReadWrite;
  AddressSpace space = AddressSpace::Global;
  bool released = false;
  HostMapping mapped = HostMapping::None; ///< the host has it (or a parent or child) mapped
  bool svm = false; ///< an SVM allocation (BufferInfo::svm); in the padding before `shadow`
  uint8_t *shadow = nullptr; ///< definedness of its bytes (BufferView::shadow); null: all defined
  uint32_t parent = 0;       ///< id of the parent allocation for sub-buffers
  uint64_t parentOffset = 0; ///< byte offset inside the parent
  std::string name;
};

/// A live SVM allocation's host addresses [begin, end) (BufferInfo::svm).
struct SvmRange {
  uint64_t begin = 0;
  uint64_t end = 0;
  uint32_t id = 0;
};

/// Consecutive ids [k * kAllocationChunkSize, (k + 1) * kAllocationChunkSize).
inline constexpr uint32_t kAllocationChunkBits = 8;
inline constexpr uint32_t kAllocationChunkSize = 1u << kAllocationChunkBits;
struct AllocationChunk {
  std::array<AllocationView, kAllocationChunkSize> views;
};

class AllocationTable {
public:
  /// Number of ids (id 0, NULL, included).
  size_t size() const { return size_; }
  const AllocationView &operator[](size_t id) const {
    return chunks_[id >> kAllocationChunkBits]->views[id & (kAllocationChunkSize - 1)];
  }
  /// Chunks of kAllocationChunkSize ids (the last one possibly not full).
  size_t chunkCount() const { return chunks_.size(); }
  /// Whether chunk `c` is shared with other launches (GlobalMemory::launchAllocations
  /// shares only chunks whose every buffer is released): none of its ids is accessed.
  bool chunkReleased(size_t c) const { return !owned_[c]; }
  /// The view of `id` to change for this launch alone: a shared chunk is copied first.
  AllocationView &edit(size_t id) {
    const size_t c = id >> kAllocationChunkBits;
    if (!owned_[c]) {
      chunks_[c] = std::make_shared<AllocationChunk>(*chunks_[c]);
      owned_[c] = true;
    }
    // Owned chunks were made non-const by this table.
    return const_cast<AllocationChunk &>(*chunks_[c]).views[id & (kAllocationChunkSize - 1)];
  }

  /// The live SVM allocations, sorted by address (they do not overlap).
  const std::vector<SvmRange> &svmRanges() const { return svm_; }
  /// The SVM allocation whose bytes hold host address `address`, else the one it is one
  /// past the end of (an access there is out of its bounds); null when there is none.
  const SvmRange *findSvm(uint64_t address) const {
    // The first range beginning after `address`; the one before it may hold it.
    auto after = std::upper_bound(svm_.begin(), svm_.end(), address,
                                  [](uint64_t a, const SvmRange &r) { return a < r.begin; });
    if (after == svm_.begin()) return nullptr;
    const SvmRange &r = *std::prev(after);
    return address <= r.end ? &r : nullptr;
  }
  void setSvmRanges(std::vector<SvmRange> ranges) { svm_ = std::move(ranges); }

  /// Building (GlobalMemory::launchAllocations): the next chunk, shared with other
  /// launches (never changed) or this table's own.
  void appendShared(std::shared_ptr<const AllocationChunk> chunk) {
    chunks_.push_back(std::move(chunk));
    owned_.push_back(false);
  }
  void appendOwned(std::shared_ptr<AllocationChunk> chunk) {
    chunks_.push_back(std::move(chunk));
    owned_.push_back(true);
  }
  void setSize(size_t size) { size_ = size; }
  void reserveChunks(size_t n) {
    chunks_.reserve(n);
    owned_.reserve(n);
  }

  class const_iterator {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = AllocationView;
    using difference_type = std::ptrdiff_t;
    using pointer = const AllocationView *;
    using reference = const AllocationView &;
    const_iterator() = default;
    const_iterator(const AllocationTable *table, size_t id) : table_(table), id_(id) {}
    reference operator*() const { return (*table_)[id_]; }
    pointer operator->() const { return &(*table_)[id_]; }
    const_iterator &operator++() {
      ++id_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator before = *this;
      ++id_;
      return before;
    }
    bool operator==(const const_iterator &o) const { return id_ == o.id_; }

  private:
    const AllocationTable *table_ = nullptr;
    size_t id_ = 0;
  };
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }

private:
  std::vector<std::shared_ptr<const AllocationChunk>> chunks_;
  std::vector<bool> owned_;
  size_t size_ = 0;
  std::vector<SvmRange> svm_;
};

} // namespace spvsim
