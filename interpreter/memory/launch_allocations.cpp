// GlobalMemory::launchAllocations: a launch's allocation table (memory/allocation_table.h)
// read at one instant, the chunks whose every buffer is released built once and shared.
#include <algorithm>

#include "memory/allocation_table.h"
#include "memory/defined_shadow.h"
#include "spvsim/interpreter/global_memory.h"

namespace spvsim {

AllocationTable GlobalMemory::launchAllocations() const {
  std::lock_guard lock(mutex_);
  const size_t count = infos_.size();
  const size_t chunks = (count + kAllocationChunkSize - 1) / kAllocationChunkSize;
  AllocationTable table;
  table.reserveChunks(chunks);
  table.setSize(count);
  std::vector<BufferId> mapped, live;
  std::vector<SvmRange> svm;
  for (size_t c = 0; c < chunks; ++c) {
    if (c < releasedChunks_.size() && releasedChunks_[c]) {
      table.appendShared(releasedChunks_[c]);
      continue;
    }
    auto chunk = std::make_shared<AllocationChunk>();
    const size_t first = c * kAllocationChunkSize;
    const size_t end = std::min(count, first + kAllocationChunkSize);
    // A chunk not yet full may still get live buffers.
    bool allReleased = end - first == kAllocationChunkSize;
    for (size_t id = std::max<size_t>(first, 1); id < end; ++id) {
      const BufferInfo &i = infos_[id];
      AllocationView &v = chunk->views[id - first];
      v.name = i.name;
      v.size = i.size;
      v.access = i.access;
      v.parent = i.parent;
      v.parentOffset = i.parentOffset;
      // A sub-buffer of a released buffer is released with it.
      v.released = i.released || (i.parent && infos_[i.parent].released);
      if (v.released) continue;
      allReleased = false;
      live.push_back(static_cast<BufferId>(id));
      if (i.mapping != HostMapping::None) mapped.push_back(static_cast<BufferId>(id));
      v.base = i.parent ? storage_[i.parent].get() + i.parentOffset : storage_[id].get();
      if (auto [shadow, at] = shadowLocked(static_cast<BufferId>(id)); shadow)
        v.shadow = shadow->data() + at;
      v.svm = i.svm;
      if (i.svm) {
        const uint64_t begin = reinterpret_cast<uintptr_t>(v.base);
        svm.push_back({begin, begin + i.size, static_cast<uint32_t>(id)});
      }
    }
    if (allReleased) {
      if (releasedChunks_.size() <= c) releasedChunks_.resize(c + 1);
      releasedChunks_[c] = chunk;
      table.appendShared(std::move(chunk));
    } else {
      table.appendOwned(std::move(chunk));
    }
  }
  // A mapping covers the buffer's sub-buffers and its parent too (OpenCL API §5.5.4).
  // Released buffers need none: an access to one is reported as released first.
  for (BufferId id : mapped) {
    const HostMapping mapping = infos_[id].mapping;
    auto cover = [&](BufferId target) {
      if (table[target].released) return;
      AllocationView &v = table.edit(target);
      v.mapped = std::max(v.mapped, mapping);
    };
    cover(id);
    if (infos_[id].parent) cover(infos_[id].parent);
    for (BufferId other : live)
      if (infos_[other].parent == id) cover(other);
  }
  std::sort(svm.begin(), svm.end(),
            [](const SvmRange &a, const SvmRange &b) { return a.begin < b.begin; });
  table.setSvmRanges(std::move(svm));
  return table;
}

} // namespace spvsim
