// Kernel argument rules: OpenCL-Env §2.8.2, the types of an entry point's
// OpFunctionParameters (kernel arguments), the member types of structs passed
// by value, and the storage classes of pointer arguments. (§2.8.1, the return
// type, is checkKernelReturnType in rules_entrypoint.cpp.)
#include "rules.h"

namespace spvsim::rules {

namespace {

constexpr std::string_view kSection = "2.8.2";
constexpr std::string_view kRule = "Kernel Arguments";

const char *storageClassName(spv::StorageClass sc) {
  switch (sc) {
  case spv::StorageClass::UniformConstant:
    return "UniformConstant";
  case spv::StorageClass::Input:
    return "Input";
  case spv::StorageClass::Uniform:
    return "Uniform";
  case spv::StorageClass::Output:
    return "Output";
  case spv::StorageClass::Workgroup:
    return "Workgroup";
  case spv::StorageClass::CrossWorkgroup:
    return "CrossWorkgroup";
  case spv::StorageClass::Private:
    return "Private";
  case spv::StorageClass::Function:
    return "Function";
  case spv::StorageClass::Generic:
    return "Generic";
  case spv::StorageClass::PushConstant:
    return "PushConstant";
  case spv::StorageClass::AtomicCounter:
    return "AtomicCounter";
  case spv::StorageClass::Image:
    return "Image";
  case spv::StorageClass::StorageBuffer:
    return "StorageBuffer";
  default:
    return "an unknown storage class";
  }
}

/// The opcode name of a type's declaration ("OpTypeBool").
std::string typeOpcode(const RuleContext &ctx, uint32_t typeId) {
  const Type &t = ctx.module.type(typeId);
  if (t.instruction == kNone) return idName(ctx.module, typeId);
  std::string text(ctx.disassembly.text(t.instruction));
  const size_t eq = text.find("= ");
  if (eq != std::string::npos) text = text.substr(eq + 2);
  return text.substr(0, text.find(' '));
}

struct ArgumentChecker {
  RuleContext &ctx;
  const EntryPoint &entry;
  uint32_t instruction; ///< the OpFunctionParameter
  uint32_t index;       ///< argument ordinal

  std::string where() const {
    return "argument " + std::to_string(index) + " of kernel '" + entry.name + "'";
  }

  /// §2.8.2: OpTypeInt of width 8, 16, 32, 64 and no signedness (for arguments
  /// and struct members alike); OpTypeFloat of width 32, and the widths the
  /// device's extensions allow (cl_khr_fp64: 64, cl_khr_fp16: 16).
  void checkScalar(uint32_t typeId, const std::string &what) {
    const Type &t = ctx.module.type(typeId);
    if (t.kind == TypeKind::Int) {
      if ((t.width != 8 && t.width != 16 && t.width != 32 && t.width != 64) || t.isSigned)
        ctx.error(kSection, kRule,
                  what + " has type " + idName(ctx.module, typeId) +
                      "; OpTypeInt arguments have Width 8, 16, 32 or 64 and Signedness 0",
                  instruction);
      return;
    }
    if (t.kind != TypeKind::Float || t.width == 32) return;
    if (t.width == 64 && ctx.device.hasExtension("cl_khr_fp64")) return;
    if (t.width == 16 && ctx.device.hasExtension("cl_khr_fp16")) return;
    const std::string extension = t.width == 64
                                      ? "; 64-bit needs cl_khr_fp64"
                                      : (t.width == 16 ? "; 16-bit needs cl_khr_fp16" : "");
    ctx.error(kSection, kRule,
              what + " has type " + idName(ctx.module, typeId) + " (OpTypeFloat " +
                  std::to_string(t.width) + "); OpTypeFloat arguments have Width 32" + extension,
              instruction);
  }

  /// §2.8.2: struct members are OpTypeInt, OpTypeFloat, OpTypeStruct,
  /// OpTypeVector or OpTypePointer, recursively. OpenCL C allows array members
  /// and clang + llvm-spirv pass them as OpTypeArray, which every implementation
  /// runs: tolerated.
  void checkStruct(uint32_t structId, int depth) {
    const Type &s = ctx.module.type(structId);
    if (depth > 16) return;
    for (size_t m = 0; m < s.members.size(); ++m) {
      uint32_t member = s.members[m];
      const std::string what = "member " + std::to_string(m) + " of struct " +
                               idName(ctx.module, structId) + " (" + where() + ")";
      const Type *t = &ctx.module.type(member);
      // Arrays of arrays: look at the innermost element.
      bool isArray = false;
      while (t->kind == TypeKind::Array) {
        isArray = true;
        member = t->element;
        t = &ctx.module.type(member);
      }
      if (isArray)
        ctx.tolerated(kSection, kRule,
                      what + " is an OpTypeArray; struct members of kernel arguments are "
                             "OpTypeInt, OpTypeFloat, OpTypeStruct, OpTypeVector or OpTypePointer",
                      instruction);
      switch (t->kind) {
      case TypeKind::Int:
      case TypeKind::Float:
        checkScalar(member, what);
        break;
      case TypeKind::Vector:
        checkScalar(t->element, what);
        break;
      case TypeKind::Struct:
        checkStruct(member, depth + 1);
        break;
      case TypeKind::Pointer:
        break;
      default:
        ctx.error(kSection, kRule,
                  what + " is an " + typeOpcode(ctx, member) +
                      "; struct members of kernel arguments are OpTypeInt, OpTypeFloat, "
                      "OpTypeStruct, OpTypeVector or OpTypePointer",
                  instruction);
      }
    }
  }

  /// A by-value argument of type `typeId` (a parameter's own type, or the
  /// pointee of a ByVal pointer).
  void checkValue(uint32_t typeId, bool byVal) {
    const Type &t = ctx.module.type(typeId);
    switch (t.kind) {
    case TypeKind::Int:
    case TypeKind::Float:
      checkScalar(typeId, where());
      return;
    case TypeKind::Vector:
      checkScalar(t.element, where());
      return;
    case TypeKind::Struct:
      checkStruct(typeId, 0);
      return;
    case TypeKind::Pointer:
      if (!byVal) return checkPointer(t);
      break;
    case TypeKind::Sampler:
    case TypeKind::Image:
    case TypeKind::Pipe:
    case TypeKind::Queue:
      if (!byVal) return;
      break;
    default:
      break;
    }
    ctx.error(kSection, kRule,
              where() + " has type " + idName(ctx.module, typeId) + " (" + typeOpcode(ctx, typeId) +
                  (byVal ? ", passed by value" : "") +
                  "); kernel arguments are OpTypeInt, OpTypeFloat, OpTypeStruct, OpTypeVector, "
                  "OpTypePointer, OpTypeSampler, OpTypeImage, OpTypePipe or OpTypeQueue",
              instruction);
  }

  /// §2.8.2: pointer arguments point to CrossWorkgroup, Workgroup or UniformConstant.
  void checkPointer(const Type &t) {
    if (t.storage == spv::StorageClass::CrossWorkgroup ||
        t.storage == spv::StorageClass::Workgroup ||
        t.storage == spv::StorageClass::UniformConstant)
      return;
    ctx.error(kSection, kRule,
              where() + " is a pointer to the " + storageClassName(t.storage) +
                  " storage class; pointer arguments point to CrossWorkgroup, Workgroup or "
                  "UniformConstant",
              instruction);
  }
};

bool isByVal(const Module &module, uint32_t parameter) {
  for (const Decoration &d : module.decorations(parameter))
    if (d.member == kNone && d.decoration == spv::Decoration::FuncParamAttr &&
        !d.literals.empty() &&
        d.literals[0] == static_cast<uint32_t>(spv::FunctionParameterAttribute::ByVal))
      return true;
  return false;
}

} // namespace

// OpenCL-Env §2.8.2: a kernel argument (an OpFunctionParameter of an entry
// point's function) is an OpTypeInt (8, 16, 32, 64 bits, no signedness),
// OpTypeFloat (32 bits; 64 with cl_khr_fp64 and 16 with cl_khr_fp16, which
// "Environments that support extensions ... may allow"), OpTypeStruct (of
// OpTypeInt, OpTypeFloat, OpTypeStruct, OpTypeVector, OpTypePointer members),
// OpTypeVector, OpTypePointer (to CrossWorkgroup, Workgroup or UniformConstant),
// OpTypeSampler, OpTypeImage, OpTypePipe or OpTypeQueue. A Function pointer
// decorated FuncParamAttr ByVal is how producers pass a struct by value: its
// pointee is checked as the argument.
void checkKernelArgumentTypes(RuleContext &ctx) {
  for (const EntryPoint &e : ctx.module.entryPoints()) {
    const Function *f = ctx.module.function(e.function);
    if (!f) continue;
    for (uint32_t i = 0; i < f->params.size(); ++i) {
      const uint32_t param = f->params[i];
      ArgumentChecker checker{ctx, e, ctx.module.id(param).instruction, i};
      const uint32_t typeId = ctx.module.typeOf(param);
      const Type &t = ctx.module.type(typeId);
      if (t.kind == TypeKind::Pointer && t.storage == spv::StorageClass::Function &&
          isByVal(ctx.module, param))
        checker.checkValue(t.element, true);
      else
        checker.checkValue(typeId, false);
    }
  }
}

} // namespace spvsim::rules
