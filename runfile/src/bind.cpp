// Binding a RunSpec to a module's kernels and spec constants (see runfile_bind.h).
#include "spvsim/runfile/bind.h"

#include "spvsim/common/error.h"
#include "spvsim/runfile/json.h"

namespace spvsim::runfile {

namespace {

std::string describeParam(const KernelParam &param, size_t index) {
  std::string text = "parameter " + std::to_string(index);
  std::string details;
  if (!param.name.empty()) details = "'" + param.name + "'";
  if (!param.typeName.empty()) details += (details.empty() ? "" : ", ") + param.typeName;
  if (!details.empty()) text += " (" + details + ")";
  return text;
}

std::string sizeText(const std::array<uint64_t, 3> &size) {
  return "(" + std::to_string(size[0]) + ", " + std::to_string(size[1]) + ", " +
         std::to_string(size[2]) + ")";
}

/// The launch's kernel: the one it names, or the module's only kernel when it names none
/// (as `spvsim run MODULE` without --kernel).
const KernelSignature &findKernel(std::span<const KernelSignature> kernels,
                                  const LaunchSpec &launch) {
  if (launch.kernel.empty() && kernels.size() == 1) return kernels.front();
  for (const KernelSignature &k : kernels)
    if (!launch.kernel.empty() && k.name == launch.kernel) return k;
  std::string names;
  for (const KernelSignature &k : kernels) names += (names.empty() ? "" : ", ") + k.name;
  if (launch.kernel.empty())
    failAt(launch.keyOf("kernel", false),
           kernels.empty() ? std::string("the module has no kernel")
                           : "required: the module has " + std::to_string(kernels.size()) +
                                 " kernels (" + names + "); name one");
  failAt(launch.keyOf("kernel", launch.kernelInherited),
         "no kernel named '" + launch.kernel + "' in the module (it has: " +
             (names.empty() ? "none" : names) + ")" + launch.contextOf(launch.kernelInherited));
}

std::string_view accessQualifier(ImageAccess access) {
  switch (access) {
  case ImageAccess::ReadOnly:
    return "read_only";
  case ImageAccess::WriteOnly:
    return "write_only";
  default:
    return "read_write";
  }
}

/// An image argument: the image's type must be the parameter's, and its access flag one
/// the parameter's access qualifier may take (OpenCL API §5.9.4 clSetKernelArg,
/// CL_INVALID_ARG_VALUE: a read_only image parameter takes no CL_MEM_WRITE_ONLY image, a
/// write_only one no CL_MEM_READ_ONLY image, a read_write one only CL_MEM_READ_WRITE).
void bindImage(const ArgSpec &arg, const KernelParam &param, const std::string &described,
               const std::string &context, const RunSpec &spec) {
  if (arg.kind != ArgSpec::Kind::Image)
    failAt(arg.path, described + " is an image: give {\"image\": name}" + context);
  const ImageSpec &image = *spec.findImage(arg.image);
  const std::string imagePath = keyPath(arg.path, "image");
  if (image.typeName != param.typeName)
    failAt(imagePath, "'" + image.name + "' is an " + image.typeName + " but " + described +
                          " is an " + param.typeName + context);
  const bool allowed =
      param.imageAccess == ImageAccess::ReadOnly    ? image.access != BufferAccess::WriteOnly
      : param.imageAccess == ImageAccess::WriteOnly ? image.access != BufferAccess::ReadOnly
                                                    : image.access == BufferAccess::ReadWrite;
  if (!allowed)
    failAt(imagePath, "'" + image.name + "' is " +
                          (image.access == BufferAccess::ReadOnly ? "read_only" : "write_only") +
                          " (" + keyPath(image.path(), "access") + ") but " + described + " is " +
                          std::string(accessQualifier(param.imageAccess)) + context);
}

/// OpenCL API §5.3.2.2: an image may not be both a read_only and a write_only argument of
/// a launch, nor a read_write argument and any other argument.
void checkImageAliases(const LaunchSpec &launch, const KernelSignature &kernel,
                       const std::string &context) {
  for (size_t i = 0; i < launch.args.size(); ++i) {
    if (launch.args[i].kind != ArgSpec::Kind::Image) continue;
    for (size_t j = 0; j < i; ++j) {
      if (launch.args[j].kind != ArgSpec::Kind::Image ||
          launch.args[j].image != launch.args[i].image)
        continue;
      const ImageAccess a = kernel.params[j].imageAccess, b = kernel.params[i].imageAccess;
      if (a == b && a != ImageAccess::ReadWrite) continue;
      failAt(keyPath(launch.args[i].path, "image"),
             "'" + launch.args[i].image + "' is also " + launch.args[j].path + ", a " +
                 std::string(accessQualifier(a)) + " image; OpenCL does not allow one image " +
                 (a == ImageAccess::ReadWrite || b == ImageAccess::ReadWrite
                      ? "as a read_write argument and another argument"
                      : "as both a read_only and a write_only argument") +
                 " of a launch" + context);
    }
  }
}

void bindArg(const ArgSpec &arg, const KernelParam &param, size_t index, const std::string &context,
             const RunSpec &spec) {
  const std::string described = describeParam(param, index);
  switch (param.kind) {
  case ParamKind::Sampler:
    if (arg.kind != ArgSpec::Kind::Sampler)
      failAt(arg.path, described +
                           " is a sampler_t: give {\"sampler\": {\"normalized_coords\": b, "
                           "\"addressing_mode\": m, \"filter_mode\": f}}" +
                           context);
    return;
  case ParamKind::Image:
    bindImage(arg, param, described, context, spec);
    return;
  case ParamKind::Unsupported:
    throw Unsupported(arg.path + ": " + described + " is of a type spvsim run cannot bind" +
                      context);
  case ParamKind::GlobalBuffer:
  case ParamKind::ConstantBuffer:
    if (arg.kind != ArgSpec::Kind::Buffer && arg.kind != ArgSpec::Kind::Null)
      failAt(arg.path, described + " is a " +
                           (param.kind == ParamKind::GlobalBuffer ? "__global" : "__constant") +
                           " pointer: give {\"buffer\": name} or {\"null\": true}" + context);
    return;
  case ParamKind::LocalBuffer:
    if (arg.kind != ArgSpec::Kind::Local)
      failAt(arg.path, described + " is a __local pointer: give {\"local\": bytes}" + context);
    return;
  case ParamKind::Value:
    if (arg.kind != ArgSpec::Kind::Scalar)
      failAt(arg.path,
             described + " is passed by value: give {\"scalar\": type, \"value\": v}" + context);
    if (arg.bytes.size() != param.size)
      failAt(keyPath(arg.path, "scalar"), "'" + arg.scalarType.name() + "' is " +
                                              std::to_string(arg.bytes.size()) + " bytes but " +
                                              described + " is " + std::to_string(param.size) +
                                              " bytes" + context);
    return;
  case ParamKind::ByValStruct:
    if (arg.kind != ArgSpec::Kind::Struct)
      failAt(arg.path,
             described + " is a struct passed by value: give {\"struct\": hex bytes}" + context);
    if (arg.bytes.size() != param.size)
      failAt(keyPath(arg.path, "struct"), std::to_string(arg.bytes.size()) + " bytes given but " +
                                              described + " is " + std::to_string(param.size) +
                                              " bytes" + context);
    return;
  }
}

std::array<uint64_t, 3> decideLocalSize(const LaunchSpec &launch, const KernelSignature &kernel,
                                        const LocalSizeChooser &chooser) {
  const std::optional<std::array<uint32_t, 3>> &required = kernel.requiredLocalSize;
  if (required) {
    std::array<uint64_t, 3> requiredSize{(*required)[0], (*required)[1], (*required)[2]};
    if (launch.local) {
      if (*launch.local != requiredSize)
        failAt(launch.keyOf("local_size", launch.localInherited),
               "kernel '" + kernel.name + "' requires the work-group size " +
                   sizeText(requiredSize) + launch.contextOf(launch.localInherited));
      return requiredSize;
    }
    for (uint32_t d = launch.dims; d < 3; ++d)
      if (requiredSize[d] != 1)
        failAt(launch.keyOf("global_size", launch.globalInherited),
               "kernel '" + kernel.name + "' requires the work-group size " +
                   sizeText(requiredSize) + ", which needs " + std::to_string(d + 1) +
                   " dimensions" + launch.contextOf(launch.globalInherited));
    if (requiredSize[0] * requiredSize[1] * requiredSize[2] > kMaxWorkGroupSize)
      failAt(launch.keyOf("kernel", launch.kernelInherited),
             "kernel '" + kernel.name + "' requires the work-group size " + sizeText(requiredSize) +
                 ", more than " + std::to_string(kMaxWorkGroupSize) + " work-items");
    return requiredSize;
  }
  if (launch.local) return *launch.local;
  std::array<uint64_t, 3> chosen = chooser(launch.dims, launch.global);
  for (uint32_t d = launch.dims; d < 3; ++d) chosen[d] = 1;
  return chosen;
}

ScalarType floatTypeOfWidth(uint32_t bits, const std::string &typeName, const std::string &path) {
  switch (bits) {
  case 16:
    return ScalarType::Half;
  case 32:
    return ScalarType::Float;
  case 64:
    return ScalarType::Double;
  default:
    failAt(path, "unsupported constant type " + typeName);
  }
}

} // namespace

std::vector<BoundLaunch> bindLaunches(const RunSpec &spec, std::span<const KernelSignature> kernels,
                                      const LocalSizeChooser &chooser) {
  std::vector<BoundLaunch> bound;
  for (const LaunchSpec &launch : spec.launches) {
    const KernelSignature &kernel = findKernel(kernels, launch);
    const std::string argsContext = launch.contextOf(launch.argsInherited);
    if (launch.args.size() != kernel.params.size())
      failAt(launch.keyOf("args", launch.argsInherited),
             std::to_string(launch.args.size()) + " arguments given but kernel '" + kernel.name +
                 "' has " + std::to_string(kernel.params.size()) + " parameters" + argsContext);
    for (size_t i = 0; i < launch.args.size(); ++i)
      bindArg(launch.args[i], kernel.params[i], i, argsContext, spec);
    checkImageAliases(launch, kernel, argsContext);

    BoundLaunch out;
    out.kernel = kernel.name;
    out.range.dims = launch.dims;
    out.range.global = launch.global;
    out.range.offset = launch.offset;
    out.range.local = decideLocalSize(launch, kernel, chooser);
    out.args = launch.args;
    bound.push_back(std::move(out));
  }
  return bound;
}

std::map<uint32_t, SpecConstantType> specConstantTypes(const Module &module) {
  std::map<uint32_t, uint32_t> specIdOf;       // constant id -> SpecId
  std::map<uint32_t, uint32_t> typeOfConstant; // spec constant id -> type id
  std::map<uint32_t, SpecConstantType> scalarTypes;
  const std::span<const uint32_t> words = module.words();
  for (const Instruction &inst : module.instructions()) {
    // The raw words: w[0] is the opcode word, then the operands in order.
    std::span<const uint32_t> w = words.subspan(inst.wordOffset, inst.wordCount);
    switch (inst.opcode) {
    case spv::Op::OpDecorate:
      if (w.size() >= 4 && static_cast<spv::Decoration>(w[2]) == spv::Decoration::SpecId)
        specIdOf[w[1]] = w[3];
      break;
    case spv::Op::OpTypeBool:
      if (w.size() >= 2) scalarTypes[w[1]] = {SpecConstantType::Kind::Bool, 1};
      break;
    case spv::Op::OpTypeInt:
      if (w.size() >= 3) scalarTypes[w[1]] = {SpecConstantType::Kind::Int, w[2]};
      break;
    case spv::Op::OpTypeFloat:
      if (w.size() >= 3) scalarTypes[w[1]] = {SpecConstantType::Kind::Float, w[2]};
      break;
    case spv::Op::OpSpecConstantTrue:
    case spv::Op::OpSpecConstantFalse:
    case spv::Op::OpSpecConstant:
      if (w.size() >= 3) typeOfConstant[w[2]] = w[1];
      break;
    default:
      break;
    }
  }
  std::map<uint32_t, SpecConstantType> types;
  for (const auto &[constant, specId] : specIdOf) {
    auto type = typeOfConstant.find(constant);
    if (type == typeOfConstant.end()) continue;
    auto scalar = scalarTypes.find(type->second);
    if (scalar != scalarTypes.end()) types.emplace(specId, scalar->second);
  }
  return types;
}

SpecConstants bindSpecConstants(const RunSpec &spec,
                                const std::map<uint32_t, SpecConstantType> &types) {
  SpecConstants values;
  for (const SpecConstantSpec &c : spec.specConstants) {
    auto type = types.find(c.specId);
    if (type == types.end())
      failAt(c.path,
             "the module has no specialization constant with SpecId " + std::to_string(c.specId));
    if (values.count(c.specId))
      failAt(c.path, "SpecId " + std::to_string(c.specId) + " given twice");
    const SpecConstantType &t = type->second;
    const std::string typeName =
        t.kind == SpecConstantType::Kind::Bool
            ? "bool"
            : std::to_string(t.bits) + "-bit " +
                  (t.kind == SpecConstantType::Kind::Int ? "integer" : "float");
    uint64_t bits = 0;
    if (t.kind == SpecConstantType::Kind::Bool) {
      bits = c.isBoolean ? c.boolean
                         : integerBits(c.number, 1, IntegerRange::Unsigned, typeName, c.path);
    } else if (c.isBoolean) {
      failAt(c.path, std::string("expected a number for a ") + typeName + " constant, got " +
                         (c.boolean ? "true" : "false"));
    } else if (t.kind == SpecConstantType::Kind::Int) {
      if (t.bits == 0 || t.bits > 64) failAt(c.path, "unsupported constant type " + typeName);
      bits = integerBits(c.number, t.bits, IntegerRange::Either, typeName, c.path);
    } else {
      bits = componentBits(c.number, floatTypeOfWidth(t.bits, typeName, c.path), c.path);
    }
    values[c.specId] = bits;
  }
  return values;
}

} // namespace spvsim::runfile
