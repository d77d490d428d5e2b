// Values (value.h): element and member access, and gdb-style formatting.
#include "value.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>

#include "memory/tagged_pointer.h"
#include "spvsim/common/error.h"

namespace spvsim::debugger {

uint64_t ValueType::stride() const {
  if (kind == Kind::Vector && count == 3 && element) return element->bytes * 4;
  return bytes;
}

TypePtr scalarType(ValueType::Kind kind, uint32_t bytes, std::string name) {
  auto t = std::make_shared<ValueType>();
  t->kind = kind;
  t->bytes = bytes;
  t->name = std::move(name);
  return t;
}

int64_t integerValue(const ValueType &t, uint64_t bits) {
  const uint32_t n = std::min<uint32_t>(t.integerBits(), 64);
  if (n == 0 || n >= 64) return int64_t(bits);
  if (t.kind == ValueType::Kind::Int) return int64_t(bits << (64 - n)) >> (64 - n);
  return int64_t(bits & ((uint64_t(1) << n) - 1));
}

bool PartBytes::allKnown(uint64_t offset, uint64_t size) const {
  if (offset + size > known.size()) return false;
  return std::all_of(known.begin() + ptrdiff_t(offset), known.begin() + ptrdiff_t(offset + size),
                     [](uint8_t k) { return k != 0; });
}

uint64_t scalarBits(const Value &v, const MemoryReader &read) {
  if (v.optimizedOut) throw Error("value has been optimized out");
  if (!v.type || !v.type->isScalar()) throw Error("not a scalar");
  if (v.type->bytes > 8)
    throw Error("a " + std::to_string(8 * v.type->bytes) +
                "-bit integer is printed but not computed with");
  if (!v.leaves.empty()) return v.leaves[0];
  if (v.parts) {
    const uint64_t n = std::min<uint64_t>(v.type->bytes, 8);
    if (!v.parts->allKnown(v.partsOffset, n)) throw Error("value has been optimized out");
    uint64_t bits = 0;
    std::memcpy(&bits, v.parts->bytes.data() + v.partsOffset, n);
    return bits;
  }
  uint64_t bits = 0;
  std::string why;
  if (!v.address || !read(*v.address, v.type->bytes, &bits, why)) throw Error(why);
  return bits;
}

namespace {

/// The bytes of an integer wider than 64 bits (`__int128`, `_BitInt(96)`: the front end
/// keeps them as 64-bit halves, low half first), at most 16.
std::array<uint8_t, 16> wideIntegerBytes(const Value &v, const MemoryReader &read) {
  std::array<uint8_t, 16> out{};
  const uint64_t n = std::min<uint64_t>(v.type->bytes, out.size());
  if (!v.leaves.empty()) {
    for (size_t i = 0; i < v.leaves.size() && 8 * i < n; ++i)
      std::memcpy(out.data() + 8 * i, &v.leaves[i], std::min<uint64_t>(8, n - 8 * i));
    return out;
  }
  if (v.parts) {
    if (!v.parts->allKnown(v.partsOffset, n)) throw Error("value has been optimized out");
    std::memcpy(out.data(), v.parts->bytes.data() + v.partsOffset, n);
    return out;
  }
  std::string why;
  if (!v.address || !read(*v.address, n, out.data(), why)) throw Error(why);
  return out;
}

/// A 65–128-bit integer in decimal, signed or not, as gdb prints `__int128`; one whose
/// value has fewer bits than its storage (`_BitInt(72)`) from those bits.
std::string formatWideInteger(const ValueType &t, const std::array<uint8_t, 16> &bytes) {
  const uint32_t n = std::min<uint32_t>(t.bytes, 16);
  const uint32_t valueBits = std::min<uint32_t>(t.integerBits(), 8 * n);
  unsigned __int128 u = 0;
  for (uint32_t i = n; i-- > 0;) u = (u << 8) | bytes[i];
  if (valueBits < 128) u &= ((unsigned __int128)1 << valueBits) - 1;
  bool negative = false;
  if (t.kind == ValueType::Kind::Int && valueBits > 0 && ((u >> (valueBits - 1)) & 1)) {
    if (valueBits < 128) u |= ~(unsigned __int128)0 << valueBits; // sign-extend to 128 bits
    u = ~u + 1;
    negative = true;
  }
  std::string digits;
  do {
    digits.insert(digits.begin(), char('0' + int(u % 10)));
    u /= 10;
  } while (u != 0);
  return negative ? "-" + digits : digits;
}

template <class F> std::string shortest(F f) {
  char buffer[64];
  auto r = std::to_chars(buffer, buffer + sizeof buffer, f);
  return std::string(buffer, r.ptr);
}

} // namespace

std::string formatScalar(const ValueType &t, uint64_t bits, const PointerNamer &name) {
  const uint32_t n = t.bytes;
  const uint64_t mask = n >= 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * n)) - 1;
  bits &= mask;
  switch (t.kind) {
  case ValueType::Kind::Int:
    return std::to_string(integerValue(t, bits));
  case ValueType::Kind::UInt:
    return std::to_string(uint64_t(integerValue(t, bits)));
  case ValueType::Kind::Bool:
    return bits ? "true" : "false";
  case ValueType::Kind::Float:
    if (n == 4) {
      float f;
      uint32_t b = uint32_t(bits);
      std::memcpy(&f, &b, 4);
      return shortest(f);
    }
    if (n == 8) {
      double d;
      std::memcpy(&d, &bits, 8);
      return shortest(d);
    }
    if (n == 2) {
      _Float16 h;
      uint16_t b = uint16_t(bits);
      std::memcpy(&h, &b, 2);
      return shortest(float(h));
    }
    break;
  case ValueType::Kind::Pointer:
    return name ? name(bits) : std::to_string(bits);
  default:
    break;
  }
  return "?";
}

Value snapshotOf(const Value &v, const MemoryReader &read) {
  constexpr uint64_t kLargestCopy = uint64_t(1) << 24; // a 16 MiB buffer at most
  if (!v.address || !v.type || v.type->bytes == 0 || v.type->bytes > kLargestCopy) return v;
  std::vector<uint8_t> bytes(v.type->bytes);
  std::string why;
  if (!read(*v.address, v.type->bytes, bytes.data(), why)) throw Error(why);
  return valueOfBytes(v.type, bytes.data(), bytes.size());
}

Value valueOfBytes(TypePtr type, const void *data, uint64_t size) {
  auto bytes = std::make_shared<PartBytes>();
  const auto *first = static_cast<const uint8_t *>(data);
  bytes->bytes.assign(first, first + size);
  bytes->known.assign(size, 1);
  Value v;
  v.type = std::move(type);
  v.parts = std::move(bytes);
  return v;
}

Value elementOf(const Value &v, int64_t index, const MemoryReader &read) {
  if (v.optimizedOut) throw Error("value has been optimized out");
  const ValueType &t = *v.type;
  Value e;
  if (t.kind == ValueType::Kind::Pointer) {
    if (!t.element || t.element->bytes == 0) throw Error("cannot index a pointer to " + t.name);
    e.type = t.element;
    e.address =
        tagged::addOffset(scalarBits(v, read), uint64_t(index * int64_t(t.element->stride())));
    return e;
  }
  if (t.kind != ValueType::Kind::Vector && t.kind != ValueType::Kind::Array)
    throw Error("cannot index a value of type " + t.name);
  if (index < 0 || uint64_t(index) >= t.count)
    throw Error("index " + std::to_string(index) + " is outside " + t.name + " (" +
                std::to_string(t.count) + " elements)");
  e.type = t.element;
  if (!v.leaves.empty()) {
    if (uint64_t(index) >= v.leaves.size()) throw Error("component not in registers");
    e.leaves = {v.leaves[size_t(index)]};
  } else if (v.parts) {
    e.parts = v.parts;
    e.partsOffset = v.partsOffset + uint64_t(index) * t.element->stride();
  } else {
    e.address = tagged::addOffset(*v.address, uint64_t(index) * t.element->stride());
  }
  return e;
}

Value memberOf(const Value &v, const std::string &name) {
  if (v.optimizedOut) throw Error("value has been optimized out");
  const ValueType &t = *v.type;
  if (t.kind == ValueType::Kind::Vector) {
    // OpenCL C §6.3.7: .x .y .z .w, .s0 - .sF
    int64_t index = -1;
    if (name.size() == 1 && std::string("xyzw").find(name[0]) != std::string::npos)
      index = int64_t(std::string("xyzw").find(name[0]));
    else if (name.size() == 2 && (name[0] == 's' || name[0] == 'S'))
      index = int64_t(std::string("0123456789abcdef").find(char(std::tolower(name[1]))));
    if (index < 0 || uint64_t(index) >= t.count)
      throw Error("no component '" + name + "' in " + t.name);
    Value e;
    e.type = t.element;
    if (!v.leaves.empty()) {
      e.leaves = {v.leaves.at(size_t(index))};
    } else if (v.parts) {
      e.parts = v.parts;
      e.partsOffset = v.partsOffset + uint64_t(index) * t.element->bytes;
    } else {
      e.address = tagged::addOffset(*v.address, uint64_t(index) * t.element->bytes);
    }
    return e;
  }
  if (t.kind != ValueType::Kind::Struct) throw Error("'" + name + "' of a non-struct " + t.name);
  for (const auto &m : t.members)
    if (m.name == name) {
      Value e;
      e.type = m.type;
      if (v.parts) {
        e.parts = v.parts;
        e.partsOffset = v.partsOffset + m.offset;
        return e;
      }
      if (!v.address) throw Error("struct members of a value in registers are not shown");
      e.address = tagged::addOffset(*v.address, m.offset);
      return e;
    }
  throw Error("there is no member named " + name + " in " + t.name);
}

std::string formatValue(const Value &v, const MemoryReader &read, const PointerNamer &name,
                        uint64_t limit) {
  if (v.optimizedOut) return v.note.empty() ? "<optimized out>" : v.note;
  const ValueType &t = *v.type;
  if (t.isScalar()) {
    if (v.parts && !v.parts->allKnown(v.partsOffset, std::min<uint64_t>(t.bytes, 16)))
      return "<optimized out>";
    try {
      if (t.bytes > 8 && (t.kind == ValueType::Kind::Int || t.kind == ValueType::Kind::UInt))
        return formatWideInteger(t, wideIntegerBytes(v, read));
      return formatScalar(t, scalarBits(v, read), name);
    } catch (const Error &e) {
      return std::string("<") + e.what() + ">";
    }
  }
  std::string out = "{";
  if (t.kind == ValueType::Kind::Struct) {
    for (size_t i = 0; i < t.members.size(); ++i) {
      if (i) out += ", ";
      out += t.members[i].name + " = ";
      try {
        out += formatValue(memberOf(v, t.members[i].name), read, name, limit);
      } catch (const Error &e) {
        out += std::string("<") + e.what() + ">";
      }
    }
    return out + "}";
  }
  if (t.kind == ValueType::Kind::Vector || t.kind == ValueType::Kind::Array) {
    const uint64_t n = std::min(t.count, limit);
    for (uint64_t i = 0; i < n; ++i) {
      if (i) out += ", ";
      out += formatValue(elementOf(v, int64_t(i), read), read, name, limit);
    }
    if (n < t.count) out += "...";
    return out + "}";
  }
  return "<unknown type>";
}

} // namespace spvsim::debugger
