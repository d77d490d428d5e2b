// Memory of the objects handed to the application. A handle is the object's
// address, so a new object at the address of a released one would make a
// stale handle valid again; a freed block is therefore held back until many
// more have been freed, and a stale handle stays invalid (CL_INVALID_*) in
// practice, without a table of every handle ever handed out.
#pragma once

#include <cstddef>
#include <memory>
#include <utility>

namespace spvsim::runtime {

void *quarantineAllocate(size_t bytes);
void quarantineFree(void *block, size_t bytes);

template <class T> struct QuarantineAllocator {
  using value_type = T;
  QuarantineAllocator() = default;
  template <class U> QuarantineAllocator(const QuarantineAllocator<U> &) {}
  T *allocate(size_t n) { return static_cast<T *>(quarantineAllocate(n * sizeof(T))); }
  void deallocate(T *p, size_t n) { quarantineFree(p, n * sizeof(T)); }
  template <class U> bool operator==(const QuarantineAllocator<U> &) const { return true; }
};

/// make_shared for objects the application gets a handle to.
template <class T, class... Args> std::shared_ptr<T> makeObject(Args &&...args) {
  return std::allocate_shared<T>(QuarantineAllocator<T>(), std::forward<Args>(args)...);
}

} // namespace spvsim::runtime
