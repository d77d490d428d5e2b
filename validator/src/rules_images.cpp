// Image-instruction rules: OpenCL-Env §4 image operands of OpImageWrite,
// OpImageRead and OpImageSampleExplicitLod. (OpTypeImage constraints are
// §2.5.2/§4, checked by rules_types.cpp; Lod by §5.2.9/§5.2.10 in
// rules_extensions.cpp.)
#include "rules.h"

namespace spvsim::rules {

namespace {

constexpr uint32_t kLod = static_cast<uint32_t>(spv::ImageOperandsMask::Lod);
constexpr uint32_t kConstOffset = static_cast<uint32_t>(spv::ImageOperandsMask::ConstOffset);

} // namespace

// OpenCL-Env §4: "The image write instruction OpImageWrite must not include any
// optional Image Operands." and "The image read instructions OpImageRead and
// OpImageSampleExplicitLod must not include the optional Image Operand
// ConstOffset." Lod on a write is left to §5.2.10 (cl_khr_mipmap_image_writes
// relaxes this rule for it; a constant 0 Lod is what producers emit).
void checkImageOperands(RuleContext &ctx) {
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    const auto ops = ctx.module.operands(inst);
    if (inst.opcode == spv::Op::OpImageWrite) {
      if (ops.size() <= 3 || (ops[3] & ~kLod) == 0) continue;
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
