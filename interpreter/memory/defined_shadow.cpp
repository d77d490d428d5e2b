// DefinedShadow (memory/defined_shadow.h): a zero-filled byte per byte, allocated
// on first use.
#include "memory/defined_shadow.h"

#include <cstdlib>
#include <new>

namespace spvsim {

uint8_t *DefinedShadow::data() {
  if (!bytes_) {
    bytes_ = allocateZeroed(size_);
    if (!bytes_) throw std::bad_alloc();
  }
  return reinterpret_cast<uint8_t *>(bytes_.get());
}

void DefinedShadow::define(uint64_t offset, uint64_t size) {
  if (size) std::memset(data() + offset, kDefinedByte, size);
}

bool DefinedShadow::defined(uint64_t offset, uint64_t size) const {
  if (size == 0) return true;
  if (!bytes_) return false; // nothing written yet
  const uint8_t *bytes = reinterpret_cast<const uint8_t *>(bytes_.get()) + offset;
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
