// Kernel signatures: parameter kinds and sizes of each kernel entry point,
// named from OpName and typed from the module's types (or, when the
// producer recorded them, the "kernel_arg_type.<kernel>." OpString).
#include "spvsim/interpreter/kernel_signature.h"

#include <sstream>

#include "lower/type_layout.h"
#include "spvsim/common/error.h"
#include "spvsim/validator/opencl_type_names.h"

namespace spvsim {

namespace {

std::string scalarName(const Type &t) {
  return std::string(openclScalarName(t));
}

/// Argument type names recorded by llvm-spirv: OpString "kernel_arg_type.k.float*,uint,".
std::vector<std::string> recordedTypeNames(const Module &m, const std::string &kernel) {
  std::string prefix = "kernel_arg_type." + kernel + ".";
  for (const auto &inst : m.instructions()) {
    if (inst.opcode != spv::Op::OpString) continue;
    std::string s = std::string(m.string(inst.resultId));
    if (s.rfind(prefix, 0) != 0) continue;
    std::vector<std::string> names;
    std::stringstream in(s.substr(prefix.size()));
    for (std::string item; std::getline(in, item, ',');)
      if (!item.empty()) names.push_back(item);
    return names;
  }
  return {};
}

/// The image type, depth and access of an OpTypeImage parameter and its OpenCL C type
/// name (image2d_t: the access qualifier is kept apart, as OpenCL API §5.9.4 reports it); false for
/// an image type OpenCL kernels cannot take (OpenCL SPIR-V Env §2.9: Dim 1D, 2D, 3D or Buffer, not
/// multisampled, depth only for 2D).
bool imageParam(const Type &t, KernelParam &p) {
  if (t.multisampled != 0 || t.depth == 2) return false;
  const bool arrayed = t.arrayed != 0;
  std::string name;
  switch (t.dim) {
  case spv::Dim::Dim1D:
    p.imageType = arrayed ? ImageType::Image1DArray : ImageType::Image1D;
    name = arrayed ? "image1d_array" : "image1d";
    break;
  case spv::Dim::Buffer:
    if (arrayed) return false;
    p.imageType = ImageType::Image1DBuffer;
    name = "image1d_buffer";
    break;
  case spv::Dim::Dim2D:
    p.imageType = arrayed ? ImageType::Image2DArray : ImageType::Image2D;
    name = arrayed ? "image2d_array" : "image2d";
    break;
  case spv::Dim::Dim3D:
    if (arrayed) return false;
    p.imageType = ImageType::Image3D;
    name = "image3d";
    break;
  default:
    return false;
  }
  p.imageDepth = t.depth == 1;
  if (p.imageDepth && t.dim != spv::Dim::Dim2D) return false;
  if (p.imageDepth) name += "_depth";
  switch (t.access) {
  case spv::AccessQualifier::WriteOnly:
    p.imageAccess = ImageAccess::WriteOnly;
    p.typeName = name + "_t";
    break;
  case spv::AccessQualifier::ReadWrite:
    p.imageAccess = ImageAccess::ReadWrite;
    p.typeName = name + "_t";
    break;
  default:
    p.imageAccess = ImageAccess::ReadOnly;
    p.typeName = name + "_t";
  }
  return true;
}

KernelSignature signatureOf(const Module &m, const EntryPoint &ep) {
  KernelSignature sig;
  sig.name = ep.name;
  for (const auto &mode : ep.modes)
    if (mode.mode == spv::ExecutionMode::LocalSize && mode.literals.size() == 3)
      sig.requiredLocalSize =
          std::array<uint32_t, 3>{mode.literals[0], mode.literals[1], mode.literals[2]};
  const Function *fn = m.function(ep.function);
  if (!fn) throw Error("entry point '" + ep.name + "' names no function");
  TypeLayout layout(m, m.addressingModel() == spv::AddressingModel::Physical32 ? 4 : 8);
  auto recorded = recordedTypeNames(m, ep.name);
  for (size_t i = 0; i < fn->params.size(); ++i) {
    uint32_t id = fn->params[i];
    const Type &t = m.type(m.typeOf(id));
    KernelParam p;
    p.name = std::string(m.parameterName(fn->id, uint32_t(i)));
    if (t.kind == TypeKind::Pointer) {
      const Type &pointee = m.type(t.element);
      std::string elem = pointee.kind == TypeKind::Vector
                             ? scalarName(m.type(pointee.element)) + std::to_string(pointee.count)
                         : pointee.kind == TypeKind::Struct ? "struct"
                         : pointee.kind == TypeKind::Int || pointee.kind == TypeKind::Float
                             ? scalarName(pointee)
                             : "void";
      switch (t.storage) {
      case spv::StorageClass::CrossWorkgroup:
      case spv::StorageClass::Generic:
        p.kind = ParamKind::GlobalBuffer;
        p.typeName = elem + "*";
        break;
      case spv::StorageClass::UniformConstant:
        p.kind = ParamKind::ConstantBuffer;
        p.typeName = "constant " + elem + "*";
        break;
      case spv::StorageClass::Workgroup:
        p.kind = ParamKind::LocalBuffer;
        p.typeName = "local " + elem + "*";
        break;
      case spv::StorageClass::Function:
        p.kind = ParamKind::ByValStruct;
        p.typeName = elem;
        p.size = static_cast<uint32_t>(layout.size(t.element));
        break;
      default:
        p.kind = ParamKind::Unsupported;
        p.typeName = "pointer";
      }
    } else if (t.kind == TypeKind::Int || t.kind == TypeKind::Float || t.kind == TypeKind::Bool ||
               t.kind == TypeKind::Vector) {
      const Type &scalar = t.kind == TypeKind::Vector ? m.type(t.element) : t;
      p.kind = ParamKind::Value;
      p.components = t.kind == TypeKind::Vector ? t.count : 1;
      p.isFloat = scalar.kind == TypeKind::Float;
      p.componentBits = scalar.kind == TypeKind::Bool ? 1 : scalar.width;
      p.size = static_cast<uint32_t>(layout.size(m.typeOf(id)));
      p.typeName = scalarName(scalar) + (p.components > 1 ? std::to_string(p.components) : "");
    } else if (t.kind == TypeKind::Struct || t.kind == TypeKind::Array) {
      p.kind = ParamKind::ByValStruct;
      p.typeName = "struct";
      p.size = static_cast<uint32_t>(layout.size(m.typeOf(id)));
    } else if (t.kind == TypeKind::Image && imageParam(t, p)) {
      p.kind = ParamKind::Image;
    } else if (t.kind == TypeKind::Sampler) {
      p.kind = ParamKind::Sampler;
      p.typeName = "sampler_t";
    } else {
      p.kind = ParamKind::Unsupported;
      p.typeName = t.kind == TypeKind::Image   ? "image"
                   : t.kind == TypeKind::Event ? "event"
                                               : "opaque";
    }
    if (i < recorded.size()) {
      p.typeName = recorded[i];
      std::string base = recorded[i];
      p.isSigned = p.kind == ParamKind::Value && !p.isFloat && base[0] != 'u' && base != "bool";
    }
    sig.params.push_back(std::move(p));
  }
  return sig;
}

} // namespace

std::string parameterName(std::string_view name, size_t index) {
  return name.empty() ? "arg " + std::to_string(index) : std::string(name);
}

std::string parameterFileStem(std::string_view name) {
  std::string stem(name);
  std::erase(stem, ' ');
  return stem;
}

std::vector<KernelSignature> kernelSignatures(const ValidatedModule &module) {
  std::vector<KernelSignature> out;
  for (const auto &ep : module.module().entryPoints())
    if (ep.model == spv::ExecutionModel::Kernel) out.push_back(signatureOf(module.module(), ep));
  return out;
}

KernelSignature kernelSignature(const ValidatedModule &module, const std::string &kernel) {
  const EntryPoint *ep = module.module().findEntryPoint(kernel);
  if (!ep || ep->model != spv::ExecutionModel::Kernel) {
    std::string names;
    for (const auto &e : module.module().entryPoints())
      names += (names.empty() ? "" : ", ") + e.name;
    throw Error("no kernel named '" + kernel + "' in the module (kernels: " + names + ")");
  }
  return signatureOf(module.module(), *ep);
}

} // namespace spvsim
