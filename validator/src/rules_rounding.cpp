// Rounding rules: OpenCL-Env §6.2, where the FPRoundingMode decoration may
// appear (results of the five conversion instructions only).
#include "rules.h"

namespace spvsim::rules {

// OpenCL-Env §6.2: "Results of the following conversion instructions may include
// an optional FPRoundingMode decoration: OpConvertFToU, OpConvertFToS,
// OpConvertSToF, OpConvertUToF, OpFConvert. The FPRoundingMode decoration may
// not be added to results of any other instruction."
void checkRoundingModeDecorations(RuleContext &ctx) {
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (inst.resultId == 0 || inst.opcode == spv::Op::OpDecorationGroup) continue;
    switch (inst.opcode) {
    case spv::Op::OpConvertFToU:
    case spv::Op::OpConvertFToS:
    case spv::Op::OpConvertSToF:
    case spv::Op::OpConvertUToF:
    case spv::Op::OpFConvert:
      continue;
    default:
      break;
    }
    for (const Decoration &d : ctx.module.decorations(inst.resultId)) {
      if (d.decoration != spv::Decoration::FPRoundingMode) continue;
      std::string text(ctx.disassembly.text(k));
      const size_t eq = text.find("= ");
      if (eq != std::string::npos) text = text.substr(eq + 2);
      ctx.error("6.2", "Rounding Modes for Conversions",
                "FPRoundingMode decorates " + idName(ctx.module, inst.resultId) +
                    ", the result of " + text.substr(0, text.find(' ')) +
                    "; only results of OpConvertFToU, OpConvertFToS, OpConvertSToF, "
                    "OpConvertUToF and OpFConvert may have it",
                k);
      break;
    }
  }
}

} // namespace spvsim::rules
