// SPIRV-Tools validation. SPIRV-Tools' OpenCL environments stop at SPIR-V
// 1.0 (1.2 for OpenCL 2.2) and there is no OpenCL 3.0 one: newer modules and
// OpenCL 3.0 devices are checked in the universal environment of the module's
// version, and spvsim's own rules apply the OpenCL environment on top.
#include "spirv_tools_check.h"

#include <span>
#include <string_view>

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

bool hasMultisampledImage(const Module &module) {
  for (const Instruction &inst : module.instructions())
    if (inst.opcode == spv::Op::OpTypeImage && module.type(inst.resultId).multisampled) return true;
  return false;
}

// SPIRV-Tools 2023.1 rejects a Lod Image Operand on OpImageRead and OpImageWrite
// in every environment, with the first of these messages (the second: on
// OpImageWrite, in its OpenCL environments). OpenCL-Env §5.2.9 and §5.2.10
// allow it with cl_khr_mipmap_image (reads) and cl_khr_mipmap_image_writes
// (writes), and checkMipmapLod then accepts it.
constexpr std::string_view kLodMessages[] = {
    "Image Operand Lod can only be used with ExplicitLod opcodes and OpImageFetch",
    "Optional Image Operands are not allowed in the OpenCL environment.",
};

/// The word index, within instruction `inst` of the copy, of its Image
/// Operands mask when it is an OpImageRead / OpImageWrite with a Lod operand
/// that the device's mipmap extension allows; 0 otherwise.
size_t allowedLodMask(std::span<const uint32_t> inst, const DeviceDescription &device) {
  if (inst.empty()) return 0;
  const auto opcode = static_cast<spv::Op>(inst[0] & 0xffff);
  size_t mask = 0;
  if (opcode == spv::Op::OpImageRead && device.hasExtension("cl_khr_mipmap_image"))
    mask = 5; // opcode, Result Type, Result, Image, Coordinate, Image Operands
  else if (opcode == spv::Op::OpImageWrite && device.hasExtension("cl_khr_mipmap_image_writes"))
    mask = 4; // opcode, Image, Coordinate, Texel, Image Operands
  if (mask == 0 || inst.size() <= mask) return 0;
  return inst[mask] & static_cast<uint32_t>(spv::ImageOperandsMask::Lod) ? mask : 0;
}

/// The copy without the Lod operands allowedLodMask finds (the instructions
/// keep their indices, so messages still map to the module).
ValidationCopy withoutAllowedLod(const ValidationCopy &copy, const DeviceDescription &device) {
  ValidationCopy result;
  result.original = copy.original;
  const size_t header = copy.offsets.empty() ? copy.words.size() : copy.offsets.front();
  result.words.assign(copy.words.begin(), copy.words.begin() + header);
  for (size_t i = 0; i < copy.offsets.size(); ++i) {
    const size_t begin = copy.offsets[i];
    const size_t end = i + 1 < copy.offsets.size() ? copy.offsets[i + 1] : copy.words.size();
    std::vector<uint32_t> inst(copy.words.begin() + begin, copy.words.begin() + end);
    if (const size_t mask = allowedLodMask(inst, device)) {
      // Lod's id follows Bias's, the only operand before it.
      const bool bias = inst[mask] & static_cast<uint32_t>(spv::ImageOperandsMask::Bias);
      const size_t lod = mask + 1 + (bias ? 1 : 0);
      if (lod < inst.size()) inst.erase(inst.begin() + lod);
      inst[mask] &= ~static_cast<uint32_t>(spv::ImageOperandsMask::Lod);
      if (inst[mask] == 0) inst.erase(inst.begin() + mask);
      inst[0] = (uint32_t(inst.size()) << 16) | (inst[0] & 0xffff);
    }
    result.offsets.push_back(uint32_t(result.words.size()));
    result.words.insert(result.words.end(), inst.begin(), inst.end());
  }
  return result;
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
  // Its OpenCL environments reject multisampled images ("MS must be 0 in the
  // OpenCL environment."), which §5.2.7 allows with cl_khr_gl_msaa_sharing
  // (checkMultisampledImages checks their Dim and uses); its OpenCL 2.2
  // environment rejects NamedBarrier, which §5.2.12 allows with
  // cl_khr_subgroup_named_barrier; all of them reject ImageMipmap, which
  // §5.2.10 guarantees with cl_khr_mipmap_image and cl_khr_mipmap_image_writes.
  if ((device.hasExtension("cl_khr_gl_msaa_sharing") && hasMultisampledImage(module)) ||
      (module.hasCapability(spv::Capability::NamedBarrier) &&
       device.hasExtension("cl_khr_subgroup_named_barrier")) ||
      (module.hasCapability(spv::Capability::ImageMipmap) &&
       device.hasExtension("cl_khr_mipmap_image") &&
       device.hasExtension("cl_khr_mipmap_image_writes")))
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

std::vector<SpirvToolsMessage> runSpirvTools(spv_target_env env, const ValidationCopy &copy,
                                             const DeviceDescription &device) {
  std::vector<SpirvToolsMessage> messages = runSpirvTools(env, copy);
  // SPIRV-Tools stops at its first error: when that is its rejection of a Lod
  // the device's mipmap extensions allow, the copy without those Lod operands
  // is validated instead, so that the rest of the module is still checked.
  for (const SpirvToolsMessage &m : messages) {
    if (!m.error) continue;
    bool lodRejected = false;
    for (std::string_view text : kLodMessages) lodRejected = lodRejected || m.text == text;
    if (!lodRejected || m.instruction >= copy.offsets.size()) break;
    const size_t begin = copy.offsets[m.instruction];
    const size_t end = m.instruction + 1 < copy.offsets.size() ? copy.offsets[m.instruction + 1]
                                                               : copy.words.size();
    const std::span<const uint32_t> inst(copy.words.data() + begin, end - begin);
    if (allowedLodMask(inst, device) == 0) break;
    return runSpirvTools(env, withoutAllowedLod(copy, device));
  }
  return messages;
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
