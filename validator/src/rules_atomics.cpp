// Atomic-instruction rules: OpenCL-Env §4 "For all Atomic Instructions" — the
// storage class of the Pointer operand (Generic allowed from OpenCL 2.0), and
// the Result Type / Value widths (32-bit; 64-bit with Int64Atomics, §5.2.8).
// Whether Int64Atomics itself is allowed is rules_capability.cpp (§5.2.8).
#include "rules.h"

namespace spvsim::rules {

namespace {} // namespace

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

// OpenCL-Env §4: "Only 32bit integer types are supported for the Result Type
// and/or type of Value"; §5.2.8: with Int64Atomics also 64-bit integers.
// Tolerated: OpAtomicExchange on a 32-bit float (clang + llvm-spirv emit it for
// OpenCL C atomic_xchg(float), and every implementation runs it).
void checkAtomicWidths(RuleContext &ctx) {
  const bool int64 = ctx.module.hasCapability(spv::Capability::Int64Atomics);
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (!isAtomicInstruction(inst.opcode) || inst.opcode == spv::Op::OpAtomicFlagTestAndSet ||
        inst.opcode == spv::Op::OpAtomicFlagClear)
      continue;
    uint32_t typeId = inst.typeId;
    if (inst.opcode == spv::Op::OpAtomicStore) {
      if (inst.operandCount < 4) continue;
      typeId = ctx.module.typeOf(ctx.module.operands(inst)[3]);
    }
    const Type &t = ctx.module.type(typeId);
    if (t.kind == TypeKind::Int && (t.width == 32 || (t.width == 64 && int64))) continue;
    if (t.kind == TypeKind::Int && t.width == 64) {
      ctx.error("4", "Atomic Operations",
                "a 64-bit integer atomic requires the Int64Atomics capability "
                "(cl_khr_int64_base_atomics)",
                k);
    } else if (t.kind == TypeKind::Float && t.width == 32 &&
               inst.opcode == spv::Op::OpAtomicExchange) {
      ctx.tolerated("4", "Atomic Operations",
                    "OpAtomicExchange on a 32-bit float (OpenCL C atomic_xchg(float)); only "
                    "32-bit integer types are supported",
                    k);
    } else {
      ctx.error("4", "Atomic Operations",
                "the Result Type or Value type " + idName(ctx.module, typeId) +
                    " is not a 32-bit integer (64-bit with Int64Atomics)",
                k);
    }
  }
}

} // namespace spvsim::rules
