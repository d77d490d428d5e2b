// Coarse-grained SVM allocations (see svm.h).
#include "core/svm.h"

#include <cstdlib>
#include <cstring>

namespace spvsim::runtime {

namespace {

/// Host memory of `size` bytes at a multiple of `alignment` that does not cross a
/// multiple of 2^40 (the window of a kernel's pointer: memory/tagged_pointer.h).
std::byte *allocateSvmBytes(size_t size, size_t alignment) {
  const size_t rounded = (size + alignment - 1) / alignment * alignment;
  if (rounded < size) return nullptr;
  std::vector<void *> crossing; // kept until a block that fits is found
  std::byte *result = nullptr;
  for (int attempt = 0; attempt < 4 && !result; ++attempt) {
    void *p = std::aligned_alloc(alignment, rounded);
    if (!p) break;
    const uintptr_t begin = reinterpret_cast<uintptr_t>(p);
    if ((begin >> 40) == ((begin + size) >> 40))
      result = static_cast<std::byte *>(p);
    else
      crossing.push_back(p);
  }
  for (void *p : crossing) std::free(p);
  if (result) std::memset(result, 0, rounded); // the padding too: nothing of it is stale
  return result;
}

} // namespace

SvmBlock::SvmBlock(std::byte *data, size_t size, cl_svm_mem_flags flags, std::string name)
    : data_(data), size_(size), flags_(flags), name_(std::move(name)) {}

SvmBlock::~SvmBlock() {
  std::free(data_);
}

void *SvmHeap::allocate(cl_svm_mem_flags flags, size_t size, size_t alignment, std::string name) {
  std::byte *bytes = allocateSvmBytes(size, std::max<size_t>(alignment, sizeof(void *)));
  if (!bytes) return nullptr;
  auto block = std::make_shared<SvmBlock>(bytes, size, flags, name);
  const BufferAccess access = (flags & CL_MEM_READ_ONLY)    ? BufferAccess::ReadOnly
                              : (flags & CL_MEM_WRITE_ONLY) ? BufferAccess::WriteOnly
                                                            : BufferAccess::ReadWrite;
  block->setId(memory_.createSvm({bytes, size}, std::move(name), access));
  std::lock_guard lock(mutex_);
  blocks_.emplace(reinterpret_cast<uintptr_t>(bytes), std::move(block));
  return bytes;
}

bool SvmHeap::free(void *pointer) {
  std::shared_ptr<SvmBlock> block;
  {
    std::lock_guard lock(mutex_);
    auto it = blocks_.find(reinterpret_cast<uintptr_t>(pointer));
    if (it == blocks_.end()) return false;
    block = std::move(it->second);
    blocks_.erase(it);
    mapped_.erase(block->id());
    for (auto m = mappings_.begin(); m != mappings_.end();)
      m = block->holds(size_t(static_cast<const std::byte *>(m->first) - block->data()), 0)
              ? mappings_.erase(m)
              : std::next(m);
  }
  // Later launches see it released; its bytes go when the last command holding it ends.
  memory_.release(block->id());
  return true;
}

SvmPlace SvmHeap::find(const void *pointer, size_t size) const {
  const uintptr_t address = reinterpret_cast<uintptr_t>(pointer);
  std::lock_guard lock(mutex_);
  auto after = blocks_.upper_bound(address);
  if (after == blocks_.begin()) return {};
  const std::shared_ptr<SvmBlock> &block = std::prev(after)->second;
  const size_t offset = address - std::prev(after)->first;
  if (offset >= block->size() || !block->holds(offset, size)) return {};
  return {block, offset};
}

std::vector<std::shared_ptr<SvmBlock>> SvmHeap::blocks() const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<SvmBlock>> all;
  all.reserve(blocks_.size());
  for (const auto &[address, block] : blocks_) all.push_back(block);
  return all;
}

void SvmHeap::mappingStarted(const SvmBlock &block, cl_map_flags flags) {
  std::lock_guard lock(mutex_);
  MapState &s = mapped_[block.id()];
  (flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION) ? s.writes : s.reads)++;
  memory_.setHostMapping(block.id(), s.writes  ? HostMapping::Write
                                     : s.reads ? HostMapping::Read
                                               : HostMapping::None);
}

void SvmHeap::mappingEnded(const SvmBlock &block, cl_map_flags flags) {
  std::lock_guard lock(mutex_);
  auto it = mapped_.find(block.id());
  if (it == mapped_.end()) return;
  MapState &s = it->second;
  uint32_t &count = flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION) ? s.writes : s.reads;
  if (count) --count;
  memory_.setHostMapping(block.id(), s.writes  ? HostMapping::Write
                                     : s.reads ? HostMapping::Read
                                               : HostMapping::None);
}

void SvmHeap::issueMapping(const void *pointer, cl_map_flags flags) {
  std::lock_guard lock(mutex_);
  mappings_.emplace(pointer, flags);
}

bool SvmHeap::withdrawMapping(const void *pointer, cl_map_flags &flags) {
  std::lock_guard lock(mutex_);
  auto it = mappings_.find(pointer);
  if (it == mappings_.end()) return false;
  flags = it->second;
  mappings_.erase(it);
  return true;
}

} // namespace spvsim::runtime
