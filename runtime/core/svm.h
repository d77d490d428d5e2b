// SvmHeap: a context's coarse-grained shared virtual memory (OpenCL API §5.6):
// the allocations clSVMAlloc made, each host memory of its own registered in the
// context's GlobalMemory as an SVM allocation, so that kernels reach it through
// the host's own addresses (interpreter/memory/tagged_pointer.h) with the checks a
// buffer has. A block lives while the heap or a command holds it: clSVMFree takes it
// out of the heap at once, and a command still using it keeps its bytes until it ends.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/cl.h"
#include "spvsim/interpreter/global_memory.h"

namespace spvsim::runtime {

/// One SVM allocation: its bytes, its allocation in the GlobalMemory, its flags.
class SvmBlock {
public:
  SvmBlock(std::byte *data, size_t size, cl_svm_mem_flags flags, std::string name);
  ~SvmBlock();
  SvmBlock(const SvmBlock &) = delete;
  SvmBlock &operator=(const SvmBlock &) = delete;

  std::byte *data() const { return data_; }
  size_t size() const { return size_; }
  cl_svm_mem_flags flags() const { return flags_; }
  const std::string &name() const { return name_; }
  BufferId id() const { return id_; }
  void setId(BufferId id) { id_ = id; }
  /// [offset, offset + size) lies in the block.
  bool holds(size_t offset, size_t size) const { return offset <= size_ && size <= size_ - offset; }

private:
  std::byte *data_;
  size_t size_;
  cl_svm_mem_flags flags_;
  std::string name_;
  BufferId id_ = 0;
};

/// A host pointer found in the heap: its block and its offset in it.
struct SvmPlace {
  std::shared_ptr<SvmBlock> block;
  size_t offset = 0;
  explicit operator bool() const { return block != nullptr; }
};

class SvmHeap {
public:
  explicit SvmHeap(GlobalMemory &memory) : memory_(memory) {}

  /// clSVMAlloc with checked arguments: `size` bytes at a multiple of `alignment` (a power
  /// of two up to kMaxAlignment), zero-filled; null when the memory cannot be had.
  void *allocate(cl_svm_mem_flags flags, size_t size, size_t alignment, std::string name);
  /// clSVMFree: takes the allocation that begins at `pointer` out of the heap and releases
  /// it for later launches; false when no allocation begins there.
  bool free(void *pointer);
  /// The allocation holding `pointer` (the first byte of `size` there: the whole range
  /// must lie inside); empty when there is none.
  SvmPlace find(const void *pointer, size_t size = 1) const;
  /// Every allocation, for a command that may reach any of them (a kernel launch).
  std::vector<std::shared_ptr<SvmBlock>> blocks() const;

  /// clEnqueueSVMMap's and clEnqueueSVMUnmap's effect on kernels: the allocation is mapped
  /// (access.mapped) from the map command to the unmap command.
  void mappingStarted(const SvmBlock &block, cl_map_flags flags);
  void mappingEnded(const SvmBlock &block, cl_map_flags flags);
  /// The map flags of the mapping clEnqueueSVMMap made at `pointer` and not yet unmapped,
  /// withdrawn; false when there is none.
  bool withdrawMapping(const void *pointer, cl_map_flags &flags);
  void issueMapping(const void *pointer, cl_map_flags flags);

  /// The largest alignment clSVMAlloc accepts, and its default: long16 (OpenCL API §5.6.1).
  static constexpr size_t kMaxAlignment = 128;

private:
  GlobalMemory &memory_;
  mutable std::mutex mutex_;
  std::map<uintptr_t, std::shared_ptr<SvmBlock>> blocks_; ///< by first byte
  struct MapState {
    uint32_t reads = 0, writes = 0;
  };
  std::map<BufferId, MapState> mapped_;
  std::multimap<const void *, cl_map_flags> mappings_;
};

} // namespace spvsim::runtime
