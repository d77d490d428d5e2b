// TypeLayout: OpenCL C type sizes and alignment (OpenCL C §6.1: a 3-component
// vector has the size and alignment of the 4-component one; structs follow C
// layout unless CPacked) and scalar leaves.
#include "lower/type_layout.h"

#include <string>

#include "spvsim/common/error.h"

namespace spvsim {

namespace {
constexpr size_t kMaxLeaves = 1u << 16;

/// a * b + c, or an Error naming the type when the size does not fit in 64 bits: a
/// size that wrapped would pass every limit and make each access out of bounds.
uint64_t sizeOf(uint64_t a, uint64_t b, uint64_t c, uint32_t typeId) {
  uint64_t product = 0, sum = 0;
  if (__builtin_mul_overflow(a, b, &product) || __builtin_add_overflow(product, c, &sum))
    throw Error("type %" + std::to_string(typeId) + " takes more than 2^64 bytes");
  return sum;
}
} // namespace

uint64_t TypeLayout::arrayLength(uint32_t typeId) {
  const Type &t = module_.type(typeId);
  if (t.count != 0) return t.count;
  // The module view resolves lengths up to 2^32 - 1; longer ones are read here.
  const Constant *length = module_.constant(t.lengthId);
  if (!length || length->kind != ConstantKind::Scalar)
    throw Error("array type %" + std::to_string(typeId) + " has no constant length");
  if (length->isSpec)
    throw Unsupported("array type %" + std::to_string(typeId) +
                      " whose length is a specialization constant");
  return length->bits;
}

TypeLayout::Info &TypeLayout::info(uint32_t typeId) {
  auto it = cache_.find(typeId);
  if (it != cache_.end()) return it->second;
  const Type &t = module_.type(typeId);
  Info in;
  switch (t.kind) {
  case TypeKind::Bool:
    in.size = 1, in.alignment = 1;
    break;
  case TypeKind::Int:
  case TypeKind::Float:
    in.size = t.width / 8, in.alignment = t.width / 8;
    break;
  case TypeKind::Pointer:
  case TypeKind::Event:
  case TypeKind::Sampler:
  case TypeKind::Image:
  case TypeKind::Queue:
  case TypeKind::ReserveId:
  case TypeKind::Pipe:
    in.size = pointerBytes_, in.alignment = pointerBytes_;
    break;
  case TypeKind::SampledImage: // never in memory; its value is an image and a sampler
    in.size = 2 * pointerBytes_, in.alignment = pointerBytes_;
    break;
  case TypeKind::Vector: {
    Info &e = info(t.element);
    uint32_t n = t.count == 3 ? 4 : t.count;
    in.size = sizeOf(e.size, n, 0, typeId);
    in.alignment = static_cast<uint32_t>(in.size);
    break;
  }
  case TypeKind::Array:
  case TypeKind::RuntimeArray: {
    Info &e = info(t.element);
    uint64_t stride = e.size;
    if (auto *d = module_.findDecoration(typeId, spv::Decoration::ArrayStride))
      if (!d->literals.empty()) stride = d->literals[0];
    if (t.kind == TypeKind::Array) {
      in.length = arrayLength(typeId);
      in.size = sizeOf(stride, in.length, 0, typeId);
    }
    in.alignment = e.alignment;
    break;
  }
  case TypeKind::Struct: {
    bool packed = module_.findDecoration(typeId, spv::Decoration::CPacked) != nullptr;
    uint64_t offset = 0;
    uint32_t align = 1;
    for (uint32_t i = 0; i < t.members.size(); ++i) {
      Info &m = info(t.members[i]);
      uint32_t ma = packed ? 1 : m.alignment;
      offset = sizeOf(1, offset, ma - 1, typeId) / ma * ma;
      for (const auto &d : module_.decorations(typeId))
        if (d.member == i && d.decoration == spv::Decoration::Offset && !d.literals.empty())
          offset = d.literals[0];
      in.memberOffsets.push_back(offset);
      offset = sizeOf(1, offset, m.size, typeId);
      align = std::max(align, ma);
    }
    in.alignment = align;
    in.size = sizeOf(1, offset, align - 1, typeId) / align * align;
    break;
  }
  default:
    throw Unsupported("type %" + std::to_string(typeId) + " has no memory layout");
  }
  return cache_.emplace(typeId, std::move(in)).first->second;
}

uint64_t TypeLayout::size(uint32_t typeId) {
  return info(typeId).size;
}
uint32_t TypeLayout::alignment(uint32_t typeId) {
  return info(typeId).alignment;
}

uint64_t TypeLayout::memberOffset(uint32_t structId, uint32_t index) {
  Info &in = info(structId);
  if (index >= in.memberOffsets.size()) throw Error("struct member index out of range");
  return in.memberOffsets[index];
}

uint64_t TypeLayout::elementStride(uint32_t compositeId) {
  const Type &t = module_.type(compositeId);
  if (t.kind == TypeKind::Array || t.kind == TypeKind::RuntimeArray) {
    if (auto *d = module_.findDecoration(compositeId, spv::Decoration::ArrayStride))
      if (!d->literals.empty()) return d->literals[0];
  }
  return info(t.element).size;
}

const std::vector<Leaf> &TypeLayout::leaves(uint32_t typeId) {
  Info &in = info(typeId);
  if (in.leavesDone) return in.leaves;
  const Type &t = module_.type(typeId);
  std::vector<Leaf> out;
  auto append = [&](uint32_t sub, uint64_t base) {
    for (Leaf l : leaves(sub)) {
      l.offset += base;
      out.push_back(l);
      if (out.size() > kMaxLeaves)
        throw Unsupported("a value of type %" + std::to_string(typeId) + " is too large");
    }
  };
  switch (t.kind) {
  case TypeKind::Bool:
    out.push_back({LeafKind::Bool, 1, 0});
    break;
  case TypeKind::Int:
    out.push_back({LeafKind::Int, static_cast<uint8_t>(t.width / 8), 0});
    break;
  case TypeKind::Float:
    out.push_back({LeafKind::Float, static_cast<uint8_t>(t.width / 8), 0});
    break;
  case TypeKind::Pointer:
  case TypeKind::Event:
    out.push_back({LeafKind::Pointer, 8, 0});
    break;
  case TypeKind::Sampler:
  case TypeKind::Image:
    // A sampler holds its sampler_bits (spvsim/interpreter/image.h), an image its index in
    // the launch's image table (exec/image_ops.cpp): opaque handles of the address width.
    out.push_back({LeafKind::Int, static_cast<uint8_t>(pointerBytes_), 0});
    break;
  case TypeKind::SampledImage: // OpSampledImage: the image, then the sampler
    out.push_back({LeafKind::Int, static_cast<uint8_t>(pointerBytes_), 0});
    out.push_back({LeafKind::Int, static_cast<uint8_t>(pointerBytes_), pointerBytes_});
    break;
  case TypeKind::Vector:
  case TypeKind::Array: {
    const uint64_t stride = elementStride(typeId);
    const uint64_t count = t.kind == TypeKind::Array ? in.length : t.count;
    if (leaves(t.element).empty()) break; // (empty structs: no need to count 2^64 of them)
    for (uint64_t i = 0; i < count; ++i) append(t.element, i * stride);
    break;
  }
  case TypeKind::Struct:
    for (uint32_t i = 0; i < t.members.size(); ++i) append(t.members[i], in.memberOffsets[i]);
    break;
  default:
    throw Unsupported("values of type %" + std::to_string(typeId) + " (kind " +
                      std::to_string(int(t.kind)) + ")");
  }
  Info &again = info(typeId); // the map may have rehashed
  again.leaves = std::move(out);
  again.leavesDone = true;
  return again.leaves;
}

uint32_t TypeLayout::leafIndexOf(uint32_t compositeId, uint32_t index) {
  const Type &t = module_.type(compositeId);
  if (t.kind == TypeKind::Vector || t.kind == TypeKind::Array)
    return index * static_cast<uint32_t>(leaves(t.element).size());
  if (t.kind == TypeKind::Struct) {
    uint32_t n = 0;
    for (uint32_t i = 0; i < index && i < t.members.size(); ++i)
      n += static_cast<uint32_t>(leaves(t.members[i]).size());
    return n;
  }
  throw Error("composite index into a non-composite type");
}

} // namespace spvsim
