// validate(): SPIRV-Tools' structural validation, then spvsim's OpenCL
// environment rules. Two things real producers emit are not held against a
// module (DESIGN.md, Validator): blocks out of dominance order (clang -O2 +
// llvm-spirv; a validation.layout warning, an error when strict) and debug
// information SPIRV-Tools 2023.1 rejects (clang -g + llvm-spirv; a
// validation.debuginfo warning). SPIRV-Tools is given a copy without those
// problems; its findings point at the original instructions.
#include "spvsim/validator/validator.h"

#include <stdexcept>

#include "block_order.h"
#include "rules.h"
#include "spirv_tools_check.h"
#include "spvsim/validator/disassembly.h"
#include "validation_copy.h"

namespace spvsim {

namespace {

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

} // namespace

ValidationResult validate(std::shared_ptr<const Module> module, const DeviceDescription &device,
                          const ValidationOptions &options) {
  if (!module) throw std::invalid_argument("validate: no module");
  const Module &m = *module;
  const Disassembly disassembly(m);
  ValidationResult result;

  const detail::BlockOrder order = detail::checkBlockOrder(m);
  reportBlockOrder(m, disassembly, order, options, result.findings);

  const spv_target_env env = detail::chooseEnvironment(m, device);
  ValidationCopy copy = detail::makeValidationCopy(m, order.dominanceOrder, false);
  std::vector<SpirvToolsMessage> messages = detail::runSpirvTools(env, copy, device);
  if (detail::hasError(messages) && detail::hasDebugInfo(m)) {
    ValidationCopy stripped = detail::makeValidationCopy(m, order.dominanceOrder, true);
    std::vector<SpirvToolsMessage> strippedMessages = detail::runSpirvTools(env, stripped, device);
    if (!detail::hasError(strippedMessages)) {
      // Debug information never makes a module invalid.
      for (const SpirvToolsMessage &msg : messages) {
        if (!msg.error) continue;
        Finding f = rules::findingAt(m, disassembly, originalInstruction(copy, msg));
        f.kind = "validation.debuginfo";
        f.severity = Severity::Warning;
        f.message = "SPIRV-Tools rejects the module's debug information, which is ignored: \"" +
                    msg.text + "\"";
        result.findings.push_back(std::move(f));
      }
    }
    // Either way the stripped copy's messages are the ones about the module itself.
    copy = std::move(stripped);
    messages = std::move(strippedMessages);
  }
  reportSpirvTools(m, disassembly, copy, messages, env, result.findings);

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

} // namespace spvsim
