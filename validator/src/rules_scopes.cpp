// Scope rules: OpenCL-Env §4 Scope for Execution, Scope for Memory and the
// memory-order part of Memory Semantics, with the OpenCL 1.2 restrictions and
// the producer tolerances of RULES.md. Subgroup before OpenCL 2.1 is §5.2.11
// (rules_extensions.cpp). A scope or semantics given by an OpSpecConstant is
// checked with its default value, the one the module runs with unless the
// application specialises it (scopeOrSemanticsValue).

#include "rules.h"

namespace spvsim::rules {

namespace {

constexpr uint32_t kOrderMask = 0x1e; // Acquire | Release | AcquireRelease | SequentiallyConsistent
constexpr uint32_t kSeqCst =
    static_cast<uint32_t>(spv::MemorySemanticsMask::SequentiallyConsistent);

bool isGroupOp(spv::Op op) {
  switch (op) {
  case spv::Op::OpGroupAll:
  case spv::Op::OpGroupAny:
  case spv::Op::OpGroupBroadcast:
  case spv::Op::OpGroupIAdd:
  case spv::Op::OpGroupFAdd:
  case spv::Op::OpGroupFMin:
  case spv::Op::OpGroupUMin:
  case spv::Op::OpGroupSMin:
  case spv::Op::OpGroupFMax:
  case spv::Op::OpGroupUMax:
  case spv::Op::OpGroupSMax:
    return true;
  default:
    return false;
  }
}

std::string scopeName(uint32_t s) {
  switch (static_cast<spv::Scope>(s)) {
  case spv::Scope::CrossDevice:
    return "CrossDevice";
  case spv::Scope::Device:
    return "Device";
  case spv::Scope::Workgroup:
    return "Workgroup";
  case spv::Scope::Subgroup:
    return "Subgroup";
  case spv::Scope::Invocation:
    return "Invocation";
  default:
    return std::to_string(s);
  }
}

void checkExecution(RuleContext &ctx, uint32_t k, const char *op, uint32_t scopeId,
                    bool workgroupOnly) {
  const auto scope = scopeOrSemanticsValue(ctx, scopeId);
  if (!scope) return;
  const auto s = static_cast<spv::Scope>(*scope);
  if (s == spv::Scope::Workgroup || (!workgroupOnly && s == spv::Scope::Subgroup)) return;
  ctx.error("4", "Scope for Execution",
            std::string(op) + " has execution scope " + scopeName(*scope) +
                specConstantNote(ctx, scopeId) + "; it must be " +
                (workgroupOnly ? "Workgroup" : "Workgroup or Subgroup"),
            k);
}

bool validMemoryScope(uint32_t s) {
  switch (static_cast<spv::Scope>(s)) {
  case spv::Scope::CrossDevice:
  case spv::Scope::Device:
  case spv::Scope::Workgroup:
  case spv::Scope::Invocation:
  case spv::Scope::Subgroup:
    return true;
  default:
    return false;
  }
}

} // namespace

// OpenCL-Env §4: Scope for Execution is Workgroup for OpGroupAsyncCopy and
// OpGroupWaitEvents, Workgroup or Subgroup for every other instruction.
void checkExecutionScopes(RuleContext &ctx) {
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    const auto ops = ctx.module.operands(inst);
    if (ops.empty()) continue;
    if (inst.opcode == spv::Op::OpGroupAsyncCopy)
      checkExecution(ctx, k, "OpGroupAsyncCopy", ops[0], true);
    else if (inst.opcode == spv::Op::OpGroupWaitEvents)
      checkExecution(ctx, k, "OpGroupWaitEvents", ops[0], true);
    else if (inst.opcode == spv::Op::OpControlBarrier)
      checkExecution(ctx, k, "OpControlBarrier", ops[0], false);
    else if (isGroupOp(inst.opcode))
      checkExecution(ctx, k, "a group instruction", ops[0], false);
  }
}

// OpenCL-Env §4: Scope for Memory is CrossDevice, Device, Workgroup, Invocation
// or Subgroup; in OpenCL 1.2 barriers use Workgroup with SequentiallyConsistent
// and atomics Device with Relaxed (every Memory Semantics operand: both Equal
// and Unequal of OpAtomicCompareExchange[Weak]). Tolerated in OpenCL 1.2
// (clang + llvm-spirv emit them for OpenCL C 1.2): atomics with Workgroup scope
// (atomic_inc ...), and OpMemoryBarrier with Acquire/Release/AcquireRelease
// (mem_fence ...).
void checkMemoryScopes(RuleContext &ctx) {
  const bool cl12 = ctx.device.version == OpenCLVersion::CL1_2;
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    const auto ops = ctx.module.operands(inst);
    size_t scopeAt = 0;
    const bool atomic = isAtomicInstruction(inst.opcode);
    if (inst.opcode == spv::Op::OpControlBarrier)
      scopeAt = 1;
    else if (inst.opcode == spv::Op::OpMemoryBarrier)
      scopeAt = 0;
    else if (atomic)
      scopeAt = 1;
    else
      continue;
    if (ops.size() < scopeAt + 2) continue;
    const uint32_t scopeId = ops[scopeAt];
    const auto scope = scopeOrSemanticsValue(ctx, scopeId);
    if (!scope) continue;
    const std::string scopeNote = specConstantNote(ctx, scopeId);
    const std::string op = atomic ? "an atomic instruction"
                                  : (inst.opcode == spv::Op::OpControlBarrier ? "OpControlBarrier"
                                                                              : "OpMemoryBarrier");
    if (!validMemoryScope(*scope)) {
      ctx.error("4", "Scope for Memory",
                op + " has memory scope " + scopeName(*scope) + scopeNote +
                    "; it must be CrossDevice, Device, Workgroup, Invocation or Subgroup",
                k);
      continue;
    }
    if (!cl12) continue;
    if (atomic) {
      if (static_cast<spv::Scope>(*scope) == spv::Scope::Workgroup)
        ctx.tolerated("4", "Scope for Memory",
                      "in OpenCL 1.2 an atomic instruction's memory scope must be Device, not "
                      "Workgroup" +
                          scopeNote + " (as clang + llvm-spirv emit OpenCL C 1.2 atomics)",
                      k);
      else if (static_cast<spv::Scope>(*scope) != spv::Scope::Device)
        ctx.error("4", "Scope for Memory",
                  "in OpenCL 1.2 an atomic instruction's memory scope must be Device, not " +
                      scopeName(*scope) + scopeNote,
                  k);
      // OpAtomicCompareExchange[Weak] have two Memory Semantics operands, Equal
      // and Unequal, both after the scope.
      const bool compareExchange = inst.opcode == spv::Op::OpAtomicCompareExchange ||
                                   inst.opcode == spv::Op::OpAtomicCompareExchangeWeak;
      const size_t semanticsCount = compareExchange && ops.size() > scopeAt + 2 ? 2 : 1;
      for (size_t i = 0; i < semanticsCount; ++i) {
        const uint32_t semanticsId = ops[scopeAt + 1 + i];
        const auto semantics = scopeOrSemanticsValue(ctx, semanticsId);
        if (!semantics || (*semantics & kOrderMask) == 0) continue;
        const std::string which = !compareExchange
                                      ? "memory order"
                                      : (i == 0 ? "Equal memory order" : "Unequal memory order");
        ctx.error("4", "Memory Semantics",
                  "in OpenCL 1.2 an atomic instruction's " + which + " must be Relaxed" +
                      specConstantNote(ctx, semanticsId),
                  k);
      }
      continue;
    }
    if (static_cast<spv::Scope>(*scope) != spv::Scope::Workgroup)
      ctx.error("4", "Scope for Memory",
                "in OpenCL 1.2 " + op + "'s memory scope must be Workgroup, not " +
                    scopeName(*scope) + scopeNote,
                k);
    const uint32_t semanticsId = ops[scopeAt + 1];
    const auto semantics = scopeOrSemanticsValue(ctx, semanticsId);
    const uint32_t order = semantics ? (*semantics & kOrderMask) : 0;
    if (!semantics || order == kSeqCst) continue;
    const std::string semanticsNote = specConstantNote(ctx, semanticsId);
    if (inst.opcode == spv::Op::OpMemoryBarrier && order != 0)
      ctx.tolerated("4", "Memory Semantics",
                    "in OpenCL 1.2 OpMemoryBarrier's memory order must be "
                    "SequentiallyConsistent" +
                        semanticsNote +
                        " (as clang + llvm-spirv emit mem_fence, read_mem_fence and "
                        "write_mem_fence)",
                    k);
    else
      ctx.error("4", "Memory Semantics",
                "in OpenCL 1.2 " + op + "'s memory order must be SequentiallyConsistent" +
                    semanticsNote,
                k);
  }
}

} // namespace spvsim::rules
