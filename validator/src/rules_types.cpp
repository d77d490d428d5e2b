// Type rules: OpenCL-Env §2.2 (extended instruction sets), §2.4 and §2.5
// (supported types: scalar widths and signedness, vector component counts,
// the type declarations OpenCL knows, the image types of §2.5.2).
#include "rules.h"

#include "ext_inst_sets.h"

namespace spvsim::rules {

namespace {

/// Calls `f(index, inst)` for every type declaration of the module.
template <class F> void forEachTypeDeclaration(const RuleContext &ctx, F f) {
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (inst.resultId == 0 || inst.typeId != 0) continue;
    if (ctx.module.id(inst.resultId).kind != IdKind::Type) continue;
    f(k, inst);
  }
}

const char *dimName(spv::Dim dim) {
  switch (dim) {
  case spv::Dim::Dim1D:
    return "1D";
  case spv::Dim::Dim2D:
    return "2D";
  case spv::Dim::Dim3D:
    return "3D";
  case spv::Dim::Cube:
    return "Cube";
  case spv::Dim::Rect:
    return "Rect";
  case spv::Dim::Buffer:
    return "Buffer";
  case spv::Dim::SubpassData:
    return "SubpassData";
  default:
    return "an unknown Dim";
  }
}

} // namespace

// OpenCL-Env §2.2: OpenCL environments import the OpenCL.std extended
// instruction set. Debug information (OpenCL.DebugInfo.100, DebugInfo) and
// NonSemantic.* sets never make a module invalid; any other set (GLSL.std.450,
// vendor sets) is not one an OpenCL environment consumes.
void checkExtendedInstructionSets(RuleContext &ctx) {
  const auto &instructions = ctx.module.instructions();
  for (uint32_t k = 0; k < instructions.size(); ++k) {
    const Instruction &inst = instructions[k];
    if (inst.opcode != spv::Op::OpExtInstImport) continue;
    const std::string_view set = ctx.module.extInstSet(inst.resultId);
    if (set == "OpenCL.std" || detail::isDebugInfoSet(set)) continue;
    ctx.error("2.2", "Extended Instruction Sets",
              "extended instruction set \"" + std::string(set) +
                  "\" is imported; OpenCL environments consume OpenCL.std (and debug or "
                  "NonSemantic.* sets)",
              k);
  }
}

// OpenCL-Env §2.5.1 (and §4): OpTypeInt has Width 8, 16, 32 or 64 and
// Signedness 0 (no signedness semantics; §2.4: two's complement).
void checkIntegerTypes(RuleContext &ctx) {
  forEachTypeDeclaration(ctx, [&](uint32_t k, const Instruction &inst) {
    if (inst.opcode != spv::Op::OpTypeInt) return;
    const Type &t = ctx.module.type(inst.resultId);
    if (t.width != 8 && t.width != 16 && t.width != 32 && t.width != 64)
      ctx.error("2.5.1", "Basic Scalar and Vector Types",
                "OpTypeInt has Width " + std::to_string(t.width) + "; it must be 8, 16, 32 or 64",
                k);
    if (t.isSigned)
      ctx.error("2.5.1", "Basic Scalar and Vector Types",
                "OpTypeInt has Signedness 1; it must be 0 (no signedness semantics)", k);
  });
}

// OpenCL-Env §2.5.1: OpTypeFloat has Width 16, 32 or 64 (§2.4: IEEE 754).
void checkFloatTypes(RuleContext &ctx) {
  forEachTypeDeclaration(ctx, [&](uint32_t k, const Instruction &inst) {
    if (inst.opcode != spv::Op::OpTypeFloat) return;
    const Type &t = ctx.module.type(inst.resultId);
    if (t.width == 16 || t.width == 32 || t.width == 64) return;
    ctx.error("2.5.1", "Basic Scalar and Vector Types",
              "OpTypeFloat has Width " + std::to_string(t.width) + "; it must be 16, 32 or 64", k);
  });
}

// OpenCL-Env §2.5.1: a vector's Component Type is a scalar type (OpTypeBool,
// OpTypeInt, OpTypeFloat) and its Component Count is 2, 3, 4, 8 or 16.
void checkVectorTypes(RuleContext &ctx) {
  forEachTypeDeclaration(ctx, [&](uint32_t k, const Instruction &inst) {
    if (inst.opcode != spv::Op::OpTypeVector) return;
    const Type &t = ctx.module.type(inst.resultId);
    const uint32_t n = t.count;
    if (n != 2 && n != 3 && n != 4 && n != 8 && n != 16)
      ctx.error("2.5.1", "Basic Scalar and Vector Types",
                "OpTypeVector has Component Count " + std::to_string(n) +
                    "; it must be 2, 3, 4, 8 or 16",
                k);
    const TypeKind component = ctx.module.type(t.element).kind;
    if (component != TypeKind::Bool && component != TypeKind::Int && component != TypeKind::Float)
      ctx.error("2.5.1", "Basic Scalar and Vector Types",
                "OpTypeVector has Component Type " + idName(ctx.module, t.element) +
                    ", which is not a scalar type (OpTypeBool, OpTypeInt or OpTypeFloat)",
                k);
  });
}

// OpenCL-Env §2.5: the types OpenCL environments support are OpTypeVoid,
// OpTypeBool, OpTypeInt, OpTypeFloat, OpTypeVector, OpTypeArray, OpTypeStruct,
// OpTypeFunction, OpTypePointer, the image types (OpTypeImage, OpTypeSampler,
// OpTypeSampledImage) and OpTypeEvent, OpTypeDeviceEvent, OpTypePipe,
// OpTypeReserveId, OpTypeQueue; plus what required capabilities add
// (OpTypePipeStorage, OpTypeNamedBarrier), OpTypeOpaque (an undefined struct)
// and OpTypeForwardPointer. Anything else (OpTypeRuntimeArray, OpTypeMatrix, ...)
// is rejected.
void checkSupportedTypes(RuleContext &ctx) {
  forEachTypeDeclaration(ctx, [&](uint32_t k, const Instruction &inst) {
    switch (inst.opcode) {
    case spv::Op::OpTypeVoid:
    case spv::Op::OpTypeBool:
    case spv::Op::OpTypeInt:
    case spv::Op::OpTypeFloat:
    case spv::Op::OpTypeVector:
    case spv::Op::OpTypeArray:
    case spv::Op::OpTypeStruct:
    case spv::Op::OpTypeOpaque:
    case spv::Op::OpTypeFunction:
    case spv::Op::OpTypePointer:
    case spv::Op::OpTypeImage:
    case spv::Op::OpTypeSampler:
    case spv::Op::OpTypeSampledImage:
    case spv::Op::OpTypeEvent:
    case spv::Op::OpTypeDeviceEvent:
    case spv::Op::OpTypeReserveId:
    case spv::Op::OpTypeQueue:
    case spv::Op::OpTypePipe:
    case spv::Op::OpTypePipeStorage:
    case spv::Op::OpTypeNamedBarrier:
      return;
    default:
      break;
    }
    std::string text(ctx.disassembly.text(k));
    const size_t eq = text.find("= ");
    if (eq != std::string::npos) text = text.substr(eq + 2);
    ctx.error("2.5", "Supported Types",
              "type declaration " + text.substr(0, text.find(' ')) +
                  " is not a type OpenCL environments support",
              k);
  });
}

// OpenCL-Env §2.5.2: the image types are 1D, 1D array, 2D, 2D depth, 2D array,
// 2D depth array, 3D and 1D buffer: Dim is 1D, 2D, 3D or Buffer, and only 2D
// images may be depth images. (Sampled Type, Sampled, MS, Arrayed beyond 1D/2D,
// Image Format and the access qualifier are §4 rules; depth images on OpenCL
// 1.2 and multisampled images are §5.2.2 and §5.2.7.)
void checkImageTypes(RuleContext &ctx) {
  forEachTypeDeclaration(ctx, [&](uint32_t k, const Instruction &inst) {
    if (inst.opcode != spv::Op::OpTypeImage) return;
    const Type &t = ctx.module.type(inst.resultId);
    const bool knownDim = t.dim == spv::Dim::Dim1D || t.dim == spv::Dim::Dim2D ||
                          t.dim == spv::Dim::Dim3D || t.dim == spv::Dim::Buffer;
    if (!knownDim) {
      ctx.error("2.5.2", "Image-Related Data Types",
                std::string("OpTypeImage has Dim ") + dimName(t.dim) +
                    "; OpenCL images are 1D, 2D, 3D or Buffer",
                k);
      return;
    }
    if (t.depth == 1 && t.dim != spv::Dim::Dim2D)
      ctx.error("2.5.2", "Image-Related Data Types",
                std::string("OpTypeImage is a ") + dimName(t.dim) +
                    " depth image; only 2D images may have Depth 1",
                k);
    if (t.depth == 2)
      ctx.error("2.5.2", "Image-Related Data Types",
                "OpTypeImage has Depth 2 (unknown); OpenCL images are depth (1) or not (0)", k);
  });
}

} // namespace spvsim::rules
