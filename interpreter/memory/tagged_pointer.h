// TaggedPointer: the 64-bit pointer value kernels compute with. It carries
// the address space, an allocation id and a byte offset, so every access can
// be checked against its allocation and generic pointers know their space.
//
//   63..61 space   60..40 allocation id   39..0 offset
//
// Pointer arithmetic changes only the offset field (modulo 2^40): stepping
// below an allocation gives a huge offset that fails the bounds check and
// never reaches another allocation. NULL is 0 (space None, id 0).
#pragma once

#include <cstdint>

namespace spvsim {

enum class AddressSpace : uint8_t { None = 0, Global = 1, Constant = 2, Local = 3, Private = 4 };

const char *addressSpaceName(AddressSpace s);

namespace tagged {

inline constexpr uint32_t kOffsetBits = 40;
inline constexpr uint64_t kOffsetMask = (uint64_t(1) << kOffsetBits) - 1;
inline constexpr uint32_t kIdBits = 21;
inline constexpr uint32_t kMaxId = (1u << kIdBits) - 1;

constexpr uint64_t make(AddressSpace space, uint32_t id, uint64_t offset) {
  return (uint64_t(space) << 61) | (uint64_t(id) << kOffsetBits) | (offset & kOffsetMask);
}
constexpr AddressSpace space(uint64_t p) {
  return AddressSpace(p >> 61);
}
constexpr uint32_t id(uint64_t p) {
  return uint32_t(p >> kOffsetBits) & kMaxId;
}
constexpr uint64_t offset(uint64_t p) {
  return p & kOffsetMask;
}
/// Space and id together: equal for two pointers into the same allocation.
constexpr uint64_t allocation(uint64_t p) {
  return p >> kOffsetBits;
}
/// The offset read as a signed 40-bit number (a pointer stepped below its allocation).
constexpr int64_t signedOffset(uint64_t p) {
  return int64_t((p & kOffsetMask) << (64 - kOffsetBits)) >> (64 - kOffsetBits);
}
constexpr uint64_t addOffset(uint64_t p, uint64_t delta) {
  return (p & ~kOffsetMask) | ((p + delta) & kOffsetMask);
}

} // namespace tagged
} // namespace spvsim
