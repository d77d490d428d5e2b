// Definedness of memory for the uninitialized-value check (docs/findings.md
// uninit.read): one shadow byte per byte of an allocation, kUndefinedByte until
// the byte is written. Zero means undefined, so a shadow of zero pages
// (memory/zeroed_storage.h) costs memory only for the pages a kernel or the host
// writes, and none is allocated before it is first needed: a buffer the host
// writes whole before any launch sees it never has one. Also the
// conversions between a run of shadow bytes and a register's undefined-byte
// mask (bit k set: byte k of the value is undefined).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

#include "memory/zeroed_storage.h"

namespace spvsim {

inline constexpr uint8_t kUndefinedByte = 0, kDefinedByte = 1;

/// The undefined-byte mask of a register value of `bytes` (1..8) bytes with every byte undefined.
inline constexpr uint8_t undefinedMask(uint32_t bytes) {
  return uint8_t((1u << bytes) - 1);
}

/// The undefined-byte mask of the `bytes` (1..8) shadow bytes at `shadow`.
inline uint8_t gatherUndefined(const uint8_t *shadow, uint32_t bytes) {
  uint64_t word = 0;
  std::memcpy(&word, shadow, bytes);
  constexpr uint64_t kAllDefined = 0x0101010101010101;
  const uint64_t all = bytes == 8 ? kAllDefined : kAllDefined & ((uint64_t(1) << 8 * bytes) - 1);
  if (word == all) return 0;
  uint8_t mask = 0;
  for (uint32_t k = 0; k < bytes; ++k)
    if (shadow[k] == kUndefinedByte) mask |= uint8_t(1u << k);
  return mask;
}

/// Writes the undefined-byte mask `undefined` of a `bytes`-byte value to its shadow bytes.
inline void scatterUndefined(uint8_t *shadow, uint32_t bytes, uint8_t undefined) {
  if (undefined == 0) return void(std::memset(shadow, kDefinedByte, bytes));
  for (uint32_t k = 0; k < bytes; ++k)
    shadow[k] = (undefined >> k) & 1 ? kUndefinedByte : kDefinedByte;
}

/// The shadow of one allocation whose bytes start undefined. Not thread-safe: its owner
/// (GlobalMemory) serialises the calls.
class DefinedShadow {
public:
  /// `size` bytes, every one undefined; their memory is allocated on first use (data(),
  /// define()), zero pages until written.
  explicit DefinedShadow(uint64_t size) : size_(size) {}
  /// The shadow bytes, allocated now if they were not (std::bad_alloc when they cannot
  /// be had); the address stays valid until the shadow is destroyed.
  uint8_t *data();
  /// Whether data() has allocated the bytes (an unallocated shadow is all undefined).
  bool allocated() const { return bytes_ != nullptr; }
  uint64_t size() const { return size_; }
  /// Marks [offset, offset + size) written; the range must lie inside the allocation.
  void define(uint64_t offset, uint64_t size);
  /// Whether every byte of [offset, offset + size) was written.
  bool defined(uint64_t offset, uint64_t size) const;
  /// Every byte was written at once (the host wrote the allocation whole): the shadow is
  /// no longer consulted, but keeps its memory (if it had any), which a launch that
  /// started before may still read, until the allocation is released.
  void retire() { retired_ = true; }
  bool retired() const { return retired_; }
  /// A retired shadow consulted again (undefined bytes copied into the allocation): every
  /// byte is marked written first, which is what the retired shadow stood for.
  void revive() {
    define(0, size_);
    retired_ = false;
  }

private:
  ZeroedStorage bytes_;
  uint64_t size_ = 0;
  bool retired_ = false;
};

/// Copies the definedness of `size` bytes from `src` (nullptr: an allocation without a
/// shadow, every byte defined) to `dst` (nullptr: nothing to record), as memmove would.
void copyDefinedness(uint8_t *dst, const uint8_t *src, uint64_t size);

} // namespace spvsim
