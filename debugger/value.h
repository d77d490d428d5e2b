// Values the debugger prints and computes with: a type (scalar, vector, array,
// struct, pointer) built from debug information, from a SPIR-V type or from a run
// file's buffer type, and where the value is — in memory at a tagged pointer, or
// in register leaves (one per scalar component) — with gdb-style formatting.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace spvsim::debugger {

struct ValueType {
  enum class Kind : uint8_t { Int, UInt, Float, Bool, Pointer, Vector, Array, Struct, Unknown };
  Kind kind = Kind::Unknown;
  uint32_t bytes = 0; ///< scalars and pointers; aggregates: their whole size
  std::string name;   ///< as the source spells it ("int", "float4", "struct pair")
  std::shared_ptr<const ValueType> element; ///< Vector, Array, Pointer
  uint64_t count = 0;                       ///< Vector components, Array elements
  struct Member {
    std::string name;
    uint64_t offset = 0;
    std::shared_ptr<const ValueType> type;
  };
  std::vector<Member> members; ///< Struct
  /// Int, UInt: the bits of the value when fewer than its storage's (a `_BitInt(72)` kept
  /// in 16 bytes, the rest zero); 0: all of them.
  uint32_t valueBits = 0;

  bool isScalar() const { return kind <= Kind::Pointer; }
  /// The bits an integer's value has (valueBits, else its storage's).
  uint32_t integerBits() const { return valueBits ? valueBits : 8 * bytes; }
  /// Bytes between consecutive elements (a vec3 element is stored as a vec4).
  uint64_t stride() const;
};
using TypePtr = std::shared_ptr<const ValueType>;

TypePtr scalarType(ValueType::Kind kind, uint32_t bytes, std::string name);
/// An integer scalar's bits (at most 64 of them) as a number: sign-extended from its
/// value's top bit for Int, zero-extended above its value's bits otherwise.
int64_t integerValue(const ValueType &t, uint64_t bits);

/// The bytes of a variable whose parts are in different registers (fragments of its
/// debug information, -O2), as far as they are known: `known[i]` says whether `bytes[i]`
/// is the variable's.
struct PartBytes {
  std::vector<uint8_t> bytes;
  std::vector<uint8_t> known;
  /// Whether bytes [offset, offset + size) are all known.
  bool allKnown(uint64_t offset, uint64_t size) const;
};

/// A value: in memory (`address`, a tagged pointer, read through `read`), in
/// registers (`leaves`: one scalar's bits per component), in bytes put together from
/// its parts (`parts`, from `partsOffset`), or gone.
struct Value {
  TypePtr type;
  std::optional<uint64_t> address;
  std::vector<uint64_t> leaves;
  /// A scalar variable in a register (DebugValue, -O2): the register's slot (a byte
  /// offset, as LoweredOp operands), which `set var` may write.
  std::optional<uint32_t> registerSlot;
  std::shared_ptr<const PartBytes> parts;
  uint64_t partsOffset = 0;
  bool optimizedOut = false;
  std::string note; ///< why it is gone, or what it is ("<optimized out>")

  static Value ofScalar(TypePtr type, uint64_t bits) {
    Value v;
    v.type = std::move(type);
    v.leaves = {bits};
    return v;
  }
};

/// Reads `bytes` bytes at a tagged pointer; false when they are not all inside one
/// allocation (the message says why).
using MemoryReader =
    std::function<bool(uint64_t pointer, uint64_t bytes, void *out, std::string &why)>;
/// Describes a tagged pointer ("buffer 'out' + 64").
using PointerNamer = std::function<std::string(uint64_t pointer)>;

/// The bits of a scalar value (reading memory when it is there); throws spvsim::Error.
uint64_t scalarBits(const Value &v, const MemoryReader &read);
/// Formats a value as gdb would; `limit` elements of an array at most.
std::string formatValue(const Value &v, const MemoryReader &read, const PointerNamer &name,
                        uint64_t limit = 200);
/// A scalar's bits as text ("37", "1.5", "true").
std::string formatScalar(const ValueType &t, uint64_t bits, const PointerNamer &name);
/// The value as it is now, for the value history (`$1`, gdb's): a value in memory gets a
/// copy of its bytes (later stores do not change it; it has no address any more); a
/// pointer (it goes on pointing) and one in registers are kept as they are. One in
/// memory whose bytes cannot be read throws spvsim::Error ("Cannot access memory at
/// ..."): gdb enters no value it cannot read in its history.
Value snapshotOf(const Value &v, const MemoryReader &read);
/// A value of type `type` made of `bytes` (as memory holds it; its size at least the
/// type's): what a watchpoint saw before and after a store, what `last-write` found.
Value valueOfBytes(TypePtr type, const void *bytes, uint64_t size);
/// Element `index` of an array, vector or pointer value; member `name` of a struct.
Value elementOf(const Value &v, int64_t index, const MemoryReader &read);
Value memberOf(const Value &v, const std::string &name);

} // namespace spvsim::debugger
