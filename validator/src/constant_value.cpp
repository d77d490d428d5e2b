// The value of an integer or boolean constant as the module runs unless
// specialised: OpConstant, OpConstantNull, OpSpecConstant* with their default
// values, and OpSpecConstantOp over them (SPIR-V §2.12 "Specialization",
// the integer and boolean opcodes OpSpecConstantOp allows with the Kernel
// capability). Rules use it for operands that must have certain values, such
// as scopes and memory semantics (rules_scopes.cpp).
#include "rules.h"

namespace spvsim::rules {

namespace {

/// Deep enough for any chain a producer emits; bounds recursion on cyclic input.
constexpr int kMaxDepth = 64;

uint64_t truncated(uint64_t v, uint32_t bits) {
  return bits >= 64 ? v : v & ((uint64_t(1) << bits) - 1);
}

int64_t signExtended(uint64_t v, uint32_t bits) {
  if (bits >= 64 || bits == 0) return static_cast<int64_t>(v);
  const uint32_t shift = 64 - bits;
  return static_cast<int64_t>(v << shift) >> shift;
}

using SpecValues = std::map<uint32_t, uint64_t>;

std::optional<uint64_t> evaluate(const Module &module, uint32_t id, const SpecValues *spec,
                                 int depth);

/// OpSpecConstantOp: `parts` are the opcode, then the operand ids.
std::optional<uint64_t> evaluateOp(const Module &module, const Constant &c, const SpecValues *spec,
                                   int depth) {
  if (c.parts.empty()) return std::nullopt;
  const auto op = static_cast<spv::Op>(c.parts[0]);
  const Type &type = module.type(c.typeId);
  const uint32_t bits = type.kind == TypeKind::Bool ? 1 : type.width;
  if (type.kind != TypeKind::Int && type.kind != TypeKind::Bool) return std::nullopt;
  std::vector<uint64_t> v;
  std::vector<uint32_t> widths;
  for (size_t i = 1; i < c.parts.size(); ++i) {
    auto x = evaluate(module, c.parts[i], spec, depth + 1);
    if (!x) return std::nullopt;
    v.push_back(*x);
    const Constant *operand = module.constant(c.parts[i]);
    const Type &t = module.type(operand->typeId);
    widths.push_back(t.kind == TypeKind::Bool ? 1 : t.width);
  }
  auto need = [&](size_t n) { return v.size() == n; };
  auto s = [&](size_t i) { return signExtended(v[i], widths[i]); };
  uint64_t r = 0;
  switch (op) {
  case spv::Op::OpUConvert:
    if (!need(1)) return std::nullopt;
    r = v[0];
    break;
  case spv::Op::OpSConvert:
    if (!need(1)) return std::nullopt;
    r = static_cast<uint64_t>(s(0));
    break;
  case spv::Op::OpSNegate:
    if (!need(1)) return std::nullopt;
    r = 0 - v[0];
    break;
  case spv::Op::OpNot:
    if (!need(1)) return std::nullopt;
    r = ~v[0];
    break;
  case spv::Op::OpLogicalNot:
    if (!need(1)) return std::nullopt;
    r = !v[0];
    break;
  case spv::Op::OpSelect:
    if (!need(3)) return std::nullopt;
    r = v[0] ? v[1] : v[2];
    break;
  default: {
    if (!need(2)) return std::nullopt;
    const uint64_t a = v[0], b = v[1];
    const uint32_t shift = static_cast<uint32_t>(b);
    switch (op) {
    case spv::Op::OpIAdd:
      r = a + b;
      break;
    case spv::Op::OpISub:
      r = a - b;
      break;
    case spv::Op::OpIMul:
      r = a * b;
      break;
    case spv::Op::OpUDiv:
      if (b == 0) return std::nullopt;
      r = a / b;
      break;
    case spv::Op::OpUMod:
      if (b == 0) return std::nullopt;
      r = a % b;
      break;
    case spv::Op::OpSDiv:
    case spv::Op::OpSRem:
    case spv::Op::OpSMod: {
      const int64_t x = s(0), y = s(1);
      if (y == 0 || (y == -1 && x == INT64_MIN)) return std::nullopt;
      int64_t q = op == spv::Op::OpSDiv ? x / y : x % y;
      if (op == spv::Op::OpSMod && q != 0 && ((q < 0) != (y < 0))) q += y;
      r = static_cast<uint64_t>(q);
      break;
    }
    case spv::Op::OpShiftLeftLogical:
      if (shift >= bits) return std::nullopt;
      r = a << shift;
      break;
    case spv::Op::OpShiftRightLogical:
      if (shift >= bits) return std::nullopt;
      r = a >> shift;
      break;
    case spv::Op::OpShiftRightArithmetic:
      if (shift >= bits) return std::nullopt;
      r = static_cast<uint64_t>(s(0) >> shift);
      break;
    case spv::Op::OpBitwiseOr:
      r = a | b;
      break;
    case spv::Op::OpBitwiseXor:
      r = a ^ b;
      break;
    case spv::Op::OpBitwiseAnd:
      r = a & b;
      break;
    case spv::Op::OpLogicalOr:
      r = a || b;
      break;
    case spv::Op::OpLogicalAnd:
      r = a && b;
      break;
    case spv::Op::OpLogicalEqual:
    case spv::Op::OpIEqual:
      r = a == b;
      break;
    case spv::Op::OpLogicalNotEqual:
    case spv::Op::OpINotEqual:
      r = a != b;
      break;
    case spv::Op::OpULessThan:
      r = a < b;
      break;
    case spv::Op::OpUGreaterThan:
      r = a > b;
      break;
    case spv::Op::OpULessThanEqual:
      r = a <= b;
      break;
    case spv::Op::OpUGreaterThanEqual:
      r = a >= b;
      break;
    case spv::Op::OpSLessThan:
      r = s(0) < s(1);
      break;
    case spv::Op::OpSGreaterThan:
      r = s(0) > s(1);
      break;
    case spv::Op::OpSLessThanEqual:
      r = s(0) <= s(1);
      break;
    case spv::Op::OpSGreaterThanEqual:
      r = s(0) >= s(1);
      break;
    default:
      return std::nullopt;
    }
  }
  }
  return truncated(r, bits);
}

std::optional<uint64_t> evaluate(const Module &module, uint32_t id, const SpecValues *spec,
                                 int depth) {
  if (depth > kMaxDepth) return std::nullopt;
  const Constant *c = module.constant(id);
  if (!c) return std::nullopt;
  // A specialization constant the application sets takes that value.
  if (spec && c->isSpec && c->specId && c->kind != ConstantKind::SpecOp) {
    if (auto it = spec->find(*c->specId); it != spec->end()) {
      const Type &t = module.type(c->typeId);
      return t.kind == TypeKind::Bool ? uint64_t(it->second != 0) : truncated(it->second, t.width);
    }
  }
  switch (c->kind) {
  case ConstantKind::Scalar: {
    const Type &t = module.type(c->typeId);
    if (t.kind != TypeKind::Int) return std::nullopt;
    return truncated(c->bits, t.width);
  }
  case ConstantKind::True:
    return 1;
  case ConstantKind::False:
  case ConstantKind::Null:
    return 0;
  case ConstantKind::SpecOp:
    return evaluateOp(module, *c, spec, depth);
  default:
    return std::nullopt;
  }
}

} // namespace

std::optional<uint64_t> integerConstantValue(const Module &module, uint32_t id,
                                             const SpecValues *specValues) {
  return evaluate(module, id, specValues, 0);
}

} // namespace spvsim::rules
