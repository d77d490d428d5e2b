// Variables described in parts (Evaluator::valueOfParts, evaluator.h): at -O2 the
// front end splits a struct or vector variable into its members' registers and keeps a
// narrow value in a wider one; the debug information then says which bits of the
// variable each register holds (DebugValue with a Fragment operation, OpenCL.DebugInfo.100
// §4.8: offset and size in bits; LLVM's DW_OP_LLVM_fragment). The variable's bytes are
// put together from the parts bound now; bytes no part gives stay unknown and print as
// `<optimized out>`, never as a value the variable does not have.
#include <algorithm>
#include <cstring>

#include "evaluator.h"

namespace spvsim::debugger {

namespace {

/// Whether the type is clang's `_BitInt` without its width (clang 15 names every one
/// "_BitInt" or "unsigned _BitInt" and gives it its storage's size).
bool isUnsizedBitInt(const ValueType &t) {
  return (t.kind == ValueType::Kind::Int || t.kind == ValueType::Kind::UInt) && !t.valueBits &&
         (t.name == "_BitInt" || t.name == "unsigned _BitInt");
}

/// A `_BitInt(N)` variable in parts (the front end splits a wide one into 64-bit halves,
/// the high one a fragment of its bits 64 to N): the fragments end at bit `end`, N, and
/// the bytes above are padding. When the bytes below `end` are all known and none above,
/// the padding is known as zero and `v.type` becomes a copy with valueBits N, so that a
/// signed one prints negative. Otherwise the unknown bytes stay unknown.
void narrowBitInt(Value &v, PartBytes &parts, uint64_t end) {
  const uint64_t size = parts.known.size();
  if (!isUnsizedBitInt(*v.type) || end == 0 || end >= 8 * size) return;
  const uint64_t endByte = (end + 7) / 8;
  if (!parts.allKnown(0, endByte) || std::find(parts.known.begin() + ptrdiff_t(endByte),
                                               parts.known.end(), 1) != parts.known.end())
    return;
  auto narrow = std::make_shared<ValueType>(*v.type);
  narrow->valueBits = uint32_t(end);
  std::fill(parts.known.begin() + ptrdiff_t(endByte), parts.known.end(), 1); // bytes stay 0
  v.type = std::move(narrow);
}

/// The padding above the value bits of each `_BitInt(N)` in `t` at `offset` (a named one,
/// valueBits N: an array's elements, a struct's members; the front end splits a
/// `unsigned _BitInt(96)` element into a 64-bit and a 32-bit fragment, and nothing gives
/// the element's last four bytes) known once the value's bytes are: the value is printed
/// from its N bits.
void knowBitIntPadding(const ValueType &t, uint64_t offset, PartBytes &parts) {
  const uint64_t size = parts.known.size();
  if (offset >= size) return;
  switch (t.kind) {
  case ValueType::Kind::Int:
  case ValueType::Kind::UInt: {
    if (!t.valueBits || t.valueBits >= 8 * t.bytes) return;
    const uint64_t valueEnd = offset + (t.valueBits + 7) / 8;
    const uint64_t end = std::min<uint64_t>(offset + t.bytes, size);
    if (valueEnd < end && parts.allKnown(offset, valueEnd - offset))
      std::fill(parts.known.begin() + ptrdiff_t(valueEnd), parts.known.begin() + ptrdiff_t(end), 1);
    return;
  }
  case ValueType::Kind::Array:
    if (!t.element || t.stride() == 0) return;
    for (uint64_t i = 0; i < t.count && offset + i * t.stride() < size; ++i)
      knowBitIntPadding(*t.element, offset + i * t.stride(), parts);
    return;
  case ValueType::Kind::Struct:
    for (const ValueType::Member &member : t.members)
      if (member.type) knowBitIntPadding(*member.type, offset + member.offset, parts);
    return;
  default:
    return;
  }
}

} // namespace

uint32_t Evaluator::leafBytesOf(uint32_t type) const {
  const Module &m = session_.info().module();
  const Type &st = m.type(type);
  if (st.kind == TypeKind::Int || st.kind == TypeKind::Float) return st.width / 8;
  if (st.kind == TypeKind::Bool) return 1;
  if (st.kind == TypeKind::Vector) {
    const Type &e = m.type(st.element);
    return e.kind == TypeKind::Bool ? 1 : e.width / 8;
  }
  return 8;
}

Value Evaluator::valueOfParts(const DebugVariable &var,
                              const std::vector<uint32_t> &bindOps) const {
  const LoweredKernel &k = *session_.launch()->kernel;
  Value v;
  v.type = typeOfDebug(var.type);
  const uint64_t size = v.type->bytes;
  // A variable's debug type bigger than any a kernel keeps in registers is not assembled.
  constexpr uint64_t kMaxBytes = 1 << 16;
  if (size == 0 || size > kMaxBytes) {
    v.optimizedOut = true;
    return v;
  }
  auto parts = std::make_shared<PartBytes>();
  parts->bytes.assign(size, 0);
  parts->known.assign(size, 0);
  // A `_BitInt`'s high part may end inside a byte (bits 64 to 70 of a `_BitInt(70)`): its
  // register holds them at the bottom, and the padding above is not part of the value.
  const bool bitInt = isUnsizedBitInt(*v.type);
  uint64_t fragmentsEnd = 0;
  // The whole variable's binding first, then its parts bound since (bindingsOf).
  for (uint32_t index : bindOps) {
    const LoweredOp &op = k.ops[index];
    const DebugBinding &b = k.debugBindings[op.aux];
    const BindPart part = bindPartOf(op);
    const uint64_t offsetBits = part.offset;
    const uint64_t bits = part.bits ? part.bits : size * 8;
    // Bits the variable has not, or a part that does not start and end on a byte: the
    // bytes it touches are not known.
    const uint64_t first = offsetBits / 8;
    const uint64_t end = std::min<uint64_t>((offsetBits + bits + 7) / 8, size);
    if (first >= end) continue;
    std::fill(parts->known.begin() + ptrdiff_t(first), parts->known.begin() + ptrdiff_t(end), 0);
    if (part.bits) fragmentsEnd = std::max(fragmentsEnd, offsetBits + bits);
    if (b.optimizedOut || b.address || offsetBits % 8 || (bits % 8 && !bitInt)) continue;
    // The value's components in order, each the width of its SPIR-V type; a wider value
    // than the part (a narrow integer kept in a wider one) gives its low bytes.
    const uint32_t leafBytes = leafBytesOf(b.type);
    uint64_t at = first;
    for (uint32_t i = 0; i < op.c && at < end; ++i) {
      const uint64_t leaf = registerBits(op.a + i * k.slotStride, leafBytes);
      const uint64_t n = std::min<uint64_t>({leafBytes, end - at, sizeof leaf});
      std::memcpy(parts->bytes.data() + at, &leaf, n);
      std::fill(parts->known.begin() + ptrdiff_t(at), parts->known.begin() + ptrdiff_t(at + n), 1);
      at += leafBytes;
    }
  }
  narrowBitInt(v, *parts, fragmentsEnd);
  knowBitIntPadding(*v.type, 0, *parts);
  const bool any =
      std::any_of(parts->known.begin(), parts->known.end(), [](uint8_t b) { return b; });
  if (!any || (v.type->isScalar() && !parts->allKnown(0, std::min<uint64_t>(size, 8)))) {
    v.optimizedOut = true;
    return v;
  }
  v.parts = std::move(parts);
  return v;
}

} // namespace spvsim::debugger
