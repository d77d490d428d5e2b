// The quarantine of freed object memory (see quarantine.h).
#include "core/quarantine.h"

#include <deque>
#include <mutex>
#include <new>

namespace spvsim::runtime {

namespace {

/// Blocks held back before they may be reused: enough for the objects a program releases
/// between using a stale handle and creating new objects.
constexpr size_t kHeldBlocks = 4096;

struct Quarantine {
  std::mutex mutex;
  std::deque<std::pair<void *, size_t>> held;
};

Quarantine &quarantine() {
  // Never destroyed: objects may be freed while the process exits.
  static Quarantine *q = std::make_unique<Quarantine>().release();
  return *q;
}

} // namespace

void *quarantineAllocate(size_t bytes) {
  return ::operator new(bytes);
}

void quarantineFree(void *block, size_t bytes) {
  std::pair<void *, size_t> oldest{nullptr, 0};
  {
    Quarantine &q = quarantine();
    std::lock_guard lock(q.mutex);
    q.held.emplace_back(block, bytes);
    if (q.held.size() <= kHeldBlocks) return;
    oldest = q.held.front();
    q.held.pop_front();
  }
  // Unsized: clang does not declare the sized form without -fsized-deallocation.
  ::operator delete(oldest.first);
}

} // namespace spvsim::runtime
