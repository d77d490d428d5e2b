// Capability rules: OpenCL-Env §3.1 (required capabilities and what depends
// on the device: Int64 on the full profile, Float64 with double precision,
// ImageBasic with image support) and §5 (capabilities that OpenCL
// extensions enable: Float16, Float64, Int64Atomics, embedded Int64).
#include "rules.h"

namespace spvsim::rules {

namespace {

uint32_t capabilityInstruction(const RuleContext &ctx, spv::Capability c) {
  return ctx.findInstruction(spv::Op::OpCapability, static_cast<uint32_t>(c));
}

} // namespace

// OpenCL-Env §3.1: OpenCL kernels are Kernel entry points, which need the
// Kernel capability (every OpenCL environment supports it).
void checkKernelCapability(RuleContext &ctx) {
  if (ctx.module.hasCapability(spv::Capability::Kernel)) return;
  ctx.error("3.1", "Required Capabilities",
            "the module does not declare the Kernel capability that OpenCL kernels need");
}

// OpenCL-Env §3.1: 64-bit integer types need the Int64 capability, which full
// profile devices support; on the embedded profile only with cles_khr_int64 (§5.3.1).
void checkInt64(RuleContext &ctx) {
  const bool declared = ctx.module.hasCapability(spv::Capability::Int64);
  if (!declared) {
    const auto &instructions = ctx.module.instructions();
    for (uint32_t k = 0; k < instructions.size(); ++k) {
      const Instruction &inst = instructions[k];
      if (inst.opcode != spv::Op::OpTypeInt || ctx.module.type(inst.resultId).width != 64) continue;
      ctx.error(
          "3.1", "Required Capabilities",
          "a 64-bit integer type needs the Int64 capability, which the module does not declare", k);
      break;
    }
    return;
  }
  if (ctx.device.profile == Profile::Embedded && !ctx.device.hasExtension("cles_khr_int64"))
    ctx.error("5.3.1", "cles_khr_int64",
              "the Int64 capability needs cles_khr_int64 on an embedded profile device",
              capabilityInstruction(ctx, spv::Capability::Int64));
}

// OpenCL-Env §3.1 and §5.2.5: Float64 only on devices with double precision (cl_khr_fp64).
void checkFloat64(RuleContext &ctx) {
  if (!ctx.module.hasCapability(spv::Capability::Float64) || ctx.device.hasExtension("cl_khr_fp64"))
    return;
  ctx.error("5.2.5", "cl_khr_fp64",
            "the Float64 capability needs a device with cl_khr_fp64 (double precision)",
            capabilityInstruction(ctx, spv::Capability::Float64));
}

// OpenCL-Env §5.2.4: Float16 (half-precision arithmetic, beyond Float16Buffer's
// loads and stores) only on devices with cl_khr_fp16.
void checkFloat16(RuleContext &ctx) {
  if (!ctx.module.hasCapability(spv::Capability::Float16) || ctx.device.hasExtension("cl_khr_fp16"))
    return;
  ctx.error("5.2.4", "cl_khr_fp16",
            "the Float16 capability (half-precision arithmetic) needs a device with cl_khr_fp16",
            capabilityInstruction(ctx, spv::Capability::Float16));
}

// OpenCL-Env §5.2.8: Int64Atomics only with cl_khr_int64_base_atomics /
// cl_khr_int64_extended_atomics (a device supports both or neither).
void checkInt64Atomics(RuleContext &ctx) {
  if (!ctx.module.hasCapability(spv::Capability::Int64Atomics) ||
      ctx.device.hasExtension("cl_khr_int64_base_atomics") ||
      ctx.device.hasExtension("cl_khr_int64_extended_atomics"))
    return;
  ctx.error("5.2.8", "cl_khr_int64_base_atomics",
            "the Int64Atomics capability needs a device with cl_khr_int64_base_atomics",
            capabilityInstruction(ctx, spv::Capability::Int64Atomics));
}

// OpenCL-Env §3.1: ImageBasic is supported only "if CL_DEVICE_IMAGE_SUPPORT is CL_TRUE".
void checkImageSupport(RuleContext &ctx) {
  if (ctx.device.images || !ctx.module.hasCapability(spv::Capability::ImageBasic)) return;
  ctx.error("3.1", "Required Capabilities",
            "the ImageBasic capability needs a device with image support",
            capabilityInstruction(ctx, spv::Capability::ImageBasic));
}

} // namespace spvsim::rules
