// TypeLayout: OpenCL memory layout of SPIR-V types (size, alignment, vec3 as
// vec4, packed structs) and their scalar leaves — the slots a value occupies
// once vectors and aggregates are scalarised.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "spvsim/validator/module.h"

namespace spvsim {

/// How a scalar leaf is held in a register slot.
enum class LeafKind : uint8_t { Bool, Int, Float, Pointer };

struct Leaf {
  LeafKind kind = LeafKind::Int;
  uint8_t bytes = 4;   ///< width in a slot and in memory (bool: 1)
  uint64_t offset = 0; ///< byte offset inside the type's memory layout
};

class TypeLayout {
public:
  TypeLayout(const Module &module, uint32_t pointerBytes)
      : module_(module), pointerBytes_(pointerBytes) {}

  uint64_t size(uint32_t typeId);
  uint32_t alignment(uint32_t typeId);
  /// Scalar leaves in order, with their memory offsets. Throws Unsupported for types
  /// that have no value form (opaque types) or too many leaves.
  const std::vector<Leaf> &leaves(uint32_t typeId);
  /// Byte offset of member `index` of a struct.
  uint64_t memberOffset(uint32_t structId, uint32_t index);
  /// Number of leaves before element/member `index` of a composite.
  uint32_t leafIndexOf(uint32_t compositeId, uint32_t index);
  /// Distance between consecutive elements of an array or vector.
  uint64_t elementStride(uint32_t compositeId);
  const Module &module() const { return module_; }

private:
  struct Info {
    uint64_t size = 0;
    uint32_t alignment = 1;
    uint64_t length = 0; ///< elements of an array
    std::vector<uint64_t> memberOffsets;
    std::vector<Leaf> leaves;
    bool leavesDone = false;
  };
  Info &info(uint32_t typeId);
  /// The length of an array type, also beyond 2^32 - 1 (Type::count stops there).
  uint64_t arrayLength(uint32_t typeId);
  const Module &module_;
  uint32_t pointerBytes_;
  std::unordered_map<uint32_t, Info> cache_;
};

} // namespace spvsim
