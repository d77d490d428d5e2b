// The bit pattern of a half, for the tests that compare halves exactly.
#pragma once

#include <bit>
#include <cstdint>

namespace spvsim::testing {

inline uint16_t bitsOf(_Float16 h) {
  return std::bit_cast<uint16_t>(h);
}

} // namespace spvsim::testing
