// Memory-model rules: OpenCL-Env §4 addressing model (matching the device's
// address bits) and memory model.
#include "rules.h"

namespace spvsim::rules {

namespace {

uint32_t memoryModelInstruction(const Module &module) {
  const auto &instructions = module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k)
    if (instructions[k].opcode == spv::Op::OpMemoryModel) return k;
  return kNone;
}

std::string addressingModelName(spv::AddressingModel model) {
  switch (model) {
  case spv::AddressingModel::Logical:
    return "Logical";
  case spv::AddressingModel::Physical32:
    return "Physical32";
  case spv::AddressingModel::Physical64:
    return "Physical64";
  case spv::AddressingModel::PhysicalStorageBuffer64:
    return "PhysicalStorageBuffer64";
  default:
    return std::to_string(static_cast<uint32_t>(model));
  }
}

std::string memoryModelName(spv::MemoryModel model) {
  switch (model) {
  case spv::MemoryModel::Simple:
    return "Simple";
  case spv::MemoryModel::GLSL450:
    return "GLSL450";
  case spv::MemoryModel::OpenCL:
    return "OpenCL";
  case spv::MemoryModel::Vulkan:
    return "Vulkan";
  default:
    return std::to_string(static_cast<uint32_t>(model));
  }
}

} // namespace

// OpenCL-Env §4: the Addressing Model must be Physical32 for devices with 32
// address bits, Physical64 for devices with 64.
void checkAddressingModel(RuleContext &ctx) {
  const uint32_t at = memoryModelInstruction(ctx.module);
  if (at == kNone) return; // no OpMemoryModel: SPIRV-Tools reports it
  const spv::AddressingModel expected = ctx.device.addressBits == 32
                                            ? spv::AddressingModel::Physical32
                                            : spv::AddressingModel::Physical64;
  const spv::AddressingModel actual = ctx.module.addressingModel();
  if (actual == expected) return;
  ctx.error("4", "Addressing Model",
            "addressing model " + addressingModelName(actual) + " on a device with " +
                std::to_string(ctx.device.addressBits) + " address bits; it must be " +
                addressingModelName(expected),
            at);
}

// OpenCL-Env §4: "The Memory Model declared in OpMemoryModel must be OpenCL."
void checkMemoryModel(RuleContext &ctx) {
  const uint32_t at = memoryModelInstruction(ctx.module);
  if (at == kNone || ctx.module.memoryModel() == spv::MemoryModel::OpenCL) return;
  ctx.error("4", "Memory Model",
            "memory model " + memoryModelName(ctx.module.memoryModel()) + "; it must be OpenCL",
            at);
}

} // namespace spvsim::rules
