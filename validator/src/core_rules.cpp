// Core SPIR-V rules SPIRV-Tools does not check (core_rules.h). SPIRV-Tools
// compares the constituents of a composite constant with an array's length
// only when the length is a 32-bit constant, and checks neither the components
// OpSpecConstantOp VectorShuffle selects nor the indexes of its
// CompositeExtract and CompositeInsert: the lowering would read past the
// values it builds.
#include "core_rules.h"

#include <string>

#include "rules.h"

namespace spvsim::detail {

namespace {

Finding spirvError(const Module &module, const Disassembly &disassembly, uint32_t instruction,
                   std::string message) {
  Finding f = rules::findingAt(module, disassembly, instruction);
  f.kind = "validation.spirv";
  f.severity = Severity::Error;
  f.message = std::move(message);
  return f;
}

/// The length of an array type whose length is a constant; nullopt for a
/// specialization-constant length.
std::optional<uint64_t> arrayLength(const Module &module, const Type &array) {
  const Constant *length = module.constant(array.lengthId);
  if (!length || length->isSpec || length->kind != ConstantKind::Scalar) return std::nullopt;
  return length->bits;
}

/// The number of elements, components or members of a composite type; nullopt when
/// the type is no composite or its length is not known.
std::optional<uint64_t> compositeSize(const Module &module, uint32_t typeId) {
  const Type &t = module.type(typeId);
  switch (t.kind) {
  case TypeKind::Vector:
    return t.count;
  case TypeKind::Array:
    return arrayLength(module, t);
  case TypeKind::Struct:
    return t.members.size();
  default:
    return std::nullopt;
  }
}

/// The type of element `index` of a composite type.
uint32_t elementType(const Module &module, uint32_t typeId, uint32_t index) {
  const Type &t = module.type(typeId);
  return t.kind == TypeKind::Struct ? t.members[index] : t.element;
}

// SPIR-V OpConstantComposite, OpSpecConstantComposite: "There must be exactly one
// Constituent for each top-level member/element/component/column of the result."
void checkArrayConstituents(const Module &module, const Disassembly &disassembly,
                            uint32_t instruction, const Constant &c,
                            std::vector<Finding> &findings) {
  const Type &t = module.type(c.typeId);
  if (t.kind != TypeKind::Array) return;
  const Constant *length = module.constant(t.lengthId);
  if (!length || module.type(length->typeId).width <= 32) return; // SPIRV-Tools' part
  const auto n = arrayLength(module, t);
  if (!n || *n == c.parts.size()) return;
  const Instruction &inst = module.instruction(instruction);
  findings.push_back(spirvError(
      module, disassembly, instruction,
      std::string("SPIR-V ") + (c.isSpec ? "OpSpecConstantComposite" : "OpConstantComposite") +
          ": there must be exactly one constituent for each element of the array; " +
          rules::idName(module, inst.resultId) + " gives " + std::to_string(c.parts.size()) +
          " to " + rules::idName(module, c.typeId) + " of " + std::to_string(*n) + " elements"));
}

// SPIR-V OpVectorShuffle, as an OpSpecConstantOp: each component selects one of the
// components of the two vectors, or is 0xFFFFFFFF; there are as many as the result
// vector has.
void checkSpecShuffle(const Module &module, const Disassembly &disassembly, uint32_t instruction,
                      std::span<const uint32_t> operands, std::vector<Finding> &findings) {
  auto fail = [&](const std::string &what) {
    findings.push_back(spirvError(module, disassembly, instruction,
                                  "SPIR-V OpVectorShuffle (in OpSpecConstantOp): " + what));
  };
  if (operands.size() < 2) return fail("the two vectors are missing");
  const Type &a = module.type(module.typeOf(operands[0]));
  const Type &b = module.type(module.typeOf(operands[1]));
  if (a.kind != TypeKind::Vector || b.kind != TypeKind::Vector)
    return fail("Vector 1 and Vector 2 must be vectors");
  const Type &result = module.type(module.typeOf(module.instruction(instruction).resultId));
  const size_t components = operands.size() - 2;
  if (result.kind != TypeKind::Vector || result.count != components)
    return fail("the result type must be a vector of " + std::to_string(components) +
                " components, one per Component operand");
  const uint64_t total = uint64_t(a.count) + b.count;
  for (uint32_t component : operands.subspan(2))
    if (component != 0xffffffffu && component >= total)
      return fail("component " + std::to_string(component) + " selects none of the " +
                  std::to_string(total) + " components of the two vectors");
}

// SPIR-V OpCompositeExtract and OpCompositeInsert, as OpSpecConstantOps: each index
// selects an element, component or member of the composite it walks into.
void checkSpecCompositeIndexes(const Module &module, const Disassembly &disassembly,
                               uint32_t instruction, bool insert,
                               std::span<const uint32_t> operands, std::vector<Finding> &findings) {
  const std::string op = insert ? "OpCompositeInsert" : "OpCompositeExtract";
  auto fail = [&](const std::string &what) {
    findings.push_back(spirvError(module, disassembly, instruction,
                                  "SPIR-V " + op + " (in OpSpecConstantOp): " + what));
  };
  const size_t first = insert ? 2 : 1;
  if (operands.size() <= first) return fail("the composite or its indexes are missing");
  uint32_t type = module.typeOf(operands[first - 1]);
  for (uint32_t index : operands.subspan(first)) {
    const auto size = compositeSize(module, type);
    if (!size) {
      if (module.type(type).kind == TypeKind::Array) return; // a specialised length
      return fail("index " + std::to_string(index) + " walks into " + rules::idName(module, type) +
                  ", which is not a composite");
    }
    if (index >= *size)
      return fail("index " + std::to_string(index) + " is beyond the " + std::to_string(*size) +
                  " elements of " + rules::idName(module, type));
    type = elementType(module, type, index);
  }
}

} // namespace

void reportRedefinedIds(const Module &module, const Disassembly &disassembly,
                        std::vector<Finding> &findings) {
  for (uint32_t id : module.redefinedIds()) {
    const IdInfo &first = module.id(id);
    uint32_t second = kNone;
    for (uint32_t k = 0; k < module.instructions().size() && second == kNone; ++k) {
      const Instruction &inst = module.instruction(k);
      if (k != first.instruction && inst.resultId == id) second = k;
    }
    Finding f = spirvError(module, disassembly, second,
                           "SPIR-V §2.16.1: id " + rules::idName(module, id) +
                               " is defined more than once; an id is the result of exactly "
                               "one instruction");
    if (first.instruction != kNone)
      f.notes.push_back("first defined by: " + std::string(disassembly.text(first.instruction)));
    findings.push_back(std::move(f));
  }
}

void reportConstantShapes(const Module &module, const Disassembly &disassembly,
                          std::vector<Finding> &findings) {
  const auto &instructions = module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (inst.resultId == 0 || module.id(inst.resultId).instruction != k) continue;
    const Constant *c = module.constant(inst.resultId);
    if (!c) continue;
    if (c->kind == ConstantKind::Composite)
      checkArrayConstituents(module, disassembly, k, *c, findings);
    if (c->kind != ConstantKind::SpecOp) continue;
    const auto operands = module.operands(inst);
    if (operands.empty()) continue;
    const auto op = static_cast<spv::Op>(operands[0]);
    if (op == spv::Op::OpVectorShuffle)
      checkSpecShuffle(module, disassembly, k, operands.subspan(1), findings);
    else if (op == spv::Op::OpCompositeExtract || op == spv::Op::OpCompositeInsert)
      checkSpecCompositeIndexes(module, disassembly, k, op == spv::Op::OpCompositeInsert,
                                operands.subspan(1), findings);
  }
}

} // namespace spvsim::detail
