// GlobalMemory: the buffers a host creates for kernels (global and constant
// address spaces), each an allocation with size, access flags, name and an
// optional parent (sub-buffers). Ids are never reused, so a released buffer
// cannot alias a new one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

namespace spvsim {

enum class BufferAccess : uint8_t { ReadWrite, ReadOnly, WriteOnly };

using BufferId = uint32_t;

struct BufferInfo {
  std::string name;
  uint64_t size = 0;
  BufferAccess access = BufferAccess::ReadWrite;
  BufferId parent = 0;       ///< 0 unless a sub-buffer
  uint64_t parentOffset = 0; ///< sub-buffer: byte offset in the parent
  bool released = false;
};

/// The buffer memory a GlobalMemory allows by default: half of the machine's physical
/// memory, or of the address-space or data-segment limit (ulimit -v, -d) if lower.
uint64_t defaultMemoryCapacity();

class GlobalMemory {
public:
  /// `capacity`: total bytes of the buffers (not sub-buffers) that may exist at once.
  explicit GlobalMemory(uint64_t capacity = defaultMemoryCapacity());
  ~GlobalMemory();
  GlobalMemory(const GlobalMemory &) = delete;
  GlobalMemory &operator=(const GlobalMemory &) = delete;

  /// A new zero-filled buffer. Beyond the capacity: spvsim::LimitError (BufferMemory).
  BufferId create(uint64_t size, std::string name, BufferAccess access = BufferAccess::ReadWrite);
  /// A sub-buffer: a view of [offset, offset + size) of `parent` with its own bounds.
  BufferId createSub(BufferId parent, uint64_t offset, uint64_t size, std::string name,
                     BufferAccess access = BufferAccess::ReadWrite);
  void release(BufferId id);

  /// The buffer of program-scope variable `name` of a program (identified by the
  /// address of its module, which must stay alive), created from `init` on first
  /// use: program-scope variables keep their values across launches.
  BufferId programScopeBuffer(const void *program, const std::string &name,
                              std::span<const std::byte> init, BufferAccess access);

  const BufferInfo &info(BufferId id) const;
  /// The bytes of a buffer (a sub-buffer's view of its parent).
  std::span<std::byte> bytes(BufferId id);
  std::span<const std::byte> bytes(BufferId id) const;
  /// Number of ids handed out so far (ids are 1..count).
  uint32_t count() const { return static_cast<uint32_t>(infos_.size()) - 1; }
  uint64_t capacity() const { return capacity_; }
  /// Bytes of the buffers that exist (released ones excluded).
  uint64_t allocated() const { return allocated_; }

private:
  uint64_t capacity_;
  uint64_t allocated_ = 0;
  std::map<std::pair<const void *, std::string>, BufferId> programScope_;
  std::vector<BufferInfo> infos_; ///< index 0 unused (null)
  struct FreeBytes {
    void operator()(std::byte *p) const;
  };
  /// Per root buffer; calloc'd so that large buffers get zero pages lazily.
  std::vector<std::unique_ptr<std::byte[], FreeBytes>> storage_;
};

} // namespace spvsim
