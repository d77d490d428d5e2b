// Lookup of ops in the op table's lists by SPIR-V opcode or OpenCL.std number,
// shared by the lowering files.
#pragma once

#include <optional>
#include <type_traits>

#include "lower/op_table.h"

namespace spvsim {

struct FamilyEntry {
  spv::Op op;
  OpCode base;
};
struct ExtEntry {
  uint32_t number;
  OpCode base;
};

template <class Table, class Key> std::optional<OpCode> findOp(const Table &table, Key key) {
  for (const auto &e : table)
    if constexpr (std::is_same_v<Key, spv::Op>) {
      if (e.op == key) return e.base;
    } else {
      if (e.number == key) return e.base;
    }
  return std::nullopt;
}

/// The conversion kind of an integer or float of `bytes` bytes.
inline ConvertKind intKind(uint32_t bytes, bool isSigned) {
  return static_cast<ConvertKind>(widthIndex(bytes) + (isSigned ? 4 : 0));
}
inline ConvertKind floatKind(uint32_t bytes) {
  return bytes == 8 ? ConvertKind::F64 : bytes == 2 ? ConvertKind::F16 : ConvertKind::F32;
}

inline OpCode offsetOp(OpCode base, uint32_t index) {
  return static_cast<OpCode>(static_cast<uint32_t>(base) + index);
}

} // namespace spvsim
