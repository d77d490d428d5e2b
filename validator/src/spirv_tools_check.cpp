// SPIRV-Tools validation. SPIRV-Tools' OpenCL environments stop at SPIR-V
// 1.0 (1.2 for OpenCL 2.2) and there is no OpenCL 3.0 one: newer modules and
// OpenCL 3.0 devices are checked in the universal environment of the module's
// version, and spvsim's own rules apply the OpenCL environment on top.
#include "spirv_tools_check.h"

#include <spirv-tools/libspirv.hpp>

#include "spirv_tools_handles.h"

namespace spvsim::detail {

namespace {

spv_target_env universalEnvironment(const Module &module) {
  if (module.versionMajor() != 1) return SPV_ENV_UNIVERSAL_1_6;
  switch (module.versionMinor()) {
  case 0:
    return SPV_ENV_UNIVERSAL_1_0;
  case 1:
    return SPV_ENV_UNIVERSAL_1_1;
  case 2:
    return SPV_ENV_UNIVERSAL_1_2;
  case 3:
    return SPV_ENV_UNIVERSAL_1_3;
  case 4:
    return SPV_ENV_UNIVERSAL_1_4;
  case 5:
    return SPV_ENV_UNIVERSAL_1_5;
  default:
    return SPV_ENV_UNIVERSAL_1_6;
  }
}

std::string firstLine(const char *text) {
  std::string s = text ? text : "";
  return s.substr(0, s.find('\n'));
}

} // namespace

spv_target_env chooseEnvironment(const Module &module, const DeviceDescription &device) {
  const spv_target_env universal = universalEnvironment(module);
  if (device.version == OpenCLVersion::CL3_0) return universal;
  // SPIRV-Tools 2023.1 rejects Float16 and Int64Atomics in its OpenCL
  // environments, which OpenCL-Env §5.2.4 and §5.2.8 allow with cl_khr_fp16 and
  // cl_khr_int64_base_atomics.
  if ((module.hasCapability(spv::Capability::Float16) && device.hasExtension("cl_khr_fp16")) ||
      (module.hasCapability(spv::Capability::Int64Atomics) &&
       device.hasExtension("cl_khr_int64_base_atomics")))
    return universal;
  // Its OpenCL 1.2 environments reject GenericPointer, which clang + llvm-spirv
  // declare for OpenCL C 1.2 too (checkGenericPointer tolerates it).
  if (device.version == OpenCLVersion::CL1_2 &&
      module.hasCapability(spv::Capability::GenericPointer))
    return universal;
  // Likewise Int64 in its embedded profile environments, which §5.3.1 allows with cles_khr_int64.
  if (device.profile == Profile::Embedded && module.hasCapability(spv::Capability::Int64) &&
      device.hasExtension("cles_khr_int64"))
    return universal;
  const uint32_t newestMinor = device.version == OpenCLVersion::CL2_2 ? 2 : 0;
  if (module.versionMajor() != 1 || module.versionMinor() > newestMinor) return universal;
  const bool embedded = device.profile == Profile::Embedded;
  switch (device.version) {
  case OpenCLVersion::CL1_2:
    return embedded ? SPV_ENV_OPENCL_EMBEDDED_1_2 : SPV_ENV_OPENCL_1_2;
  case OpenCLVersion::CL2_0:
    return embedded ? SPV_ENV_OPENCL_EMBEDDED_2_0 : SPV_ENV_OPENCL_2_0;
  case OpenCLVersion::CL2_1:
    return embedded ? SPV_ENV_OPENCL_EMBEDDED_2_1 : SPV_ENV_OPENCL_2_1;
  case OpenCLVersion::CL2_2:
    return embedded ? SPV_ENV_OPENCL_EMBEDDED_2_2 : SPV_ENV_OPENCL_2_2;
  case OpenCLVersion::CL3_0:
    break;
  }
  return universal;
}

std::vector<SpirvToolsMessage> runSpirvTools(spv_target_env env, const ValidationCopy &copy) {
  std::vector<SpirvToolsMessage> messages;
  // Both the parser and the validator locate a problem by the 1-based ordinal
  // of its instruction (0: the module as a whole). Parsing first in the target
  // environment separates grammar problems from validation ones.
  const auto copyInstruction = [&](size_t ordinal) {
    return ordinal >= 1 && ordinal <= copy.original.size() ? uint32_t(ordinal - 1) : kNone;
  };
  {
    auto context = makeContext(env);
    spv_diagnostic rawDiagnostic = nullptr;
    const spv_result_t parsed = spvBinaryParse(context.get(), nullptr, copy.words.data(),
                                               copy.words.size(), nullptr, nullptr, &rawDiagnostic);
    DiagnosticHandle diagnostic(rawDiagnostic);
    if (parsed != SPV_SUCCESS) {
      SpirvToolsMessage m;
      m.text = diagnostic ? firstLine(diagnostic->error) : "SPIRV-Tools cannot parse the module";
      if (diagnostic) m.instruction = copyInstruction(diagnostic->position.index);
      messages.push_back(std::move(m));
      return messages;
    }
  }
  spvtools::SpirvTools tools(env);
  tools.SetMessageConsumer([&](spv_message_level_t level, const char *,
                               const spv_position_t &position, const char *text) {
    SpirvToolsMessage m;
    m.error = level <= SPV_MSG_ERROR;
    m.text = firstLine(text);
    m.instruction = copyInstruction(position.index);
    messages.push_back(std::move(m));
  });
  const bool valid =
      tools.Validate(copy.words.data(), copy.words.size(), spvtools::ValidatorOptions());
  if (!valid && !hasError(messages))
    messages.push_back({true, "SPIRV-Tools rejects the module", kNone});
  return messages;
}

} // namespace spvsim::detail
