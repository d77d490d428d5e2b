// SPIRV-Tools validation: which target environment a module is checked in
// for a device, and running the validator on a ValidationCopy with its
// diagnostics tied back to the copy's instructions.
#pragma once

#include <string>
#include <vector>

#include <spirv-tools/libspirv.h>

#include "spvsim/validator/device.h"
#include "spvsim/validator/module.h"
#include "validation_copy.h"

namespace spvsim::detail {

/// SPV_ENV_OPENCL_* when SPIRV-Tools' OpenCL environment for the device takes the
/// module's SPIR-V version (and does not wrongly reject what the device's extensions
/// allow: capabilities, multisampled images), else
/// SPV_ENV_UNIVERSAL_* of the module's version.
spv_target_env chooseEnvironment(const Module &module, const DeviceDescription &device);

struct SpirvToolsMessage {
  bool error = true;
  std::string text;             ///< first line of the diagnostic
  uint32_t instruction = kNone; ///< index into the copy's instructions, kNone if unknown
};

/// Validates the copy; returns SPIRV-Tools' messages (no errors: valid).
std::vector<SpirvToolsMessage> runSpirvTools(spv_target_env env, const ValidationCopy &copy);

/// As runSpirvTools, for a device: when SPIRV-Tools' first error is its
/// rejection of a Lod Image Operand on OpImageRead / OpImageWrite that the
/// device's cl_khr_mipmap_image / cl_khr_mipmap_image_writes allow (OpenCL-Env
/// §5.2.9, §5.2.10), the copy is validated again without those Lod operands.
std::vector<SpirvToolsMessage> runSpirvTools(spv_target_env env, const ValidationCopy &copy,
                                             const DeviceDescription &device);

inline bool hasError(const std::vector<SpirvToolsMessage> &messages) {
  for (const auto &m : messages)
    if (m.error) return true;
  return false;
}

} // namespace spvsim::detail
