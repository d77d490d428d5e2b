// Image rules: OpenCL-Env §4 OpTypeImage constraints, and the image operands of
// OpImageWrite, OpImageRead and OpImageSampleExplicitLod. (The image types of
// §2.5.2 — Dim, Depth — are rules_types.cpp; MS 1 is §5.2.7 and Lod
// §5.2.9/§5.2.10, both in rules_extensions.cpp.)
#include <sstream>

#include "rules.h"

namespace spvsim::rules {

namespace {

constexpr uint32_t kLod = static_cast<uint32_t>(spv::ImageOperandsMask::Lod);
constexpr uint32_t kConstOffset = static_cast<uint32_t>(spv::ImageOperandsMask::ConstOffset);
/// Image Operands that say how a texel is converted or cached, not which one is written:
/// SignExtend, ZeroExtend (SPIR-V 1.4) and Nontemporal (SPIR-V 1.6).
constexpr uint32_t kWriteHints = static_cast<uint32_t>(spv::ImageOperandsMask::SignExtend) |
                                 static_cast<uint32_t>(spv::ImageOperandsMask::ZeroExtend) |
                                 static_cast<uint32_t>(spv::ImageOperandsMask::Nontemporal);

/// The Image Format of an OpTypeImage as the disassembly names it ("Rgba8"),
/// else its number: the ninth word of "%r = OpTypeImage %t Dim Depth Arrayed MS
/// Sampled Format [Access]".
std::string imageFormatName(const RuleContext &ctx, uint32_t k, spv::ImageFormat format) {
  std::istringstream words{std::string(ctx.disassembly.text(k))};
  std::string word;
  for (int i = 0; i < 10 && words >> word; ++i)
    if (i == 9) return word;
  return std::to_string(static_cast<uint32_t>(format));
}

} // namespace

// OpenCL-Env §4: "For all OpTypeImage type-declaration instructions:
// * Sampled Type must be OpTypeVoid. * Sampled must be 0 [...] * MS must be 0
// [...] * Arrayed may only be set to 1 [...] when Dim is set to 1D or 2D.
// * Image Format must be Unknown [...] * The optional image Access Qualifier
// must be present." MS is left to checkMultisampledImages: §5.2.7
// (cl_khr_gl_msaa_sharing) relaxes it, and that rule already reports MS 1 on a
// device without the extension.
void checkImageTypeConstraints(RuleContext &ctx) {
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (inst.opcode != spv::Op::OpTypeImage) continue;
    const Type &t = ctx.module.type(inst.resultId);
    if (ctx.module.type(t.element).kind != TypeKind::Void)
      ctx.error("4", "Image",
                "OpTypeImage has Sampled Type " + idName(ctx.module, t.element) +
                    "; it must be OpTypeVoid",
                k);
    if (t.sampled != 0)
      ctx.error("4", "Image",
                "OpTypeImage has Sampled " + std::to_string(t.sampled) +
                    "; it must be 0 (usage known at run time)",
                k);
    if (t.arrayed != 0 && t.dim != spv::Dim::Dim1D && t.dim != spv::Dim::Dim2D)
      ctx.error("4", "Image",
                "OpTypeImage has Arrayed 1 with a Dim other than 1D or 2D; only 1D and 2D "
                "images may be arrayed",
                k);
    if (t.format != spv::ImageFormat::Unknown)
      ctx.error("4", "Image",
                "OpTypeImage has Image Format " + imageFormatName(ctx, k, t.format) +
                    "; it must be Unknown",
                k);
    if (t.access == spv::AccessQualifier::Max)
      ctx.error("4", "Image", "OpTypeImage has no Access Qualifier; it must be present", k);
  }
}

// OpenCL-Env §4: "The image write instruction OpImageWrite must not include any
// optional Image Operands." and "The image read instructions OpImageRead and
// OpImageSampleExplicitLod must not include the optional Image Operand
// ConstOffset." Lod on a write is left to §5.2.10 (cl_khr_mipmap_image_writes
// relaxes this rule for it; a constant 0 Lod is what producers emit). Reading
// (validator/RULES.md): the newest environment specification says only "if an
// optional Image Operand is present, then it must not include ConstOffset" for all
// image reads and writes; a write may carry the operands that do not choose the texel
// (SignExtend, ZeroExtend, Nontemporal), which SPIRV-Tools allows only in modules of
// the SPIR-V version that introduced them (the conformance suite builds Nontemporal
// writes for devices that accept SPIR-V 1.6).
void checkImageOperands(RuleContext &ctx) {
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    const auto ops = ctx.module.operands(inst);
    if (inst.opcode == spv::Op::OpImageWrite) {
      if (ops.size() <= 3 || (ops[3] & ~(kLod | kWriteHints)) == 0) continue;
      ctx.error("4", "Image Operands",
                "OpImageWrite must not include optional Image Operands (mask " +
                    std::to_string(ops[3]) + ")",
                k);
    } else if (inst.opcode == spv::Op::OpImageRead ||
               inst.opcode == spv::Op::OpImageSampleExplicitLod) {
      if (ops.size() <= 2 || (ops[2] & kConstOffset) == 0) continue;
      ctx.error("4", "Image Operands",
                std::string(inst.opcode == spv::Op::OpImageRead ? "OpImageRead"
                                                                : "OpImageSampleExplicitLod") +
                    " must not include the Image Operand ConstOffset",
                k);
    }
  }
}

} // namespace spvsim::rules
