// Atomic-instruction rules: OpenCL-Env §4 "For all Atomic Instructions" — the
// storage class of the Pointer operand (Generic allowed from OpenCL 2.0), and
// the Result Type / Value widths (32-bit; 64-bit with Int64Atomics, §5.2.8).
// Whether Int64Atomics itself is allowed is rules_capability.cpp (§5.2.8).
#include "rules.h"

namespace spvsim::rules {

// OpenCL-Env §4: "The Pointer operand must be a pointer to the Function,
// Workgroup, or CrossWorkGroup Storage Classes"; "In OpenCL 2.0 and newer
// environments, the Pointer operand ... may be a pointer to the Generic
// Storage Class".
void checkAtomicPointerStorage(RuleContext &ctx) {
  const bool genericAllowed = ctx.device.version != OpenCLVersion::CL1_2;
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (!isAtomicInstruction(inst.opcode) || inst.operandCount < 1) continue;
    const uint32_t pointer = ctx.module.operands(inst)[0];
    const Type &t = ctx.module.type(ctx.module.typeOf(pointer));
    if (t.kind != TypeKind::Pointer) continue; // SPIRV-Tools rejects non-pointers
    switch (t.storage) {
    case spv::StorageClass::Function:
    case spv::StorageClass::Workgroup:
    case spv::StorageClass::CrossWorkgroup:
      continue;
    case spv::StorageClass::Generic:
      if (genericAllowed) continue;
      ctx.error("4", "Atomic Operations",
                "the Pointer operand " + idName(ctx.module, pointer) +
                    " is in the Generic storage class, allowed only in OpenCL 2.0 and newer",
                k);
      continue;
    default:
      ctx.error("4", "Atomic Operations",
                "the Pointer operand " + idName(ctx.module, pointer) +
                    " must point to the Function, Workgroup or CrossWorkGroup storage class",
                k);
    }
  }
}

namespace {

/// "32-bit integer", "64-bit float", ... for a scalar type; else its id.
std::string describeType(const Module &module, uint32_t typeId) {
  const Type &t = module.type(typeId);
  if (t.kind == TypeKind::Int) return std::to_string(t.width) + "-bit integer";
  if (t.kind == TypeKind::Float) return std::to_string(t.width) + "-bit float";
  return "type " + idName(module, typeId);
}

/// How an instruction's text names its result or (result = false) its last operand (the
/// disassembler's friendly name, e.g. %double_1_5); idName when the text has no such
/// word.
std::string textName(const RuleContext &ctx, uint32_t instruction, bool result, uint32_t id) {
  const std::string_view text = ctx.disassembly.text(instruction);
  std::string_view word;
  if (result) {
    word = text.substr(0, text.find(' '));
  } else if (size_t space = text.rfind(' '); space != std::string_view::npos) {
    word = text.substr(space + 1);
  }
  if (word.size() > 1 && word[0] == '%') return std::string(word);
  return idName(ctx.module, id);
}

/// The atomics that only move a value (SPIR-V §3.52.18: their Result Type, or the type of
/// Value, is "an integer type or floating-point type scalar").
bool movesValueOnly(spv::Op op) {
  return op == spv::Op::OpAtomicLoad || op == spv::Op::OpAtomicStore ||
         op == spv::Op::OpAtomicExchange;
}

} // namespace

// OpenCL-Env §4: "Only 32bit integer types are supported for the Result Type
// and/or type of Value"; §5.2.8: with Int64Atomics also 64-bit integers.
// Reading (validator/RULES.md): from OpenCL 2.0 on, OpAtomicLoad, OpAtomicStore and
// OpAtomicExchange may also be on a 32-bit float (64-bit with Int64Atomics): SPIR-V
// §3.52.18 allows floating-point scalars for exactly these three, and OpenCL C 2.0 and 3.0
// ("Atomic Integer and Floating-Point Types") make atomic_float (and, with the 64-bit atomics,
// atomic_double) core types whose atomic_init/store/load/exchange clang + llvm-spirv emit as them;
// the environment's sentence predates those types. A 64-bit float needs a device with
// cl_khr_int64_base_atomics (OpenCL C: atomic_double), not the Int64Atomics capability. On
// OpenCL 1.2, OpAtomicExchange on a 32-bit float (OpenCL C atomic_xchg(float)) is tolerated.
void checkAtomicWidths(RuleContext &ctx) {
  const bool int64 = ctx.module.hasCapability(spv::Capability::Int64Atomics);
  const bool floatAtomics = ctx.device.version != OpenCLVersion::CL1_2;
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (!isAtomicInstruction(inst.opcode) || inst.opcode == spv::Op::OpAtomicFlagTestAndSet ||
        inst.opcode == spv::Op::OpAtomicFlagClear)
      continue;
    // The value the rule is about: OpAtomicStore's Value operand, else the result.
    uint32_t typeId = inst.typeId;
    uint32_t value = inst.resultId;
    if (inst.opcode == spv::Op::OpAtomicStore) {
      if (inst.operandCount < 4) continue;
      value = ctx.module.operands(inst)[3];
      typeId = ctx.module.typeOf(value);
    }
    const Type &t = ctx.module.type(typeId);
    // A 64-bit float (atomic_double) needs the 64-bit atomics (OpenCL C) but no capability:
    // Int64Atomics enables 64-bit integer atomics (SPIR-V §3.31), and llvm-spirv declares none.
    const bool allowedWidth =
        t.width == 32 ||
        (t.width == 64 && (int64 || (t.kind == TypeKind::Float &&
                                     ctx.device.hasExtension("cl_khr_int64_base_atomics"))));
    if (t.kind == TypeKind::Int && allowedWidth) continue;
    if (t.kind == TypeKind::Float && allowedWidth && floatAtomics && movesValueOnly(inst.opcode))
      continue;
    const std::string what =
        std::string(inst.opcode == spv::Op::OpAtomicStore ? "the Value operand " : "the result ") +
        textName(ctx, k, inst.opcode != spv::Op::OpAtomicStore, value) + " is a " +
        describeType(ctx.module, typeId);
    if (t.kind == TypeKind::Int && t.width == 64) {
      ctx.error("4", "Atomic Operations",
                what + ": a 64-bit integer atomic requires the Int64Atomics capability "
                       "(cl_khr_int64_base_atomics, §5.2.8)",
                k);
    } else if (t.kind == TypeKind::Float && t.width == 64 && floatAtomics &&
               movesValueOnly(inst.opcode)) {
      ctx.error("4", "Atomic Operations",
                what + ": 64-bit atomics (atomic_double) need a device with "
                       "cl_khr_int64_base_atomics",
                k);
    } else if (t.kind == TypeKind::Float && t.width == 32 &&
               inst.opcode == spv::Op::OpAtomicExchange) {
      ctx.tolerated("4", "Atomic Operations",
                    "OpAtomicExchange on a 32-bit float (OpenCL C atomic_xchg(float)): " + what +
                        "; only 32-bit integer types are supported before OpenCL 2.0",
                    k);
    } else if (t.kind == TypeKind::Float && movesValueOnly(inst.opcode)) {
      ctx.error("4", "Atomic Operations",
                what + "; floating-point atomic loads, stores and exchanges (atomic_float) "
                       "need OpenCL 2.0 or newer",
                k);
    } else {
      ctx.error("4", "Atomic Operations",
                what + ", not a 32-bit integer (64-bit with Int64Atomics)" +
                    (t.kind == TypeKind::Float ? "; only OpAtomicLoad, OpAtomicStore and "
                                                 "OpAtomicExchange take a float"
                                               : ""),
                k);
    }
  }
}

} // namespace spvsim::rules
