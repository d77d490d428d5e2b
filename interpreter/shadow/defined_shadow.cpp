// DefinedShadow (shadow/defined_shadow.h): a calloc'd byte per byte.
#include "shadow/defined_shadow.h"

#include <cstdlib>
#include <new>

namespace spvsim {

void DefinedShadow::Free::operator()(uint8_t *p) const {
  std::free(p);
}

DefinedShadow::DefinedShadow(uint64_t size) : size_(size) {
  // One spare byte, so that a zero-sized allocation still has an address.
  auto *bytes = static_cast<uint8_t *>(std::calloc(size + 1, 1));
  if (!bytes) throw std::bad_alloc();
  bytes_.reset(bytes);
}

void DefinedShadow::define(uint64_t offset, uint64_t size) {
  std::memset(bytes_.get() + offset, kDefinedByte, size);
}

bool DefinedShadow::defined(uint64_t offset, uint64_t size) const {
  for (uint64_t i = 0; i < size; ++i)
    if (bytes_[offset + i] == kUndefinedByte) return false;
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
