// Shared helpers for the validator tests: the data directory, assembling
// inline SPIR-V, and a minimal valid OpenCL kernel to derive twins from.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "spvsim/common/finding.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/loader.h"
#include "spvsim/validator/module.h"
#include "spvsim/validator/validator.h"

namespace spvsim::test {

inline std::string dataPath(const std::string &name) {
  return std::string(SPVSIM_TEST_DATA_DIR) + "/" + name;
}

/// The smallest valid OpenCL kernel: 64-bit, void main().
inline constexpr std::string_view kMinimalKernel = R"(
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
)";

/// The findings of a validation as text, for a failing expectation's message.
inline std::string describe(const ValidationResult &r) {
  std::string s;
  for (const Finding &f : r.findings) s += formatText(f);
  return s;
}

/// The device of a SPIRV-Tools target environment name ("opencl1.2", …).
inline DeviceDescription device(std::string_view targetEnv) {
  return *DeviceDescription::fromTargetEnv(targetEnv);
}

inline std::shared_ptr<const Module> assemble(std::string_view text,
                                              const std::string &name = "test.spvasm") {
  return loadAssembly(text, name);
}

inline std::vector<uint32_t> wordsOf(std::string_view text) {
  auto m = assemble(text);
  return std::vector<uint32_t>(m->words().begin(), m->words().end());
}

/// `text` with the first occurrence of `from` replaced by `to`.
inline std::string replaced(std::string_view text, std::string_view from, std::string_view to) {
  std::string s(text);
  const size_t at = s.find(from);
  if (at != std::string::npos) s.replace(at, from.size(), to);
  return s;
}

/// Index of the first instruction with this opcode, or kNone.
inline uint32_t firstOf(const Module &m, spv::Op op, uint32_t after = 0) {
  for (uint32_t k = after; k < m.instructions().size(); ++k)
    if (m.instruction(k).opcode == op) return k;
  return kNone;
}

} // namespace spvsim::test
