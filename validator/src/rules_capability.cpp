// Capability rules: OpenCL-Env §3.1 (required capabilities and what depends
// on the device: Int64 on the full profile, Float64 with double precision,
// ImageBasic with image support) and §5 (capabilities that OpenCL
// extensions enable: Float16, Float64, Int64Atomics, embedded Int64), then
// every other declared capability against the §3 / §5 table of the device
// (checkSupportedCapabilities) and GenericPointer on OpenCL 1.2 (tolerated).
#include "rules.h"

namespace spvsim::rules {

namespace {

uint32_t capabilityInstruction(const RuleContext &ctx, spv::Capability c) {
  return ctx.findInstruction(spv::Op::OpCapability, static_cast<uint32_t>(c));
}

/// Why an OpenCL 3.0 device may lack a feature every OpenCL C 2.0 compiler has (OpenCL C
/// §6.2.1: 3.0 makes it optional), for the message of the capability that needs it: a
/// kernel built as OpenCL C 2.0 uses it freely. "" on other devices.
std::string optionalInOpenCLC30(const DeviceDescription &d, std::string_view feature,
                                std::string_view macro) {
  if (d.version != OpenCLVersion::CL3_0) return "";
  return ": OpenCL C 2.0 has " + std::string(feature) + ", which OpenCL C 3.0 makes optional (" +
         std::string(macro) + ")";
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

// The §3 / §5 capability table of a device.

namespace {

/// "OpCapability GenericPointer" -> "GenericPointer".
std::string capabilityName(const RuleContext &ctx, uint32_t instruction) {
  const std::string_view text = ctx.disassembly.text(instruction);
  const size_t space = text.find(' ');
  return std::string(space == std::string_view::npos ? text : text.substr(space + 1));
}

/// Why a device does not accept a capability, or "" when it does. Int64,
/// Float64, Float16, Int64Atomics and ImageBasic have rules of their own.
std::string unsupportedBecause(const RuleContext &ctx, spv::Capability c) {
  const DeviceDescription &d = ctx.device;
  using C = spv::Capability;
  const auto needs = [&](bool ok, const std::string &what) { return ok ? std::string() : what; };
  const auto images = [&](std::string_view name) {
    return needs(d.images, "the " + std::string(name) +
                               " capability needs a device with image support (§3.1: it comes "
                               "with ImageBasic)");
  };
  const auto extension = [&](std::string_view name, std::string_view section,
                             std::string_view ext) {
    return needs(d.hasExtension(ext), "the " + std::string(name) +
                                          " capability needs a device with " + std::string(ext) +
                                          " (§" + std::string(section) + ")");
  };
  switch (c) {
  // §3.1: every OpenCL environment.
  case C::Addresses:
  case C::Float16Buffer:
  case C::Int16:
  case C::Int8:
  case C::Kernel:
  case C::Linkage:
  case C::Vector16:
  // Rules of their own.
  case C::Int64:
  case C::Float64:
  case C::Float16:
  case C::Int64Atomics:
  case C::ImageBasic:
    return "";
  // §3.1: OpenCL 2.0 and newer (GenericPointer on OpenCL 1.2: checkGenericPointer);
  // DeviceEnqueue and Pipes on OpenCL 3.0 only where the device has the optional feature.
  case C::DeviceEnqueue:
  case C::Groups:
  case C::Pipes:
    if (!atLeast(d, OpenCLVersion::CL2_0))
      return "the capability is required by OpenCL 2.0 and newer only (§3.1); this is an " +
             std::string(versionName(d.version)) + " device";
    if (c == C::Pipes)
      return needs(d.pipes, "the Pipes capability needs a device with pipe support (§3.1: "
                            "CL_DEVICE_PIPE_SUPPORT is CL_TRUE), which this " +
                                std::string(versionName(d.version)) + " device does not have" +
                                optionalInOpenCLC30(d, "pipes", "__opencl_c_pipes"));
    if (c == C::DeviceEnqueue)
      return needs(d.deviceEnqueue,
                   "the DeviceEnqueue capability needs a device with device-side enqueue (§3.1: "
                   "CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES is not 0), which this " +
                       std::string(versionName(d.version)) + " device does not have" +
                       optionalInOpenCLC30(d, "device-side enqueue", "__opencl_c_device_enqueue"));
    return "";
  case C::GenericPointer:
    return "";
  // §3.1: with ImageBasic.
  case C::LiteralSampler:
    return images("LiteralSampler");
  case C::Sampled1D:
    return images("Sampled1D");
  case C::Image1D:
    return images("Image1D");
  case C::SampledBuffer:
    return images("SampledBuffer");
  case C::ImageBuffer:
    return images("ImageBuffer");
  case C::ImageReadWrite:
    if (!atLeast(d, OpenCLVersion::CL2_0))
      return "the ImageReadWrite capability is required by OpenCL 2.0 and newer only (§3.1); "
             "this is an " +
             std::string(versionName(d.version)) + " device";
    return images("ImageReadWrite");
  // §3.2: SPIR-V 1.1 capabilities of OpenCL 2.2 and newer. (Initializer and
  // Finalizer, which §3.2 also lists, are execution modes in SPIR-V's grammar.) Pipe
  // storage holds pipes: not on a device without them.
  case C::SubgroupDispatch:
  case C::PipeStorage:
    if (!atLeast(d, OpenCLVersion::CL2_2))
      return "the capability is required by OpenCL 2.2 and newer only (§3.2); this is an " +
             std::string(versionName(d.version)) + " device";
    return needs(c != C::PipeStorage || d.pipes,
                 "the PipeStorage capability needs a device with pipe support (§3.2, §3.1: "
                 "CL_DEVICE_PIPE_SUPPORT is CL_TRUE), which this " +
                     std::string(versionName(d.version)) + " device does not have");
  // Reading (validator/RULES.md): SPIR-V 1.6's UniformDecoration only enables the Uniform
  // and UniformId decorations, promises that a value is the same across a scope that
  // change nothing a kernel computes; accepted wherever SPIR-V 1.6 is (§2.1, the
  // conformance suite's spirv_new builds it for such devices).
  case C::UniformDecoration:
    return needs(d.maxSpirvVersion >= 0x00010600,
                 "the UniformDecoration capability (SPIR-V 1.6) needs a device that accepts "
                 "SPIR-V 1.6");
  // §5.2.25 (newest environment specification).
  case C::ExpectAssumeKHR:
    return extension("ExpectAssumeKHR", "5.2.25", "cl_khr_expect_assume");
  // §5.2.12.
  case C::NamedBarrier:
    return extension("NamedBarrier", "5.2.12", "cl_khr_subgroup_named_barrier");
  // §5.2.10: cl_khr_mipmap_image with cl_khr_mipmap_image_writes guarantee ImageMipmap.
  case C::ImageMipmap:
    return needs(d.hasExtension("cl_khr_mipmap_image") &&
                     d.hasExtension("cl_khr_mipmap_image_writes"),
                 "the ImageMipmap capability needs a device with cl_khr_mipmap_image and "
                 "cl_khr_mipmap_image_writes (§5.2.10)");
  // §5.2.7: multisampled 2D array images.
  case C::ImageMSArray:
    return extension("ImageMSArray", "5.2.7", "cl_khr_gl_msaa_sharing");
  // The cl_khr_subgroup_* extensions of OpenCL 3.0 (SPIR-V 1.3 OpGroupNonUniform*).
  case C::GroupNonUniform:
    return needs(d.hasExtension("cl_khr_subgroup_non_uniform_vote") ||
                     d.hasExtension("cl_khr_subgroup_ballot") ||
                     d.hasExtension("cl_khr_subgroup_non_uniform_arithmetic") ||
                     d.hasExtension("cl_khr_subgroup_shuffle") ||
                     d.hasExtension("cl_khr_subgroup_shuffle_relative") ||
                     d.hasExtension("cl_khr_subgroup_clustered_reduce"),
                 "the GroupNonUniform capability needs a device with a cl_khr_subgroup_* "
                 "extension");
  case C::GroupNonUniformVote:
    return extension("GroupNonUniformVote", "5", "cl_khr_subgroup_non_uniform_vote");
  case C::GroupNonUniformBallot:
    return extension("GroupNonUniformBallot", "5", "cl_khr_subgroup_ballot");
  case C::GroupNonUniformArithmetic:
    return extension("GroupNonUniformArithmetic", "5", "cl_khr_subgroup_non_uniform_arithmetic");
  case C::GroupNonUniformShuffle:
    return extension("GroupNonUniformShuffle", "5", "cl_khr_subgroup_shuffle");
  case C::GroupNonUniformShuffleRelative:
    return extension("GroupNonUniformShuffleRelative", "5", "cl_khr_subgroup_shuffle_relative");
  case C::GroupNonUniformClustered:
    return extension("GroupNonUniformClustered", "5", "cl_khr_subgroup_clustered_reduce");
  default:
    return "the capability is neither required of OpenCL environments (§3) nor enabled by an "
           "extension the device supports (§5)";
  }
}

} // namespace

// OpenCL-Env §3 and §5: an OpenCL environment accepts the capabilities §3.1–§3.3
// require of its OpenCL version and profile, and those its extensions enable (§5).
// Any other declared capability (Shader, Matrix, ...) is rejected. A module without
// the Kernel capability is not an OpenCL module at all; checkKernelCapability
// reports that alone.
void checkSupportedCapabilities(RuleContext &ctx) {
  if (!ctx.module.hasCapability(spv::Capability::Kernel)) return;
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (inst.opcode != spv::Op::OpCapability || inst.wordCount < 2) continue;
    const auto c = static_cast<spv::Capability>(ctx.module.words()[inst.wordOffset + 1]);
    const std::string why = unsupportedBecause(ctx, c);
    if (why.empty()) continue;
    ctx.error("3", "Required Capabilities",
              "capability " + capabilityName(ctx, k) + " is not supported: " + why, k);
  }
}

// OpenCL-Env §3.1: GenericPointer is required by OpenCL 2.0 and newer only. clang
// + llvm-spirv declare it for OpenCL C 1.2 sources too (wait_group_events takes a
// generic event pointer) and OpenCL 1.2 implementations run those modules:
// tolerated on OpenCL 1.2 devices.
void checkGenericPointer(RuleContext &ctx) {
  if (atLeast(ctx.device, OpenCLVersion::CL2_0) ||
      !ctx.module.hasCapability(spv::Capability::GenericPointer))
    return;
  ctx.tolerated("3.1", "Required Capabilities",
                "the GenericPointer capability is required by OpenCL 2.0 and newer only; this is "
                "an " +
                    std::string(versionName(ctx.device.version)) + " device",
                ctx.findInstruction(spv::Op::OpCapability,
                                    static_cast<uint32_t>(spv::Capability::GenericPointer)));
}

} // namespace spvsim::rules
