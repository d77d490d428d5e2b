// The bytes an op accesses and whether it is atomic, as the race check records accesses
// (race_shadow.cpp: which ops of a kernel are race sites).
#pragma once

#include <algorithm>
#include <cstdint>

#include "lower/op_table.h"

namespace spvsim::race {

/// Bytes and kind of an access op; 0 bytes for ops that are not memory accesses.
struct OpAccess {
  uint32_t bytes = 0;
  bool atomic = false;
};

inline OpAccess accessOf(OpCode code) {
  switch (code) {
  case OpCode::Load8:
  case OpCode::Store8:
  case OpCode::LoadIndexed8:
  case OpCode::StoreIndexed8:
    return {1, false};
  case OpCode::Load16:
  case OpCode::Store16:
  case OpCode::LoadIndexed16:
  case OpCode::StoreIndexed16:
    return {2, false};
  case OpCode::Load32:
  case OpCode::Store32:
  case OpCode::LoadIndexed32:
  case OpCode::StoreIndexed32:
    return {4, false};
  case OpCode::Load64:
  case OpCode::Store64:
  case OpCode::LoadIndexed64:
  case OpCode::StoreIndexed64:
    return {8, false};
  case OpCode::AtomicLoad32:
  case OpCode::AtomicStore32:
  case OpCode::AtomicCompareExchange32:
    return {4, true};
  case OpCode::AtomicLoad64:
  case OpCode::AtomicStore64:
  case OpCode::AtomicCompareExchange64:
    return {8, true};
#define SPVSIM_RACE_ATOMIC_INT(name, spvop, expr)                                                  \
  case OpCode::name##32:                                                                           \
    return {4, true};                                                                              \
  case OpCode::name##64:                                                                           \
    return {8, true};
#define SPVSIM_RACE_ATOMIC_FLOAT(name, spvop, expr)                                                \
  case OpCode::name##F32:                                                                          \
    return {4, true};                                                                              \
  case OpCode::name##F64:                                                                          \
    return {8, true};
    SPVSIM_ATOMIC_INT_OPS(SPVSIM_RACE_ATOMIC_INT)
    SPVSIM_ATOMIC_FLOAT_OPS(SPVSIM_RACE_ATOMIC_FLOAT)
#undef SPVSIM_RACE_ATOMIC_INT
#undef SPVSIM_RACE_ATOMIC_FLOAT
  default:
    return {};
  }
}

/// The largest power of two (up to 8) dividing n: the granule a size or offset allows.
inline uint32_t lowBit(uint64_t n) {
  return n ? std::min<uint32_t>(8, uint32_t(n & (~n + 1))) : 8;
}

} // namespace spvsim::race
