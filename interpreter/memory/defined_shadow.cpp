// DefinedShadow (memory/defined_shadow.h): a zero-filled byte per byte.
#include "memory/defined_shadow.h"

#include <cstdlib>
#include <new>

namespace spvsim {

DefinedShadow::DefinedShadow(uint64_t size) : bytes_(allocateZeroed(size)), size_(size) {
  if (!bytes_) throw std::bad_alloc();
}

void DefinedShadow::define(uint64_t offset, uint64_t size) {
  std::memset(data() + offset, kDefinedByte, size);
}

bool DefinedShadow::defined(uint64_t offset, uint64_t size) const {
  const uint8_t *bytes = data() + offset;
  for (uint64_t i = 0; i < size; ++i)
    if (bytes[i] == kUndefinedByte) return false;
  return true;
}

void copyDefinedness(uint8_t *dst, const uint8_t *src, uint64_t size) {
  if (!dst) return;
  if (src)
    std::memmove(dst, src, size);
  else
    std::memset(dst, kDefinedByte, size);
}

} // namespace spvsim
