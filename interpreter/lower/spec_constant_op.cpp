// OpSpecConstantOp (SPIR-V §3.52.8): evaluated once the run's specialization
// constant values are known, on scalars and component-wise on vectors — the
// integer, boolean and (under the Kernel capability) float arithmetic and
// conversion opcodes, and OpVectorShuffle, OpCompositeExtract and
// OpCompositeInsert on whole composites.
#include <bit>
#include <cmath>
#include <cstring>

#include "lower/kernel_lowering.h"
#include "spvsim/common/error.h"

namespace spvsim {

namespace {

/// One scalar operand: its raw bits and how wide it is.
struct ScalarArg {
  uint64_t bits = 0;
  uint32_t width = 32; ///< in bits (1 for bool)
  bool isFloat = false;
};

int64_t sext(uint64_t v, uint32_t w) {
  return w >= 64 ? int64_t(v) : int64_t(v << (64 - w)) >> (64 - w);
}

double asDouble(const ScalarArg &a) {
  if (a.width == 64) return std::bit_cast<double>(a.bits);
  if (a.width == 32) return std::bit_cast<float>(uint32_t(a.bits));
  return double(std::bit_cast<_Float16>(uint16_t(a.bits)));
}

/// The bits of a float of `width` bits nearest to an exact or double-rounding-free value.
uint64_t fromDouble(double v, uint32_t width) {
  if (width == 64) return std::bit_cast<uint64_t>(v);
  if (width == 32) return std::bit_cast<uint32_t>(float(v));
  return std::bit_cast<uint16_t>(_Float16(v));
}

/// An integer converted to a float of `width` bits with one rounding.
uint64_t intToFloat(uint64_t bits, uint32_t fromWidth, bool isSigned, uint32_t width) {
  if (isSigned) {
    const int64_t v = sext(bits, fromWidth);
    if (width == 64) return std::bit_cast<uint64_t>(double(v));
    if (width == 32) return std::bit_cast<uint32_t>(float(v));
    return std::bit_cast<uint16_t>(_Float16(v));
  }
  const uint64_t v = fromWidth >= 64 ? bits : bits & ((uint64_t(1) << fromWidth) - 1);
  if (width == 64) return std::bit_cast<uint64_t>(double(v));
  if (width == 32) return std::bit_cast<uint32_t>(float(v));
  return std::bit_cast<uint16_t>(_Float16(v));
}

/// A float converted toward zero to an integer of `width` bits, saturating (out of
/// range is undefined in SPIR-V).
uint64_t floatToInt(double v, uint32_t width, bool isSigned) {
  if (v != v) return 0;
  v = std::trunc(v);
  const double hi = std::ldexp(1.0, int(width) - (isSigned ? 1 : 0));
  const double lo = isSigned ? -hi : 0;
  if (v >= hi) return isSigned ? uint64_t(hi) - 1 : (width >= 64 ? ~uint64_t(0) : uint64_t(hi) - 1);
  if (v < lo) return uint64_t(int64_t(lo));
  return isSigned ? uint64_t(int64_t(v)) : uint64_t(v);
}

/// One component of a component-wise OpSpecConstantOp.
uint64_t evaluateScalar(spv::Op op, uint32_t width, const std::vector<ScalarArg> &a) {
  using spv::Op;
  auto need = [&](size_t n) {
    if (a.size() < n) throw Error("OpSpecConstantOp has too few operands");
  };
  need(1);
  const uint64_t x = a[0].bits, y = a.size() > 1 ? a[1].bits : 0;
  const uint32_t w = a[0].width;
  const uint64_t mask = w >= 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1;
  auto shift = [&] { return y % (w ? w : 1); };
  auto floatOp = [&](auto f) {
    need(2);
    // Correctly rounded for every width: double has more than twice float's precision.
    return fromDouble(f(asDouble(a[0]), asDouble(a[1])), width);
  };
  switch (op) {
  case Op::OpIAdd:
    return x + y;
  case Op::OpISub:
    return x - y;
  case Op::OpIMul:
    return x * y;
  case Op::OpUDiv:
    return (y & mask) ? (x & mask) / (y & mask) : 0;
  case Op::OpUMod:
    return (y & mask) ? (x & mask) % (y & mask) : 0;
  case Op::OpSDiv:
  case Op::OpSRem:
  case Op::OpSMod: {
    const int64_t p = sext(x, w), q = sext(y, w);
    if (q == 0 || q == -1) return op == Op::OpSDiv ? uint64_t(0) - uint64_t(p) : 0;
    if (op == Op::OpSDiv) return uint64_t(p / q);
    int64_t r = p % q;
    if (op == Op::OpSMod && r != 0 && ((r < 0) != (q < 0))) r += q;
    return uint64_t(r);
  }
  case Op::OpShiftLeftLogical:
    return x << shift();
  case Op::OpShiftRightLogical:
    return (x & mask) >> shift();
  case Op::OpShiftRightArithmetic:
    return uint64_t(sext(x, w) >> shift());
  case Op::OpBitwiseAnd:
    return x & y;
  case Op::OpBitwiseOr:
    return x | y;
  case Op::OpBitwiseXor:
    return x ^ y;
  case Op::OpNot:
    return ~x;
  case Op::OpSNegate:
    return 0 - x;
  case Op::OpUConvert:
    return x & mask;
  case Op::OpSConvert:
    return uint64_t(sext(x, w));
  case Op::OpIEqual:
  case Op::OpLogicalEqual:
    return (x & mask) == (y & mask);
  case Op::OpINotEqual:
  case Op::OpLogicalNotEqual:
    return (x & mask) != (y & mask);
  case Op::OpULessThan:
    return (x & mask) < (y & mask);
  case Op::OpUGreaterThan:
    return (x & mask) > (y & mask);
  case Op::OpULessThanEqual:
    return (x & mask) <= (y & mask);
  case Op::OpUGreaterThanEqual:
    return (x & mask) >= (y & mask);
  case Op::OpSLessThan:
    return sext(x, w) < sext(y, a[1].width);
  case Op::OpSGreaterThan:
    return sext(x, w) > sext(y, a[1].width);
  case Op::OpSLessThanEqual:
    return sext(x, w) <= sext(y, a[1].width);
  case Op::OpSGreaterThanEqual:
    return sext(x, w) >= sext(y, a[1].width);
  case Op::OpLogicalAnd:
    return (x & 1) && (y & 1);
  case Op::OpLogicalOr:
    return (x & 1) || (y & 1);
  case Op::OpLogicalNot:
    return !(x & 1);
  case Op::OpSelect:
    need(3);
    return (x & 1) ? a[1].bits : a[2].bits;
  // Kernel capability: float arithmetic and conversions.
  case Op::OpFNegate:
    return fromDouble(-asDouble(a[0]), width);
  case Op::OpFAdd:
    return floatOp([](double p, double q) { return p + q; });
  case Op::OpFSub:
    return floatOp([](double p, double q) { return p - q; });
  case Op::OpFMul:
    return floatOp([](double p, double q) { return p * q; });
  case Op::OpFDiv:
    if (width == 64) return std::bit_cast<uint64_t>(asDouble(a[0]) / asDouble(a[1]));
    return floatOp([](double p, double q) { return p / q; });
  case Op::OpFRem:
    return floatOp([](double p, double q) { return std::fmod(p, q); });
  case Op::OpFMod:
    return floatOp([](double p, double q) {
      double r = std::fmod(p, q);
      return r != 0 && ((r < 0) != (q < 0)) ? r + q : r;
    });
  case Op::OpFConvert:
    return fromDouble(asDouble(a[0]), width);
  case Op::OpConvertFToS:
    return floatToInt(asDouble(a[0]), width, true);
  case Op::OpConvertFToU:
    return floatToInt(asDouble(a[0]), width, false);
  case Op::OpConvertSToF:
    return intToFloat(x, w, true, width);
  case Op::OpConvertUToF:
    return intToFloat(x, w, false, width);
  case Op::OpBitcast:
    return x;
  default:
    throw Unsupported("OpSpecConstantOp with opcode " + std::to_string(uint32_t(op)));
  }
}

} // namespace

std::vector<uint64_t> KernelLowering::evaluateSpecOp(const Constant &c) {
  const Instruction &inst = module_.instruction(c.instruction);
  auto ops = module_.operands(inst);
  if (ops.empty()) throw Error("OpSpecConstantOp without an opcode");
  const auto op = static_cast<spv::Op>(ops[0]);
  const auto operands = ops.subspan(1);
  const auto &leaves = layout_.leaves(c.typeId);
  auto operandAt = [&](size_t k) {
    if (k >= operands.size()) throw Error("OpSpecConstantOp has too few operands");
    return operands[k];
  };
  using spv::Op;
  if (op == Op::OpVectorShuffle) {
    const auto a = constantLeafBits(operandAt(0)), b = constantLeafBits(operandAt(1));
    std::vector<uint64_t> out;
    for (size_t k = 2; k < operands.size(); ++k) {
      const uint32_t i = operands[k];
      if (i != 0xffffffffu && i >= a.size() + b.size())
        throw Error("OpSpecConstantOp VectorShuffle component " + std::to_string(i) +
                    " selects none of the " + std::to_string(a.size() + b.size()) +
                    " components of its vectors");
      out.push_back(i == 0xffffffffu ? 0 : i < a.size() ? a[i] : b[i - a.size()]);
    }
    return out;
  }
  if (op == Op::OpCompositeExtract || op == Op::OpCompositeInsert) {
    const bool insert = op == Op::OpCompositeInsert;
    const uint32_t composite = operandAt(insert ? 1 : 0);
    uint32_t type = module_.typeOf(composite), leaf = 0;
    for (size_t k = insert ? 2 : 1; k < operands.size(); ++k) {
      const Type &t = module_.type(type);
      const uint64_t size = t.kind == TypeKind::Struct ? t.members.size() : t.count;
      if (operands[k] >= size)
        throw Error("OpSpecConstantOp index " + std::to_string(operands[k]) + " is beyond the " +
                    std::to_string(size) + " elements of type %" + std::to_string(type));
      leaf += layout_.leafIndexOf(type, operands[k]);
      type = t.kind == TypeKind::Struct ? t.members[operands[k]] : t.element;
    }
    auto bits = constantLeafBits(composite);
    const size_t n = layout_.leaves(type).size();
    if (leaf + n > bits.size()) throw Error("OpSpecConstantOp index out of range");
    if (!insert) return std::vector<uint64_t>(bits.begin() + leaf, bits.begin() + leaf + n);
    const auto object = constantLeafBits(operandAt(0));
    std::copy(object.begin(), object.end(), bits.begin() + leaf);
    return bits;
  }
  // Component-wise: scalar operands apply to every component.
  std::vector<std::vector<ScalarArg>> args(leaves.size());
  for (uint32_t id : operands) {
    const auto bits = constantLeafBits(id);
    const auto &argLeaves = layout_.leaves(module_.typeOf(id));
    for (size_t i = 0; i < leaves.size(); ++i) {
      const size_t k = bits.size() == 1 ? 0 : i;
      if (k >= bits.size()) throw Error("OpSpecConstantOp operands of different sizes");
      const Leaf &l = argLeaves[k];
      args[i].push_back(
          {bits[k], l.kind == LeafKind::Bool ? 1u : l.bytes * 8u, l.kind == LeafKind::Float});
    }
  }
  std::vector<uint64_t> out;
  for (size_t i = 0; i < leaves.size(); ++i) {
    const uint32_t width = leaves[i].kind == LeafKind::Bool ? 1 : leaves[i].bytes * 8;
    const uint64_t mask = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
    out.push_back(evaluateScalar(op, width, args[i]) & mask);
  }
  return out;
}

} // namespace spvsim
