// GlobalMemory: host-created buffers and sub-buffers with stable ids.
#include "spvsim/interpreter/global_memory.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <sys/resource.h>
#include <unistd.h>

#include "memory/allocation_table.h"
#include "memory/defined_shadow.h"
#include "memory/tagged_pointer.h"
#include "memory/zeroed_storage.h"
#include "spvsim/common/error.h"

namespace spvsim {

void GlobalMemory::FreeBytes::operator()(std::byte *p) const {
  if (owned) ZeroedStorageFree{mappedBytes}(p);
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

GlobalMemory::GlobalMemory(uint64_t capacity, uint32_t idLimit)
    : capacity_(capacity), idLimit_(std::clamp<uint32_t>(idLimit, 2, tagged::kMaxId)), infos_(1),
      storage_(1), shadows_(1) {}
GlobalMemory::~GlobalMemory() = default;

BufferId GlobalMemory::create(uint64_t size, std::string name, BufferAccess access) {
  std::lock_guard lock(mutex_);
  return createLocked(size, std::move(name), access);
}

BufferId GlobalMemory::newIdLocked() {
  if (freeIds_.empty() && infos_.size() < idLimit_) {
    infos_.emplace_back();
    storage_.emplace_back();
    shadows_.emplace_back();
    return static_cast<BufferId>(infos_.size() - 1);
  }
  if (freeIds_.empty() && !recycleChunkLocked())
    throw Error("too many buffers: all " + std::to_string(idLimit_ - 1) +
                " buffer ids are taken, and no " + std::to_string(kAllocationChunkSize) +
                " consecutive ones are all released to be used again");
  const BufferId id = freeIds_.front();
  freeIds_.pop_front();
  infos_[id] = BufferInfo{};
  // Its chunk is no longer all released: later launches build it again.
  if (const size_t c = id / kAllocationChunkSize; c < releasedChunks_.size())
    releasedChunks_[c].reset();
  return id;
}

bool GlobalMemory::recycleChunkLocked() {
  const size_t count = infos_.size();
  const size_t chunks = (count + kAllocationChunkSize - 1) / kAllocationChunkSize;
  const auto released = [&](size_t id) {
    const BufferInfo &i = infos_[id];
    return i.released || (i.parent && infos_[i.parent].released);
  };
  for (size_t k = 0; k < chunks; ++k) {
    const size_t c = (recycleCursor_ + k) % chunks;
    const size_t first = std::max<size_t>(c * kAllocationChunkSize, 1);
    const size_t end = std::min(count, (c + 1) * kAllocationChunkSize);
    bool all = true;
    for (size_t id = first; id < end && all; ++id) all = released(id);
    if (!all) continue;
    // A sub-buffer of a buffer released before it is released with it: say so before
    // the parent's id names another buffer.
    for (auto it = liveSubs_.begin(); it != liveSubs_.end();) {
      const BufferId parent = infos_[*it].parent;
      if (parent < first || parent >= end) {
        ++it;
        continue;
      }
      infos_[*it].released = true;
      it = liveSubs_.erase(it);
    }
    for (size_t id = first; id < end; ++id) {
      infos_[id] = BufferInfo{};
      infos_[id].released = true; // until newIdLocked() hands it out
      storage_[id].reset();
      shadows_[id].reset();
      freeIds_.push_back(static_cast<BufferId>(id));
    }
    if (c < releasedChunks_.size()) releasedChunks_[c].reset();
    recycleCursor_ = c + 1;
    return true;
  }
  return false;
}

BufferId GlobalMemory::createLocked(uint64_t size, std::string name, BufferAccess access) {
  if (size > capacity_ - allocated_)
    throw LimitError(LimitError::Limit::BufferMemory,
                     "buffer '" + name + "' of " + std::to_string(size) +
                         " bytes does not fit: " + std::to_string(allocated_) + " of the " +
                         std::to_string(capacity_) + " bytes buffers may take are in use");
  ZeroedStorage bytes = allocateZeroed(size);
  if (!bytes)
    throw Error("cannot allocate " + std::to_string(size) + " bytes for buffer '" + name + "'");
  const BufferId id = newIdLocked();
  BufferInfo &info = infos_[id];
  info.name = std::move(name);
  info.size = size;
  info.access = access;
  const uint64_t mapped = bytes.get_deleter().mappedBytes;
  storage_[id] = {bytes.release(), FreeBytes{true, mapped}};
  allocated_ += size;
  return id;
}

BufferId GlobalMemory::createExternal(std::span<std::byte> storage, std::string name,
                                      BufferAccess access) {
  std::lock_guard lock(mutex_);
  return createExternalLocked(storage, std::move(name), access, false);
}

BufferId GlobalMemory::createExternalLocked(std::span<std::byte> storage, std::string name,
                                            BufferAccess access, bool svm) {
  if (!storage.data()) throw Error("buffer '" + name + "' has no host storage");
  const BufferId id = newIdLocked();
  BufferInfo &info = infos_[id];
  info.name = std::move(name);
  info.size = storage.size();
  info.access = access;
  info.svm = svm; // in the same locked step: a launch never sees it half made
  storage_[id] = {storage.data(), FreeBytes{false}};
  return id;
}

BufferId GlobalMemory::createSvm(std::span<std::byte> storage, std::string name,
                                 BufferAccess access) {
  const uint64_t begin = reinterpret_cast<uintptr_t>(storage.data());
  if ((begin >> tagged::kOffsetBits) != ((begin + storage.size()) >> tagged::kOffsetBits))
    throw Error("SVM allocation '" + name + "' crosses a 2^40-byte boundary of the address space");
  std::lock_guard lock(mutex_);
  return createExternalLocked(storage, std::move(name), access, true);
}

BufferId GlobalMemory::createSub(BufferId parent, uint64_t offset, uint64_t size, std::string name,
                                 BufferAccess access) {
  std::lock_guard lock(mutex_);
  const BufferInfo &p = infoLocked(parent);
  if (p.parent != 0) throw Error("a sub-buffer cannot be created from a sub-buffer");
  if (offset > p.size || size > p.size - offset)
    throw Error("sub-buffer [" + std::to_string(offset) + ", " + std::to_string(offset + size) +
                ") is outside buffer '" + p.name + "' of " + std::to_string(p.size) + " bytes");
  const BufferId id = newIdLocked(); // (storage_[id] stays null: it views its parent's)
  BufferInfo &info = infos_[id];
  info.name = std::move(name);
  info.size = size;
  info.access = access;
  info.parent = parent;
  info.parentOffset = offset;
  liveSubs_.insert(id);
  return id;
}

BufferId GlobalMemory::programScopeBuffer(const void *program, const std::string &name,
                                          uint64_t size, std::span<const std::byte> init,
                                          BufferAccess access) {
  const ProgramScopeVariable variable{name, size, init, access, {}};
  return programScopeBuffers(program, std::span(&variable, 1)).front();
}

std::vector<BufferId>
GlobalMemory::programScopeBuffers(const void *program,
                                  std::span<const ProgramScopeVariable> variables) {
  std::lock_guard lock(mutex_);
  std::vector<BufferId> ids;
  std::vector<bool> created;
  for (const ProgramScopeVariable &v : variables) {
    auto key = std::make_pair(program, v.name);
    if (auto it = programScope_.find(key); it != programScope_.end()) {
      ids.push_back(it->second);
      created.push_back(false);
      continue;
    }
    if (!v.init.empty() && v.init.size() != v.size)
      throw Error("program-scope variable '" + v.name + "' has " + std::to_string(v.init.size()) +
                  " bytes of initializer for " + std::to_string(v.size));
    for (const ProgramScopeVariable::Pointer &p : v.pointers)
      if (p.target >= variables.size() || p.bytes > 8 || p.offset > v.size ||
          p.bytes > v.size - p.offset)
        throw Error("program-scope variable '" + v.name + "' has a pointer outside its bytes");
    BufferId id = createLocked(v.size, v.name, v.access);
    std::copy(v.init.begin(), v.init.end(), bytesLocked(id).begin());
    programScope_.emplace(std::move(key), id);
    ids.push_back(id);
    created.push_back(true);
  }
  // Pointers once every variable has its buffer: they may point at each other.
  for (size_t i = 0; i < variables.size(); ++i) {
    if (!created[i]) continue;
    for (const ProgramScopeVariable::Pointer &p : variables[i].pointers) {
      const uint64_t value = tagged::make(
          p.constantSpace ? AddressSpace::Constant : AddressSpace::Global, ids[p.target], p.addend);
      std::memcpy(bytesLocked(ids[i]).data() + p.offset, &value, p.bytes);
    }
  }
  return ids;
}

void GlobalMemory::releaseProgramScope(const void *program) {
  std::lock_guard lock(mutex_);
  for (auto it = programScope_.lower_bound({program, std::string()});
       it != programScope_.end() && it->first.first == program;) {
    infos_[it->second].released = true;
    freeStorageLocked(it->second);
    it = programScope_.erase(it);
  }
}

void GlobalMemory::release(BufferId id) {
  std::lock_guard lock(mutex_);
  BufferInfo &i = infos_.at(id == 0 ? infos_.size() : id);
  i.released = true;
  if (i.parent == 0)
    freeStorageLocked(id);
  else
    liveSubs_.erase(id);
}

void GlobalMemory::freeStorageLocked(BufferId id) {
  auto &storage = storage_[id];
  if (storage && storage.get_deleter().owned) allocated_ -= infos_[id].size;
  storage.reset();
  shadows_[id].reset();
}

void GlobalMemory::setHostMapping(BufferId id, HostMapping mapping) {
  std::lock_guard lock(mutex_);
  infos_.at(id == 0 ? infos_.size() : id).mapping = mapping;
}

const BufferInfo &GlobalMemory::infoLocked(BufferId id) const {
  if (id == 0 || id >= infos_.size()) throw Error("no buffer with id " + std::to_string(id));
  return infos_[id];
}

BufferInfo GlobalMemory::info(BufferId id) const {
  std::lock_guard lock(mutex_);
  return infoLocked(id);
}

std::span<std::byte> GlobalMemory::bytesLocked(BufferId id) const {
  const BufferInfo &i = infoLocked(id);
  if (i.released || (i.parent && infos_[i.parent].released))
    throw Error("buffer '" + i.name + "' was released");
  if (i.parent) return {storage_[i.parent].get() + i.parentOffset, i.size};
  return {storage_[id].get(), i.size};
}

std::span<std::byte> GlobalMemory::bytes(BufferId id) {
  std::lock_guard lock(mutex_);
  return bytesLocked(id);
}

std::span<const std::byte> GlobalMemory::bytes(BufferId id) const {
  std::lock_guard lock(mutex_);
  return bytesLocked(id);
}

uint64_t GlobalMemory::allocated() const {
  std::lock_guard lock(mutex_);
  return allocated_;
}

uint32_t GlobalMemory::count() const {
  std::lock_guard lock(mutex_);
  return static_cast<uint32_t>(infos_.size()) - 1;
}

void GlobalMemory::setUndefined(BufferId id) {
  std::lock_guard lock(mutex_);
  const BufferInfo &i = infoLocked(id);
  if (i.parent) throw Error("a sub-buffer's contents are its parent's");
  if (i.released) throw Error("buffer '" + i.name + "' was released");
  shadows_[id] = std::make_unique<DefinedShadow>(i.size);
}

std::pair<DefinedShadow *, uint64_t> GlobalMemory::shadowLocked(BufferId id) const {
  const BufferInfo &i = infoLocked(id);
  const BufferId root = i.parent ? i.parent : id;
  DefinedShadow *shadow = shadows_[root].get();
  if (shadow && shadow->retired()) shadow = nullptr;
  return {shadow, i.parent ? i.parentOffset : 0};
}

void GlobalMemory::setDefined(BufferId id, uint64_t offset, uint64_t size) {
  std::lock_guard lock(mutex_);
  const uint64_t bufferSize = infoLocked(id).size;
  if (offset > bufferSize || size > bufferSize - offset)
    throw Error("defined range outside buffer " + std::to_string(id));
  auto [shadow, at] = shadowLocked(id);
  if (!shadow) return;
  // The whole allocation written (a host that maps a large image or buffer whole and
  // unmaps it): it needs no shadow any more, and no shadow page is touched.
  if (at + offset == 0 && size == shadow->size()) return shadow->retire();
  shadow->define(at + offset, size);
}

void GlobalMemory::copyDefined(BufferId dst, uint64_t dstOffset, BufferId src, uint64_t srcOffset,
                               uint64_t size) {
  std::lock_guard lock(mutex_);
  for (auto [id, offset] : {std::pair{dst, dstOffset}, std::pair{src, srcOffset}}) {
    const uint64_t bufferSize = infoLocked(id).size;
    if (offset > bufferSize || size > bufferSize - offset)
      throw Error("copied range outside buffer " + std::to_string(id));
  }
  if (size == 0) return;
  auto [from, fromAt] = shadowLocked(src);
  // Undefined bytes copied into an allocation the host wrote whole: its shadow is needed
  // again.
  const BufferId dstRoot = infoLocked(dst).parent ? infoLocked(dst).parent : dst;
  if (DefinedShadow *retired = shadows_[dstRoot].get();
      retired && retired->retired() && from && !from->defined(fromAt + srcOffset, size))
    retired->revive();
  auto [to, toAt] = shadowLocked(dst);
  if (!to || (!to->allocated() && from && !from->allocated()))
    return;                       // nothing to record, or undefined bytes over undefined ones
  if (from && !from->allocated()) // a source nothing has written yet: every byte undefined
    return void(std::memset(to->data() + toAt + dstOffset, kUndefinedByte, size));
  copyDefinedness(to->data() + toAt + dstOffset, from ? from->data() + fromAt + srcOffset : nullptr,
                  size);
}

bool GlobalMemory::defined(BufferId id, uint64_t offset, uint64_t size) const {
  std::lock_guard lock(mutex_);
  const uint64_t bufferSize = infoLocked(id).size;
  if (offset > bufferSize || size > bufferSize - offset)
    throw Error("range outside buffer " + std::to_string(id));
  auto [shadow, at] = shadowLocked(id);
  return !shadow || shadow->defined(at + offset, size);
}

std::vector<BufferView> GlobalMemory::snapshot() const {
  std::lock_guard lock(mutex_);
  std::vector<BufferView> views(infos_.size());
  for (size_t id = 1; id < infos_.size(); ++id) {
    const BufferInfo &i = infos_[id];
    views[id].info = i;
    // A sub-buffer of a released buffer is released with it.
    if (i.released || (i.parent && infos_[i.parent].released))
      views[id].info.released = true;
    else {
      views[id].base = i.parent ? storage_[i.parent].get() + i.parentOffset : storage_[id].get();
      if (auto [shadow, at] = shadowLocked(static_cast<BufferId>(id)); shadow)
        views[id].shadow = shadow->data() + at;
    }
  }
  return views;
}

} // namespace spvsim
