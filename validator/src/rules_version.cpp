// Version rules: OpenCL-Env §2.1, the SPIR-V versions an OpenCL environment
// accepts (DeviceDescription::maxSpirvVersion, CL_DEVICE_IL_VERSION).
#include "rules.h"

#include "ext_inst_sets.h"

namespace spvsim::rules {

namespace {

std::string versionText(uint32_t version) {
  return std::to_string((version >> 16) & 0xff) + "." + std::to_string((version >> 8) & 0xff);
}

/// OpModuleProcessed, OpenCL.DebugInfo.100 or a NonSemantic.* set.
bool hasDebugInformation(const Module &module) {
  for (const Instruction &inst : module.instructions()) {
    if (inst.opcode == spv::Op::OpModuleProcessed) return true;
    if (inst.opcode == spv::Op::OpExtInstImport &&
        detail::isDebugInfoSet(module.extInstSet(inst.resultId)))
      return true;
  }
  return false;
}

} // namespace

// OpenCL-Env §2.1: OpenCL 1.2 and 2.0 (through cl_khr_il_program) and OpenCL 2.1
// consume SPIR-V 1.0; OpenCL 2.2 consumes SPIR-V 1.0, 1.1 and 1.2; OpenCL 3.0 what
// CL_DEVICE_IL_VERSION lists (spvsim's device: 1.0 to 1.6). A module of a newer
// version than the device lists is rejected.
void checkSpirvVersion(RuleContext &ctx) {
  const uint32_t version = ctx.module.version() & 0x00ffff00u;
  const uint32_t newest = ctx.device.maxSpirvVersion & 0x00ffff00u;
  if (version >= 0x00010000u && version <= newest) return;
  const std::string accepted =
      newest == 0x00010000u ? "SPIR-V 1.0 only" : "SPIR-V 1.0 to " + versionText(newest);
  const std::string what = "the module is SPIR-V " + versionText(version) + "; an " +
                           versionName(ctx.device.version) + " device accepts " + accepted;
  // clang -g + llvm-spirv 15 cannot emit SPIR-V 1.0: its debug information needs
  // OpModuleProcessed, a SPIR-V 1.1 instruction, so debug builds of OpenCL C 1.2
  // sources are SPIR-V 1.1. Debug information never makes a module invalid:
  // tolerated.
  if (version == 0x00010100u && newest == 0x00010000u && hasDebugInformation(ctx.module)) {
    ctx.tolerated("2.1", "Supported SPIR-V Versions",
                  what + " (SPIR-V 1.1 for its debug information, as llvm-spirv emits it)");
    return;
  }
  ctx.error("2.1", "Supported SPIR-V Versions", what);
}

} // namespace spvsim::rules
