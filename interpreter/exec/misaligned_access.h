// Misaligned accesses as the executor performs them, as hardware that tolerates
// them would: loads and stores copy bytes anyway, and an atomic on a host address
// its size does not divide runs byte-wise under a lock (misalignedAtomic). The
// misaligned check that reports them is checks/misaligned/alignment_check.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>

namespace spvsim::ops {

/// The lock misaligned atomics take: they cannot be host atomics.
std::mutex &misalignedAtomicLock();

/// Runs `update(T *)` on a copy of the `sizeof(T)` bytes at `addr` (not aligned to
/// them) and writes the copy back, under misalignedAtomicLock().
template <class T, class Update> inline void misalignedAtomic(std::byte *addr, Update update) {
  std::lock_guard lock(misalignedAtomicLock());
  T value;
  std::memcpy(&value, addr, sizeof(T));
  update(&value);
  std::memcpy(addr, &value, sizeof(T));
}

} // namespace spvsim::ops
