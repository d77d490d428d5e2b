// GlobalMemory: host-created buffers and sub-buffers with stable ids.
#include "spvsim/interpreter/global_memory.h"

#include <algorithm>
#include <cstdlib>
#include <sys/resource.h>
#include <unistd.h>

#include "spvsim/common/error.h"

namespace spvsim {

void GlobalMemory::FreeBytes::operator()(std::byte *p) const {
  std::free(p);
}

uint64_t defaultMemoryCapacity() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), pageSize = ::sysconf(_SC_PAGE_SIZE);
  uint64_t memory =
      pages > 0 && pageSize > 0 ? uint64_t(pages) * uint64_t(pageSize) : uint64_t(4) << 30;
  for (int resource : {RLIMIT_AS, RLIMIT_DATA}) {
    struct rlimit limit;
    if (::getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
      memory = std::min<uint64_t>(memory, limit.rlim_cur);
  }
  return memory / 2;
}

GlobalMemory::GlobalMemory(uint64_t capacity) : capacity_(capacity), infos_(1), storage_(1) {}
GlobalMemory::~GlobalMemory() = default;

BufferId GlobalMemory::create(uint64_t size, std::string name, BufferAccess access) {
  if (infos_.size() >= (1u << 21) - 1) throw Error("too many buffers");
  if (size > capacity_ - allocated_)
    throw LimitError(LimitError::Limit::BufferMemory,
                     "buffer '" + name + "' of " + std::to_string(size) +
                         " bytes does not fit: " + std::to_string(allocated_) + " of the " +
                         std::to_string(capacity_) + " bytes buffers may take are in use");
  BufferInfo info;
  info.name = std::move(name);
  info.size = size;
  info.access = access;
  infos_.push_back(std::move(info));
  // Zero-filled; one spare byte so that a zero-sized buffer still has an address.
  auto *bytes = static_cast<std::byte *>(std::calloc(size + 1, 1));
  if (!bytes)
    throw Error("cannot allocate " + std::to_string(size) + " bytes for buffer '" +
                infos_.back().name + "'");
  storage_.emplace_back(bytes);
  allocated_ += size;
  return static_cast<BufferId>(infos_.size() - 1);
}

BufferId GlobalMemory::createSub(BufferId parent, uint64_t offset, uint64_t size, std::string name,
                                 BufferAccess access) {
  const BufferInfo &p = info(parent);
  if (p.parent != 0) throw Error("a sub-buffer cannot be created from a sub-buffer");
  if (offset > p.size || size > p.size - offset)
    throw Error("sub-buffer [" + std::to_string(offset) + ", " + std::to_string(offset + size) +
                ") is outside buffer '" + p.name + "' of " + std::to_string(p.size) + " bytes");
  BufferInfo info;
  info.name = std::move(name);
  info.size = size;
  info.access = access;
  info.parent = parent;
  info.parentOffset = offset;
  infos_.push_back(std::move(info));
  storage_.emplace_back(); // views its parent's storage
  return static_cast<BufferId>(infos_.size() - 1);
}

BufferId GlobalMemory::programScopeBuffer(const void *program, const std::string &name,
                                          std::span<const std::byte> init, BufferAccess access) {
  auto key = std::make_pair(program, name);
  if (auto it = programScope_.find(key); it != programScope_.end()) return it->second;
  BufferId id = create(init.size(), name, access);
  std::copy(init.begin(), init.end(), bytes(id).begin());
  programScope_.emplace(std::move(key), id);
  return id;
}

void GlobalMemory::release(BufferId id) {
  BufferInfo &i = infos_.at(id == 0 ? infos_.size() : id);
  if (i.parent == 0 && !i.released) allocated_ -= i.size;
  i.released = true;
  if (i.parent == 0) storage_[id].reset();
}

const BufferInfo &GlobalMemory::info(BufferId id) const {
  if (id == 0 || id >= infos_.size()) throw Error("no buffer with id " + std::to_string(id));
  return infos_[id];
}

std::span<std::byte> GlobalMemory::bytes(BufferId id) {
  const BufferInfo &i = info(id);
  if (i.released || (i.parent && infos_[i.parent].released))
    throw Error("buffer '" + i.name + "' was released");
  if (i.parent) return {storage_[i.parent].get() + i.parentOffset, i.size};
  return {storage_[id].get(), i.size};
}

std::span<const std::byte> GlobalMemory::bytes(BufferId id) const {
  return const_cast<GlobalMemory *>(this)->bytes(id);
}

} // namespace spvsim
