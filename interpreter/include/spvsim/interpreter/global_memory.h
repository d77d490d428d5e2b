// GlobalMemory: the buffers a host creates for kernels (global and constant
// address spaces), each an allocation with size, access flags, name and an
// optional parent (sub-buffers). Ids are not reused until every id is taken, so
// a released buffer does not alias a new one: then the oldest run of 256
// consecutive ids whose buffers are all released is used again (a process may
// create and release buffers without end; at most 2^21 - 2 exist at once). Every member function
// may be called from several threads at once (the cl* runtime creates buffers while kernels run).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <unordered_set>
#include <vector>

namespace spvsim {

enum class BufferAccess : uint8_t { ReadWrite, ReadOnly, WriteOnly };

/// How the host has a buffer mapped (OpenCL API §5.5.4): while mapped for reading a
/// kernel must not write it; while mapped for writing it must not touch it at all.
enum class HostMapping : uint8_t { None, Read, Write };

using BufferId = uint32_t;

struct BufferInfo {
  std::string name;
  uint64_t size = 0;
  BufferAccess access = BufferAccess::ReadWrite;
  BufferId parent = 0;       ///< 0 unless a sub-buffer
  uint64_t parentOffset = 0; ///< sub-buffer: byte offset in the parent
  bool released = false;
  HostMapping mapping = HostMapping::None;
  /// A coarse-grained SVM allocation (OpenCL API §5.6): kernels reach it through the
  /// host's own addresses as well as through tagged pointers (memory/tagged_pointer.h).
  bool svm = false;
};

/// One buffer as a launch sees it: its description and its first byte (null once released).
struct BufferView {
  BufferInfo info;
  std::byte *base = nullptr;
  /// The definedness of its first byte and the ones after it (setUndefined); null when
  /// every byte of the buffer counts as written.
  uint8_t *shadow = nullptr;
};

class DefinedShadow;
class AllocationTable;
struct AllocationChunk;

/// The buffer memory a GlobalMemory allows by default: half of the machine's physical
/// memory, or of the address-space or data-segment limit (ulimit -v, -d) if lower.
uint64_t defaultMemoryCapacity();

class GlobalMemory {
public:
  /// `capacity`: total bytes of the buffers (not sub-buffers) that may exist at once.
  /// `idLimit`: one more than the largest buffer id (a tagged pointer's id field holds
  /// 2^21 - 1; smaller in tests of id reuse).
  explicit GlobalMemory(uint64_t capacity = defaultMemoryCapacity(),
                        uint32_t idLimit = (1u << 21) - 1);
  ~GlobalMemory();
  GlobalMemory(const GlobalMemory &) = delete;
  GlobalMemory &operator=(const GlobalMemory &) = delete;

  /// A new zero-filled buffer. Beyond the capacity: spvsim::LimitError (BufferMemory).
  BufferId create(uint64_t size, std::string name, BufferAccess access = BufferAccess::ReadWrite);
  /// A buffer whose bytes are the host's `storage` (CL_MEM_USE_HOST_PTR): kernels read and
  /// write that memory itself. The storage must outlive the buffer's release.
  BufferId createExternal(std::span<std::byte> storage, std::string name,
                          BufferAccess access = BufferAccess::ReadWrite);
  /// An SVM allocation over the host's `storage` (clSVMAlloc): createExternal whose
  /// bytes kernels also reach through host addresses. The storage must not cross a
  /// multiple of 2^40 (tagged::kOffsetBits) and must outlive the allocation's release.
  BufferId createSvm(std::span<std::byte> storage, std::string name,
                     BufferAccess access = BufferAccess::ReadWrite);
  /// A sub-buffer: a view of [offset, offset + size) of `parent` with its own bounds.
  BufferId createSub(BufferId parent, uint64_t offset, uint64_t size, std::string name,
                     BufferAccess access = BufferAccess::ReadWrite);
  void release(BufferId id);
  /// Records how the host has the buffer mapped; launches that start later see it.
  void setHostMapping(BufferId id, HostMapping mapping);

  /// The uninitialized-value check (docs/findings.md uninit.read): the bytes of buffer `id`
  /// (not a sub-buffer) count as never written — a buffer created without contents —
  /// until a kernel or the host writes them. Buffers start with every byte written.
  void setUndefined(BufferId id);
  /// The host wrote [offset, offset + size) of buffer or sub-buffer `id`.
  void setDefined(BufferId id, uint64_t offset, uint64_t size);
  /// The host copied `size` bytes from `src` at `srcOffset` to `dst` at `dstOffset`: the
  /// copied bytes are as defined as their sources.
  void copyDefined(BufferId dst, uint64_t dstOffset, BufferId src, uint64_t srcOffset,
                   uint64_t size);
  /// Whether every byte of [offset, offset + size) of buffer or sub-buffer `id` was written.
  bool defined(BufferId id, uint64_t offset, uint64_t size) const;

  /// The buffer of program-scope variable `name` of a program (identified by the
  /// address of its module, which must stay alive), created on first use with `size`
  /// bytes from `init` (empty: zeros): program-scope variables keep their values across
  /// launches.
  BufferId programScopeBuffer(const void *program, const std::string &name, uint64_t size,
                              std::span<const std::byte> init, BufferAccess access);
  /// A program-scope variable of programScopeBuffers(), with the pointers its initial
  /// bytes hold to other variables of the same list.
  struct ProgramScopeVariable {
    std::string name;
    uint64_t size = 0;
    std::span<const std::byte> init; ///< empty: zeros
    BufferAccess access = BufferAccess::ReadWrite;
    struct Pointer {
      uint64_t offset = 0;        ///< where in the initial bytes
      uint8_t bytes = 8;          ///< pointer width
      uint32_t target = 0;        ///< index into the list
      uint64_t addend = 0;        ///< byte offset into the target
      bool constantSpace = false; ///< the target is in the constant address space
    };
    std::vector<Pointer> pointers;
  };
  /// programScopeBuffer() for several variables at once: those created now get their
  /// initial bytes, pointers included (a pointer may point at any variable of the list,
  /// also one created earlier or the variable itself), before any is returned.
  std::vector<BufferId> programScopeBuffers(const void *program,
                                            std::span<const ProgramScopeVariable> variables);
  /// Releases the program-scope buffers of a program whose module is about to be freed,
  /// so that a later module at the same address starts from fresh buffers.
  void releaseProgramScope(const void *program);

  /// A copy of the buffer's description (another thread may change it later).
  BufferInfo info(BufferId id) const;
  /// The bytes of a buffer (a sub-buffer's view of its parent).
  std::span<std::byte> bytes(BufferId id);
  std::span<const std::byte> bytes(BufferId id) const;
  /// Number of ids handed out so far (ids are 1..count; some may be used again).
  uint32_t count() const;
  /// Every buffer by id (index 0 unused), read at one instant.
  std::vector<BufferView> snapshot() const;
  /// The allocation table of a launch (memory/allocation_table.h), read at one instant:
  /// what snapshot() holds, at a cost of the live buffers rather than of every id.
  AllocationTable launchAllocations() const;
  uint64_t capacity() const { return capacity_; }
  /// Bytes of the buffers spvsim allocated that exist (released and host-owned ones
  /// excluded).
  uint64_t allocated() const;

private:
  /// A free id for a new buffer, its entries reset: a new one while the id space lasts,
  /// then one of a recycled chunk. None left: spvsim::Error.
  BufferId newIdLocked();
  /// Makes the ids of the oldest chunk of kAllocationChunkSize ids (memory/allocation_table.h)
  /// whose buffers are all released free again; false when every chunk holds a live one.
  bool recycleChunkLocked();
  BufferId createLocked(uint64_t size, std::string name, BufferAccess access);
  BufferId createExternalLocked(std::span<std::byte> storage, std::string name, BufferAccess access,
                                bool svm);
  /// The shadow of a buffer's root and the buffer's offset in it (null: all defined).
  std::pair<DefinedShadow *, uint64_t> shadowLocked(BufferId id) const;
  std::span<std::byte> bytesLocked(BufferId id) const;
  const BufferInfo &infoLocked(BufferId id) const;
  /// Frees a root buffer's storage (with its share of allocated_).
  void freeStorageLocked(BufferId id);

  mutable std::mutex mutex_;
  const uint64_t capacity_;
  const uint32_t idLimit_;
  std::deque<BufferId> freeIds_;          ///< ids of a recycled chunk not yet handed out again
  size_t recycleCursor_ = 0;              ///< the chunk after the last recycled one
  std::unordered_set<BufferId> liveSubs_; ///< sub-buffers not released (recycleChunkLocked)
  uint64_t allocated_ = 0;
  std::map<std::pair<const void *, std::string>, BufferId> programScope_;
  std::deque<BufferInfo> infos_; ///< index 0 unused (null); a deque keeps references stable
  struct FreeBytes {
    bool owned = true;        ///< false for the host's storage (createExternal)
    uint64_t mappedBytes = 0; ///< owned storage: its mapping's size, 0 when calloc'd
    void operator()(std::byte *p) const;
  };
  /// Per root buffer; zero pages committed lazily (memory/zeroed_storage.h).
  std::deque<std::unique_ptr<std::byte[], FreeBytes>> storage_;
  /// Per root buffer: its definedness, for buffers created without contents.
  std::deque<std::unique_ptr<DefinedShadow>> shadows_;
  /// launchAllocations(): chunk k, once every buffer of it is released (it never changes
  /// again), shared by every later launch; null before.
  mutable std::vector<std::shared_ptr<const AllocationChunk>> releasedChunks_;
};

} // namespace spvsim
