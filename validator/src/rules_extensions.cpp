// Extension rules: OpenCL-Env §5, what each Khronos OpenCL extension of the
// device allows a module: OpExtension names (§5.1), SPIR-V extensions and the
// integer-wrap decorations (§5.2.13), 3D image writes (§5.2.1), depth images
// (§5.2.2), local argument types of enqueued kernels (§5.2.3), multisampled
// images (§5.2.7), non-zero Lod operands (§5.2.9, §5.2.10) and Subgroup scopes
// (§5.2.11). The capabilities extensions enable (§5.2.4, §5.2.5, §5.2.8,
// §5.2.12, §5.3.1) are in rules_capability.cpp.
#include "rules.h"

namespace spvsim::rules {

namespace {

/// The image type behind an image or sampled-image value, or nullptr.
const Type *imageTypeOf(const Module &module, uint32_t value) {
  const Type *t = &module.type(module.typeOf(value));
  if (t->kind == TypeKind::SampledImage) t = &module.type(t->element);
  return t->kind == TypeKind::Image ? t : nullptr;
}

/// Whether an id is a constant known to be zero.
bool isZero(const Module &module, uint32_t id) {
  const Constant *c = module.constant(id);
  if (!c || c->isSpec) return false;
  return c->kind == ConstantKind::Null || (c->kind == ConstantKind::Scalar && c->bits == 0);
}

/// "OpImageRead" from an instruction's disassembly.
std::string opcodeName(const RuleContext &ctx, uint32_t k) {
  std::string text(ctx.disassembly.text(k));
  const size_t eq = text.find("= ");
  if (eq != std::string::npos) text = text.substr(eq + 2);
  return text.substr(0, text.find(' '));
}

/// Image instructions: their first operand is an image or a sampled image.
bool isImageInstruction(spv::Op op) {
  const auto n = static_cast<uint32_t>(op);
  return (n >= static_cast<uint32_t>(spv::Op::OpSampledImage) &&
          n <= static_cast<uint32_t>(spv::Op::OpImageQuerySamples)) ||
         (n >= static_cast<uint32_t>(spv::Op::OpImageSparseSampleImplicitLod) &&
          n <= static_cast<uint32_t>(spv::Op::OpImageSparseDrefGather)) ||
         op == spv::Op::OpImageSparseRead;
}

} // namespace

// OpenCL-Env §5.1: "Only use of SPIR-V extensions may be declared in a SPIR-V
// module using OpExtension; there is never a need to declare use of an OpenCL
// extension": an OpExtension naming an OpenCL extension (cl_*, cles_*) is rejected.
void checkExtensionNames(RuleContext &ctx) {
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (inst.opcode != spv::Op::OpExtension) continue;
    const std::string name =
        Module::literalString(ctx.module.words().subspan(inst.wordOffset + 1, inst.wordCount - 1));
    if (!name.starts_with("cl_") && !name.starts_with("cles_")) continue;
    ctx.error("5.1", "Declaring SPIR-V Extensions",
              "OpExtension \"" + name +
                  "\" names an OpenCL extension; OpExtension declares only SPIR-V extensions",
              k);
  }
}

// OpenCL-Env §5: Khronos OpenCL extensions need no SPIR-V extension, except that
// cl_khr_spirv_no_integer_wrap_decoration accepts SPV_KHR_no_integer_wrap_decoration
// (§5.2.13), cl_khr_spirv_linkonce_odr SPV_KHR_linkonce_odr (§5.2.22) and
// cl_khr_expect_assume SPV_KHR_expect_assume (§5.2.25). SPV_KHR_non_semantic_info only carries
// non-semantic information and is always accepted. Any other SPIR-V extension is one the device
// accepts through no extension it supports.
void checkSpirvExtensions(RuleContext &ctx) {
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (inst.opcode != spv::Op::OpExtension) continue;
    const std::string name =
        Module::literalString(ctx.module.words().subspan(inst.wordOffset + 1, inst.wordCount - 1));
    if (name.starts_with("cl_") || name.starts_with("cles_")) continue; // §5.1
    if (name == "SPV_KHR_non_semantic_info") continue;
    // Newest environment specification §5.2.22 and §5.2.25.
    const std::pair<const char *, const char *> accepted[] = {
        {"SPV_KHR_linkonce_odr", "cl_khr_spirv_linkonce_odr"},
        {"SPV_KHR_expect_assume", "cl_khr_expect_assume"}};
    bool known = false;
    for (const auto &[spirv, opencl] : accepted) {
      if (name != spirv) continue;
      known = true;
      if (!ctx.device.hasExtension(opencl))
        ctx.error("5.2", opencl, "OpExtension \"" + name + "\" needs a device with " + opencl, k);
    }
    if (known) continue;
    if (name == "SPV_KHR_no_integer_wrap_decoration") {
      if (ctx.device.hasExtension("cl_khr_spirv_no_integer_wrap_decoration")) continue;
      ctx.error("5.2.13", "cl_khr_spirv_no_integer_wrap_decoration",
                "OpExtension \"SPV_KHR_no_integer_wrap_decoration\" needs a device with "
                "cl_khr_spirv_no_integer_wrap_decoration",
                k);
      continue;
    }
    ctx.error("5", "OpenCL Extensions",
              "OpExtension \"" + name +
                  "\": the device supports no OpenCL extension that accepts this SPIR-V extension",
              k);
  }
}

// OpenCL-Env §5.2.13: the NoSignedWrap and NoUnsignedWrap decorations are accepted
// with cl_khr_spirv_no_integer_wrap_decoration when the module declares
// SPV_KHR_no_integer_wrap_decoration (core in SPIR-V 1.4 and newer, which a device
// accepting such a module consumes).
void checkIntegerWrapDecorations(RuleContext &ctx) {
  const bool core = (ctx.module.version() & 0x00ffff00u) >= 0x00010400u;
  bool declared = core;
  for (const std::string &e : ctx.module.extensions())
    if (e == "SPV_KHR_no_integer_wrap_decoration") declared = true;
  const bool deviceAccepts =
      core || ctx.device.hasExtension("cl_khr_spirv_no_integer_wrap_decoration");
  if (declared && deviceAccepts) return;
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (inst.opcode != spv::Op::OpDecorate || inst.wordCount < 3) continue;
    const auto d = static_cast<spv::Decoration>(ctx.module.words()[inst.wordOffset + 2]);
    if (d != spv::Decoration::NoSignedWrap && d != spv::Decoration::NoUnsignedWrap) continue;
    const std::string name = d == spv::Decoration::NoSignedWrap ? "NoSignedWrap" : "NoUnsignedWrap";
    ctx.error("5.2.13", "cl_khr_spirv_no_integer_wrap_decoration",
              "the " + name + " decoration needs " +
                  (deviceAccepts ? std::string("OpExtension \"SPV_KHR_no_integer_wrap_decoration\"")
                                 : std::string("a device with "
                                               "cl_khr_spirv_no_integer_wrap_decoration")),
              k);
    return;
  }
}

// OpenCL-Env §5.2.1: OpImageWrite to a 3D image needs cl_khr_3d_image_writes
// (core in OpenCL 2.0 to 2.2, optional again in OpenCL 3.0).
void check3dImageWrites(RuleContext &ctx) {
  if (ctx.device.hasExtension("cl_khr_3d_image_writes")) return;
  if (atLeast(ctx.device, OpenCLVersion::CL2_0) && !atLeast(ctx.device, OpenCLVersion::CL3_0))
    return;
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (inst.opcode != spv::Op::OpImageWrite || inst.operandCount < 1) continue;
    const Type *image = imageTypeOf(ctx.module, ctx.module.operands(inst)[0]);
    if (!image || image->dim != spv::Dim::Dim3D) continue;
    ctx.error("5.2.1", "cl_khr_3d_image_writes",
              "OpImageWrite to a 3D image needs a device with cl_khr_3d_image_writes", k);
  }
}

// OpenCL-Env §5.2.2: 2D depth images (Depth 1) need cl_khr_depth_images on
// OpenCL 1.2 (core from OpenCL 2.0 on).
void checkDepthImages(RuleContext &ctx) {
  if (atLeast(ctx.device, OpenCLVersion::CL2_0) || ctx.device.hasExtension("cl_khr_depth_images"))
    return;
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (inst.opcode != spv::Op::OpTypeImage || ctx.module.type(inst.resultId).depth != 1) continue;
    ctx.error("5.2.2", "cl_khr_depth_images",
              "a depth image type (Depth 1) needs a device with cl_khr_depth_images", k);
  }
}

// OpenCL-Env §5.2.3: without cl_khr_device_enqueue_local_arg_types, the Workgroup
// pointer parameters of an OpEnqueueKernel Invoke function (its local memory
// arguments) are `local void *`: pointers to 8-bit integers.
void checkEnqueueLocalArgTypes(RuleContext &ctx) {
  if (ctx.device.hasExtension("cl_khr_device_enqueue_local_arg_types")) return;
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (inst.opcode != spv::Op::OpEnqueueKernel || inst.operandCount < 7) continue;
    const uint32_t invoke = ctx.module.operands(inst)[6];
    const Function *f = ctx.module.function(invoke);
    if (!f) continue;
    for (size_t i = 1; i < f->params.size(); ++i) {
      const Type &p = ctx.module.type(ctx.module.typeOf(f->params[i]));
      if (p.kind != TypeKind::Pointer || p.storage != spv::StorageClass::Workgroup) continue;
      const Type &pointee = ctx.module.type(p.element);
      if (pointee.kind == TypeKind::Int && pointee.width == 8) continue;
      ctx.error("5.2.3", "cl_khr_device_enqueue_local_arg_types",
                "parameter " + std::to_string(i) + " of Invoke function " +
                    idName(ctx.module, invoke) + " points to Workgroup " +
                    idName(ctx.module, p.element) +
                    "; Workgroup pointers of other types than 8-bit integers need "
                    "cl_khr_device_enqueue_local_arg_types",
                k);
    }
  }
}

// OpenCL-Env §5.2.7: multisampled images (MS 1) need cl_khr_gl_msaa_sharing, are
// 2D, and are used only by OpImageRead, OpImageQuerySizeLod, OpImageQueryFormat,
// OpImageQueryOrder and OpImageQuerySamples.
void checkMultisampledImages(RuleContext &ctx) {
  const bool supported = ctx.device.hasExtension("cl_khr_gl_msaa_sharing");
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (inst.opcode == spv::Op::OpTypeImage) {
      const Type &t = ctx.module.type(inst.resultId);
      if (!t.multisampled) continue;
      if (!supported)
        ctx.error("5.2.7", "cl_khr_gl_msaa_sharing",
                  "a multisampled image type (MS 1) needs a device with cl_khr_gl_msaa_sharing", k);
      else if (t.dim != spv::Dim::Dim2D)
        ctx.error("5.2.7", "cl_khr_gl_msaa_sharing", "a multisampled image type (MS 1) must be 2D",
                  k);
      continue;
    }
    if (!supported || !isImageInstruction(inst.opcode) || inst.operandCount < 1) continue;
    const Type *image = imageTypeOf(ctx.module, ctx.module.operands(inst)[0]);
    if (!image || !image->multisampled) continue;
    switch (inst.opcode) {
    case spv::Op::OpImageRead:
    case spv::Op::OpImageQuerySizeLod:
    case spv::Op::OpImageQueryFormat:
    case spv::Op::OpImageQueryOrder:
    case spv::Op::OpImageQuerySamples:
      continue;
    default:
      break;
    }
    ctx.error("5.2.7", "cl_khr_gl_msaa_sharing",
              opcodeName(ctx, k) + " on a multisampled image; they are used only by OpImageRead, "
                                   "OpImageQuerySizeLod, OpImageQueryFormat, OpImageQueryOrder and "
                                   "OpImageQuerySamples",
              k);
  }
}

// OpenCL-Env §5.2.9 and §5.2.10: a non-zero Lod (a Lod Image Operand, or the Level
// of Detail of OpImageQuerySizeLod) needs cl_khr_mipmap_image on
// OpImageSampleExplicitLod, OpImageRead and OpImageQuerySizeLod, and
// cl_khr_mipmap_image_writes on OpImageWrite.
void checkMipmapLod(RuleContext &ctx) {
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    const auto ops = ctx.module.operands(inst);
    uint32_t lod = 0;
    if (inst.opcode == spv::Op::OpImageQuerySizeLod) {
      if (ops.size() >= 2) lod = ops[1];
    } else {
      size_t mask = 0;
      if (inst.opcode == spv::Op::OpImageSampleExplicitLod || inst.opcode == spv::Op::OpImageRead)
        mask = 2;
      else if (inst.opcode == spv::Op::OpImageWrite)
        mask = 3;
      else
        continue;
      if (ops.size() <= mask) continue;
      const uint32_t bits = ops[mask];
      if (!(bits & static_cast<uint32_t>(spv::ImageOperandsMask::Lod))) continue;
      // Lod follows Bias (one id) among the operand ids.
      const size_t at =
          mask + 1 + ((bits & static_cast<uint32_t>(spv::ImageOperandsMask::Bias)) ? 1 : 0);
      if (at < ops.size()) lod = ops[at];
    }
    if (lod == 0 || isZero(ctx.module, lod)) continue;
    const bool write = inst.opcode == spv::Op::OpImageWrite;
    const char *extension = write ? "cl_khr_mipmap_image_writes" : "cl_khr_mipmap_image";
    if (ctx.device.hasExtension(extension)) continue;
    ctx.error(write ? "5.2.10" : "5.2.9", extension,
              opcodeName(ctx, k) + " with a non-zero Lod needs a device with " + extension, k);
  }
}

// OpenCL-Env §5.2.11 (with §4): the Subgroup scope is allowed from OpenCL 2.1 on,
// and before only with cl_khr_subgroups. (Its exceptions — OpGroupAsyncCopy and
// OpGroupWaitEvents, atomics on OpenCL 1.2 — are the §4 scope rules.)
void checkSubgroupScopes(RuleContext &ctx) {
  if (atLeast(ctx.device, OpenCLVersion::CL2_1) || ctx.device.hasExtension("cl_khr_subgroups"))
    return;
  constexpr uint32_t kSubgroup = static_cast<uint32_t>(spv::Scope::Subgroup);
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    const auto ops = ctx.module.operands(inst);
    const auto n = static_cast<uint32_t>(inst.opcode);
    std::vector<uint32_t> scopes;
    if (inst.opcode == spv::Op::OpControlBarrier) {
      scopes = {0, 1};
    } else if (inst.opcode == spv::Op::OpMemoryBarrier) {
      scopes = {0};
    } else if ((n >= static_cast<uint32_t>(spv::Op::OpAtomicLoad) &&
                n <= static_cast<uint32_t>(spv::Op::OpAtomicXor)) ||
               inst.opcode == spv::Op::OpAtomicFlagTestAndSet ||
               inst.opcode == spv::Op::OpAtomicFlagClear) {
      scopes = {1};
    } else if ((n >= static_cast<uint32_t>(spv::Op::OpGroupAsyncCopy) &&
                n <= static_cast<uint32_t>(spv::Op::OpGroupSMax)) ||
               inst.opcode == spv::Op::OpGroupReserveReadPipePackets ||
               inst.opcode == spv::Op::OpGroupReserveWritePipePackets ||
               inst.opcode == spv::Op::OpGroupCommitReadPipe ||
               inst.opcode == spv::Op::OpGroupCommitWritePipe ||
               (n >= static_cast<uint32_t>(spv::Op::OpGroupNonUniformElect) &&
                n <= static_cast<uint32_t>(spv::Op::OpGroupNonUniformQuadSwap))) {
      scopes = {0};
    }
    for (uint32_t s : scopes) {
      if (s >= ops.size()) continue;
      // An OpSpecConstant scope: its default value (as the §4 scope rules).
      if (scopeOrSemanticsValue(ctx, ops[s]) != kSubgroup) continue;
      ctx.error("5.2.11", "cl_khr_subgroups",
                opcodeName(ctx, k) + " has Subgroup scope" + specConstantNote(ctx, ops[s]) +
                    ", which needs OpenCL 2.1 or a device "
                    "with cl_khr_subgroups; this is an " +
                    std::string(versionName(ctx.device.version)) + " device",
                k);
      break;
    }
  }
}

} // namespace spvsim::rules
