// Rules: spvsim's own OpenCL SPIR-V environment rules. Each rule is one
// function in a rules_<family>.cpp, listed in the table of rule_registry.cpp;
// its findings are of kind validation.<family> and their messages read
// "OpenCL-Env §<section> <rule name>: <what>". Adding a rule: write the
// function, declare it here, add one line to the table.
#pragma once

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "spvsim/common/finding.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/disassembly.h"
#include "spvsim/validator/module.h"
#include "spvsim/validator/validator.h"

namespace spvsim::rules {

/// Whether the device's OpenCL version is `v` or newer.
inline bool atLeast(const DeviceDescription &d, OpenCLVersion v) {
  return static_cast<int>(d.version) >= static_cast<int>(v);
}

/// A finding at an instruction (kNone: about the module as a whole), with the
/// instruction's text, word offset, source location and kernel filled in.
Finding findingAt(const Module &module, const Disassembly &disassembly, uint32_t instruction);

/// OpAtomic* instructions (the ones with a pointer, scope and semantics).
bool isAtomicInstruction(spv::Op op);

/// "%name" from OpName, else "%<id>".
std::string idName(const Module &module, uint32_t id);

struct RuleContext;

/// The value a Scope or Memory Semantics operand has when the module runs: an
/// OpConstant's, 0 for OpConstantNull, or an OpSpecConstant's default value
/// (OpenCL API §5.8.3: "If the value is not set by this API call, default
/// values will be used during the build."), or an OpSpecConstantOp computed from
/// such values. nullopt for anything else (non-constant ids, other types).
std::optional<uint32_t> scopeOrSemanticsValue(const RuleContext &ctx, uint32_t id);
/// An integer or boolean constant's value, OpSpecConstantOp evaluated over default
/// values (constant_value.cpp); nullopt when it is not such a constant.
/// `specValues` (by SpecId) replace the defaults of the specialization constants they name.
std::optional<uint64_t>
integerConstantValue(const Module &module, uint32_t id,
                     const std::map<uint32_t, uint64_t> *specValues = nullptr);
/// " (the default value of specialization constant %name)" when `id` is an
/// OpSpecConstant, else "": appended to messages about its value.
std::string specConstantNote(const RuleContext &ctx, uint32_t id);

/// What a rule sees, and how it reports.
struct RuleContext {
  const Module &module;
  const DeviceDescription &device;
  const ValidationOptions &options;
  const Disassembly &disassembly;
  std::vector<Finding> &findings;
  std::string_view family; ///< set for each rule by the runner

  /// Reports an error "OpenCL-Env §<section> <rule>: <what>" at an instruction.
  void error(std::string_view section, std::string_view rule, const std::string &what,
             uint32_t instruction = kNone);
  /// Reports what real producers emit and every real implementation runs although
  /// it breaks a rule: a warning that names the rule, an error under --strict.
  void tolerated(std::string_view section, std::string_view rule, const std::string &what,
                 uint32_t instruction = kNone);
  /// The index of the first instruction with this opcode whose word after the
  /// opcode word is `word` (e.g. OpCapability Float64), or kNone.
  uint32_t findInstruction(spv::Op opcode, uint32_t word) const;
};

using RuleFunction = void (*)(RuleContext &);

struct Rule {
  const char *family; ///< finding kind validation.<family>; file rules_<family>.cpp
  const char *name;   ///< short rule id
  RuleFunction check;
};

/// Every rule, in the order they run.
std::span<const Rule> registeredRules();

// rules_entrypoint.cpp
void checkExecutionModel(RuleContext &ctx);
void checkKernelReturnType(RuleContext &ctx);
// rules_memorymodel.cpp
void checkAddressingModel(RuleContext &ctx);
void checkMemoryModel(RuleContext &ctx);
// rules_callgraph.cpp
void checkNoRecursion(RuleContext &ctx);
// rules_atomics.cpp
void checkAtomicPointerStorage(RuleContext &ctx);
void checkAtomicWidths(RuleContext &ctx);
// rules_images.cpp
void checkImageTypeConstraints(RuleContext &ctx);
void checkImageOperands(RuleContext &ctx);
// rules_scopes.cpp
void checkExecutionScopes(RuleContext &ctx);
void checkMemoryScopes(RuleContext &ctx);
// rules_capability.cpp
void checkKernelCapability(RuleContext &ctx);
void checkInt64(RuleContext &ctx);
void checkFloat64(RuleContext &ctx);
void checkFloat16(RuleContext &ctx);
void checkInt64Atomics(RuleContext &ctx);
void checkImageSupport(RuleContext &ctx);
void checkSupportedCapabilities(RuleContext &ctx);
void checkGenericPointer(RuleContext &ctx);
// rules_version.cpp
void checkSpirvVersion(RuleContext &ctx);
// rules_types.cpp
void checkExtendedInstructionSets(RuleContext &ctx);
void checkIntegerTypes(RuleContext &ctx);
void checkFloatTypes(RuleContext &ctx);
void checkVectorTypes(RuleContext &ctx);
void checkSupportedTypes(RuleContext &ctx);
void checkImageTypes(RuleContext &ctx);
// rules_kernel_args.cpp
void checkKernelArgumentTypes(RuleContext &ctx);
// rules_extensions.cpp
void checkExtensionNames(RuleContext &ctx);
void checkSpirvExtensions(RuleContext &ctx);
void checkIntegerWrapDecorations(RuleContext &ctx);
void check3dImageWrites(RuleContext &ctx);
void checkDepthImages(RuleContext &ctx);
void checkEnqueueLocalArgTypes(RuleContext &ctx);
void checkMultisampledImages(RuleContext &ctx);
void checkMipmapLod(RuleContext &ctx);
void checkSubgroupScopes(RuleContext &ctx);
// rules_rounding.cpp
void checkRoundingModeDecorations(RuleContext &ctx);

} // namespace spvsim::rules
