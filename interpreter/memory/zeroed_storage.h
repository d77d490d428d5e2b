// ZeroedStorage: zero-filled memory for buffers and their shadows, committed
// lazily by the kernel. Large blocks are mapped 2 MiB-aligned and marked for
// transparent huge pages, so a 100 MB buffer is first touched in ~50 faults
// instead of ~25000 (a fault takes the process's page-table locks: threads
// first-touching fresh buffers serialise on them) and freed as fast.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace spvsim {

struct ZeroedStorageFree {
  uint64_t mappedBytes = 0; ///< 0: from calloc
  void operator()(std::byte *p) const;
};
using ZeroedStorage = std::unique_ptr<std::byte[], ZeroedStorageFree>;

/// `size` zero bytes plus one spare byte (so a zero-sized block still has an
/// address); null when the memory cannot be had.
ZeroedStorage allocateZeroed(uint64_t size);

} // namespace spvsim
