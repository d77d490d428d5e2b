// The table of spvsim's OpenCL environment rules, and what every rule shares:
// building a finding at an instruction and reporting it.
#include "rules.h"

#include <cctype>

namespace spvsim::rules {

namespace {

const Rule kRules[] = {
    {"entrypoint", "execution-model", checkExecutionModel},           // OpenCL-Env §4
    {"entrypoint", "kernel-return-type", checkKernelReturnType},      // OpenCL-Env §2.8.1
    {"memorymodel", "addressing-model", checkAddressingModel},        // OpenCL-Env §4
    {"memorymodel", "memory-model", checkMemoryModel},                // OpenCL-Env §4
    {"callgraph", "no-recursion", checkNoRecursion},                  // OpenCL-Env §4
    {"atomics", "atomic-pointer-storage", checkAtomicPointerStorage}, // OpenCL-Env §4
    {"atomics", "atomic-widths", checkAtomicWidths},                  // OpenCL-Env §4, §5.2.8
    {"images", "image-type-constraints", checkImageTypeConstraints},  // OpenCL-Env §4
    {"images", "image-operands", checkImageOperands},                 // OpenCL-Env §4
    {"scopes", "execution-scopes", checkExecutionScopes},             // OpenCL-Env §4
    {"scopes", "memory-scopes", checkMemoryScopes},                   // OpenCL-Env §4
    {"capability", "kernel", checkKernelCapability},                  // OpenCL-Env §3.1
    {"capability", "int64", checkInt64},                              // OpenCL-Env §3.1, §5.3.1
    {"capability", "float64", checkFloat64},                          // OpenCL-Env §3.1, §5.2.5
    {"capability", "float16", checkFloat16},                          // OpenCL-Env §5.2.4
    {"capability", "int64-atomics", checkInt64Atomics},               // OpenCL-Env §5.2.8
    {"capability", "image-support", checkImageSupport},               // OpenCL-Env §3.1
    {"capability", "supported-capabilities", checkSupportedCapabilities}, // OpenCL-Env §3, §5
    {"capability", "generic-pointer", checkGenericPointer},               // OpenCL-Env §3.1
    {"version", "spirv-version", checkSpirvVersion},                      // OpenCL-Env §2.1
    {"types", "ext-inst-sets", checkExtendedInstructionSets},             // OpenCL-Env §2.2
    {"types", "int-types", checkIntegerTypes},                            // OpenCL-Env §2.5.1
    {"types", "float-types", checkFloatTypes},                            // OpenCL-Env §2.5.1
    {"types", "vector-types", checkVectorTypes},                          // OpenCL-Env §2.5.1
    {"types", "supported-types", checkSupportedTypes},                    // OpenCL-Env §2.5
    {"types", "image-types", checkImageTypes},                            // OpenCL-Env §2.5.2
    {"kernel_args", "kernel-arguments", checkKernelArgumentTypes},        // OpenCL-Env §2.8.2
    {"extensions", "extension-names", checkExtensionNames},               // OpenCL-Env §5.1
    {"extensions", "spirv-extensions", checkSpirvExtensions},        // OpenCL-Env §5, §5.2.13
    {"extensions", "integer-wrap", checkIntegerWrapDecorations},     // OpenCL-Env §5.2.13
    {"extensions", "3d-image-writes", check3dImageWrites},           // OpenCL-Env §5.2.1
    {"extensions", "depth-images", checkDepthImages},                // OpenCL-Env §5.2.2
    {"extensions", "enqueue-local-args", checkEnqueueLocalArgTypes}, // OpenCL-Env §5.2.3
    {"extensions", "msaa-images", checkMultisampledImages},          // OpenCL-Env §5.2.7
    {"extensions", "mipmap-lod", checkMipmapLod},                    // OpenCL-Env §5.2.9, §5.2.10
    {"extensions", "subgroup-scopes", checkSubgroupScopes},          // OpenCL-Env §5.2.11
    {"rounding", "rounding-modes", checkRoundingModeDecorations},    // OpenCL-Env §6.2
};

} // namespace

std::span<const Rule> registeredRules() {
  return kRules;
}

std::string idName(const Module &module, uint32_t id) {
  std::string_view name = module.name(id);
  if (name.empty()) return "%" + std::to_string(id);
  // As the disassembler prints names: characters other than [A-Za-z0-9_] become '_'.
  std::string s = "%";
  for (char c : name) s += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  return s;
}

std::optional<uint32_t> scopeOrSemanticsValue(const RuleContext &ctx, uint32_t id) {
  // OpConstant, OpSpecConstant with its default value, or OpSpecConstantOp over them.
  const auto value = integerConstantValue(ctx.module, id, &ctx.options.specConstants);
  if (!value) return std::nullopt;
  return static_cast<uint32_t>(*value);
}

std::string specConstantNote(const RuleContext &ctx, uint32_t id) {
  const Module &module = ctx.module;
  const Constant *c = module.constant(id);
  if (!c || !c->isSpec) return "";
  const auto &set = ctx.options.specConstants;
  if (c->kind == ConstantKind::SpecOp)
    return " (the value OpSpecConstantOp " + idName(module, id) + " has with the " +
           (set.empty() ? "default values" : "values") + " of its specialization constants)";
  if (c->specId && set.count(*c->specId))
    return " (specialization constant " + idName(module, id) + " as specialised, SpecId " +
           std::to_string(*c->specId) + ")";
  return " (the default value of specialization constant " + idName(module, id) + ")";
}

bool isAtomicInstruction(spv::Op op) {
  switch (op) {
  case spv::Op::OpAtomicLoad:
  case spv::Op::OpAtomicStore:
  case spv::Op::OpAtomicExchange:
  case spv::Op::OpAtomicCompareExchange:
  case spv::Op::OpAtomicCompareExchangeWeak:
  case spv::Op::OpAtomicIIncrement:
  case spv::Op::OpAtomicIDecrement:
  case spv::Op::OpAtomicIAdd:
  case spv::Op::OpAtomicISub:
  case spv::Op::OpAtomicSMin:
  case spv::Op::OpAtomicUMin:
  case spv::Op::OpAtomicSMax:
  case spv::Op::OpAtomicUMax:
  case spv::Op::OpAtomicAnd:
  case spv::Op::OpAtomicOr:
  case spv::Op::OpAtomicXor:
  case spv::Op::OpAtomicFlagTestAndSet:
  case spv::Op::OpAtomicFlagClear:
    return true;
  default:
    return false;
  }
}

Finding findingAt(const Module &module, const Disassembly &disassembly, uint32_t instruction) {
  Finding f;
  if (instruction >= module.instructions().size()) return f;
  const Instruction &inst = module.instruction(instruction);
  f.instruction = std::string(disassembly.text(instruction));
  f.wordOffset = inst.wordOffset;
  f.site = inst.wordOffset;
  if (auto line = module.location(instruction))
    f.location = SourceLocation{std::string(module.string(line->fileId)), line->line, line->column};
  // Inside a kernel's own function: name the kernel.
  for (const Function &fn : module.functions()) {
    if (instruction < fn.first || instruction >= fn.end) continue;
    for (const EntryPoint &e : module.entryPoints())
      if (e.function == fn.id) f.kernel = e.name;
    break;
  }
  return f;
}

void RuleContext::error(std::string_view section, std::string_view rule, const std::string &what,
                        uint32_t instruction) {
  Finding f = findingAt(module, disassembly, instruction);
  f.kind = "validation." + std::string(family);
  f.severity = Severity::Error;
  f.message = "OpenCL-Env §" + std::string(section) + " " + std::string(rule) + ": " + what;
  findings.push_back(std::move(f));
}

void RuleContext::tolerated(std::string_view section, std::string_view rule,
                            const std::string &what, uint32_t instruction) {
  error(section, rule, what, instruction);
  if (options.strict) return;
  Finding &f = findings.back();
  f.severity = Severity::Warning;
  f.notes.push_back("accepted as OpenCL implementations do (--strict makes this an error)");
}

uint32_t RuleContext::findInstruction(spv::Op opcode, uint32_t word) const {
  const auto &instructions = module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (inst.opcode != opcode || inst.wordCount < 2) continue;
    if (module.words()[inst.wordOffset + 1] == word) return k;
  }
  return kNone;
}

} // namespace spvsim::rules
