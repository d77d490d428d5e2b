// validate(): SPIRV-Tools' structural validation, then spvsim's OpenCL
// environment rules. What real producers emit and every real OpenCL
// implementation runs is not held against a module (DESIGN.md, Validator):
// blocks out of dominance order (clang -O2 + llvm-spirv) and function-scope
// variables after other instructions (llvm-spirv 15), merge instructions
// that break structured-control-flow rules (clang -O1), entry-point interfaces
// without the module-scope variables a kernel uses (OpenCL C 3.0, SPIR-V 1.4)
// and instructions SPIR-V 1.4 removed (OpAtomicCompareExchangeWeak, OpenCL C
// 3.0), OpSelect with a scalar condition for a vector before SPIR-V 1.4
// (llvm-spirv 15, sub-group ballots), a second OpTypeSampler (llvm-spirv 15, a
// program-scope sampler beside a sampler_t parameter), and OpPhi parents listed twice with the same
// value (clang -O2 switches) are warnings, errors with --strict; debug information SPIRV-Tools
// rejects (clang -g) is always a warning. SPIRV-Tools is given a copy repaired of these
// (validation_copy.h); its findings point at the original instructions.
#include "spvsim/validator/validator.h"

#include <stdexcept>

#include "block_order.h"
#include "core_rules.h"
#include "phi_parents.h"
#include "rules.h"
#include "spirv_tools_check.h"
#include "spvsim/validator/disassembly.h"
#include "validation_copy.h"

namespace spvsim {

namespace {

using detail::CopyRepairs;
using detail::SpirvToolsMessage;
using detail::ValidationCopy;

/// The Module's instruction index for a message about the copy.
uint32_t originalInstruction(const ValidationCopy &copy, const SpirvToolsMessage &m) {
  return m.instruction < copy.original.size() ? copy.original[m.instruction] : kNone;
}

void reportBlockOrder(const Module &module, const Disassembly &disassembly,
                      const detail::BlockOrder &order, const ValidationOptions &options,
                      std::vector<Finding> &findings) {
  for (const detail::BlockOrderProblem &p : order.problems) {
    const Function &f = module.functions()[p.function];
    Finding finding = rules::findingAt(module, disassembly, f.blocks[p.block].first);
    finding.kind = "validation.layout";
    finding.severity = options.strict ? Severity::Error : Severity::Warning;
    finding.message =
        "SPIR-V §2.16.1: the order of blocks in a function must satisfy the rule that blocks "
        "appear before all blocks they dominate; block " +
        rules::idName(module, f.blocks[p.block].label) + " of function " +
        rules::idName(module, f.id) + " appears before its dominator " +
        rules::idName(module, f.blocks[p.dominator].label);
    if (!options.strict)
      finding.notes.push_back("accepted as OpenCL implementations do; validated with the blocks "
                              "in dominance order (--strict makes this an error)");
    findings.push_back(std::move(finding));
  }
}

void reportSpirvTools(const Module &module, const Disassembly &disassembly,
                      const ValidationCopy &copy, const std::vector<SpirvToolsMessage> &messages,
                      spv_target_env env, std::vector<Finding> &findings) {
  for (const SpirvToolsMessage &m : messages) {
    Finding f = rules::findingAt(module, disassembly, originalInstruction(copy, m));
    f.kind = "validation.spirv";
    f.severity = m.error ? Severity::Error : Severity::Warning;
    f.message = m.text;
    f.notes.push_back(std::string("SPIRV-Tools environment: ") + spvTargetEnvDescription(env));
    findings.push_back(std::move(f));
  }
}

/// One way a copy is repaired, and how what it repairs is reported.
struct Repair {
  bool CopyRepairs::*field;
  const char *kind;
  bool tolerated; ///< a warning that --strict makes an error; else always a warning
  const char *rule;
  const char *note;
};

constexpr Repair kRepairs[] = {
    {&CopyRepairs::dropDebugInfo, "validation.debuginfo", false, nullptr, nullptr},
    {&CopyRepairs::dropMergeInstructions, "validation.structure", true,
     "SPIR-V §2.11 structured control flow",
     "merge instructions are hints in a kernel (without the Shader capability nothing requires "
     "structured control flow): accepted as OpenCL implementations do and never used to run it "
     "(--strict makes this an error)"},
    {&CopyRepairs::hoistVariables, "validation.layout", true, "SPIR-V §2.16.1 function layout",
     "accepted as OpenCL implementations do: where an OpVariable stands in its function does "
     "not change what it allocates (--strict makes this an error)"},
    {&CopyRepairs::replaceRemovedInstructions, "validation.version", true,
     "SPIR-V 1.4 removed this instruction",
     "accepted as OpenCL implementations do: run as OpAtomicCompareExchange, which it means "
     "(--strict makes this an error)"},
    {&CopyRepairs::widenSelectConditions, "validation.version", true,
     "SPIR-V 1.4 allows a scalar condition for a vector OpSelect, earlier versions do not",
     "accepted as OpenCL implementations do: the condition selects every component, as SPIR-V "
     "1.4 defines it (--strict makes this an error)"},
    {&CopyRepairs::mergeSamplerTypes, "validation.types", true,
     "SPIR-V §2.8 a non-aggregate type is declared once",
     "accepted as OpenCL implementations do: an OpTypeSampler has no operands, so every "
     "declaration is the same type (--strict makes this an error)"},
    {&CopyRepairs::completeInterfaces, "validation.interface", true,
     "SPIR-V §2.16.1 entry point interface (SPIR-V 1.4)",
     "accepted as OpenCL implementations do: the variable is used as if listed (--strict makes "
     "this an error)"},
};

/// SPIRV-Tools on the module; when it fails, on copies repaired of what real producers
/// emit. Returns the messages about the module itself (those of the copy with every
/// repair that applies) and reports what each repair hides as its own finding.
std::vector<SpirvToolsMessage> runRepaired(const Module &m, const Disassembly &disassembly,
                                           const detail::BlockOrder &order, spv_target_env env,
                                           const DeviceDescription &device,
                                           const ValidationOptions &options, ValidationCopy &copy,
                                           std::vector<Finding> &findings) {
  copy = detail::makeValidationCopy(m, order.dominanceOrder, {});
  std::vector<SpirvToolsMessage> messages = detail::runSpirvTools(env, copy, device);
  if (!detail::hasError(messages)) return messages;

  CopyRepairs all;
  all.dropDebugInfo = detail::hasDebugInfo(m);
  all.dropMergeInstructions = detail::hasMergeInstructions(m);
  all.completeInterfaces = m.version() >= 0x00010400u && detail::hasIncompleteInterface(m);
  all.hoistVariables = detail::hasMisplacedVariables(m);
  all.replaceRemovedInstructions = detail::hasRemovedInstructions(m);
  all.widenSelectConditions = detail::hasScalarSelectConditions(m);
  all.mergeSamplerTypes = detail::hasDuplicateSamplerTypes(m);
  if (!all.dropDebugInfo && !all.dropMergeInstructions && !all.completeInterfaces &&
      !all.hoistVariables && !all.replaceRemovedInstructions && !all.widenSelectConditions &&
      !all.mergeSamplerTypes)
    return messages;
  ValidationCopy repaired = detail::makeValidationCopy(m, order.dominanceOrder, all);
  std::vector<SpirvToolsMessage> repairedMessages = detail::runSpirvTools(env, repaired, device);
  if (!detail::hasError(repairedMessages)) {
    // Each repair's share: what SPIRV-Tools reports with every other repair made.
    bool attributed = false;
    size_t applicable = 0;
    for (const Repair &repair : kRepairs) applicable += all.*repair.field ? 1 : 0;
    for (const Repair &repair : kRepairs) {
      if (!(all.*repair.field)) continue;
      // With one repair, the copy without it is the unrepaired one already validated.
      ValidationCopy partial;
      std::vector<SpirvToolsMessage> partialMessages;
      if (applicable > 1) {
        CopyRepairs others = all;
        others.*repair.field = false;
        partial = detail::makeValidationCopy(m, order.dominanceOrder, others);
        partialMessages = detail::runSpirvTools(env, partial, device);
      }
      const ValidationCopy &without = applicable > 1 ? partial : copy;
      for (const SpirvToolsMessage &msg : applicable > 1 ? partialMessages : messages) {
        if (!msg.error) continue;
        attributed = true;
        Finding f = rules::findingAt(m, disassembly, originalInstruction(without, msg));
        f.kind = repair.kind;
        if (repair.rule) {
          f.severity = repair.tolerated && options.strict ? Severity::Error : Severity::Warning;
          f.message = std::string(repair.rule) + ": " + msg.text;
          f.notes.push_back(repair.note);
        } else {
          f.severity = Severity::Warning;
          f.message = "SPIRV-Tools rejects the module's debug information, which is ignored: \"" +
                      msg.text + "\"";
        }
        findings.push_back(std::move(f));
      }
    }
    if (!attributed) return messages; // only the repairs together hide it: not theirs
  }
  copy = std::move(repaired);
  return repairedMessages;
}

} // namespace

ValidationResult validate(std::shared_ptr<const Module> module, const DeviceDescription &device,
                          const ValidationOptions &options) {
  if (!module) throw std::invalid_argument("validate: no module");
  const Module &m = *module;
  const Disassembly disassembly(m);
  ValidationResult result;

  const detail::BlockOrder order = detail::checkBlockOrder(m);
  reportBlockOrder(m, disassembly, order, options, result.findings);

  detail::reportRedefinedIds(m, disassembly, result.findings);
  detail::reportDuplicatePhiParents(m, disassembly, options, result.findings);
  const spv_target_env env = detail::chooseEnvironment(m, device);
  ValidationCopy copy;
  const std::vector<SpirvToolsMessage> messages =
      runRepaired(m, disassembly, order, env, device, options, copy, result.findings);
  reportSpirvTools(m, disassembly, copy, messages, env, result.findings);
  detail::reportConstantShapes(m, disassembly, result.findings);

  rules::RuleContext context{m, device, options, disassembly, result.findings, {}};
  for (const rules::Rule &rule : rules::registeredRules()) {
    context.family = rule.family;
    rule.check(context);
  }

  for (const Finding &f : result.findings)
    if (f.severity == Severity::Error) return result;
  result.module = ValidatedModule(std::move(module), device);
  return result;
}

ValidatedModule validatedBefore(std::shared_ptr<const Module> module,
                                const DeviceDescription &device) {
  if (!module) throw std::invalid_argument("validatedBefore: no module");
  return ValidatedModule(std::move(module), device);
}

} // namespace spvsim
