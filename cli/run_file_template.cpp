// The run file `spvsim init` writes and `spvsim run MODULE` runs (run_file_template.h),
// from the kernel's signature, the recorded OpenCL C type names and parameter_use.h.
#include "run_file_template.h"

#include <algorithm>
#include <array>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "parameter_use.h"
#include "spvsim/common/error.h"
#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/runfile/image_args.h"
#include "spvsim/runfile/values.h"
#include "spvsim/validator/opencl_type_names.h"

namespace spvsim::cli {

namespace {

std::string quoted(const std::string &text) {
  return nlohmann::json(text).dump();
}

std::string sizeList(const std::vector<uint64_t> &sizes) {
  std::string text = "[";
  for (size_t i = 0; i < sizes.size(); ++i) text += (i ? ", " : "") + std::to_string(sizes[i]);
  return text + "]";
}

/// The element type a pointer parameter's type name names ("const float*", "local
/// uint4*"), when the run file knows it.
std::optional<runfile::ElementType> elementOfTypeName(std::string name) {
  for (const char *prefix : {"const ", "volatile ", "global ", "constant ", "local ", "__global ",
                             "__constant ", "__local "})
    while (name.rfind(prefix, 0) == 0) name.erase(0, std::string(prefix).size());
  while (!name.empty() && (name.back() == '*' || name.back() == ' ')) name.pop_back();
  return runfile::parseElementType(name);
}

/// The element type of a pointer parameter from the module's types, when the recorded
/// type name is not one the run file knows (a typedef, a struct).
std::optional<runfile::ElementType> elementOfPointee(const Module &m, uint32_t param) {
  const Type &pointer = m.type(m.typeOf(param));
  if (pointer.kind != TypeKind::Pointer) return std::nullopt;
  const Type &pointee = m.type(pointer.element);
  const bool vector = pointee.kind == TypeKind::Vector;
  const Type &scalar = vector ? m.type(pointee.element) : pointee;
  if (scalar.kind != TypeKind::Float && scalar.kind != TypeKind::Int) return std::nullopt;
  const std::string name(openclScalarName(scalar));
  return runfile::parseElementType(vector ? name + std::to_string(pointee.count) : name);
}

/// The run-file type of a by-value parameter: its recorded type name when the run file
/// knows it, else the name of its SPIR-V type (a typedef such as size_t).
std::string valueTypeName(const KernelParam &p) {
  if (runfile::parseElementType(p.typeName)) return p.typeName;
  std::string name = p.isFloat               ? (p.componentBits == 16   ? "half"
                                                : p.componentBits == 32 ? "float"
                                                                        : "double")
                     : p.componentBits <= 8  ? (p.isSigned ? "char" : "uchar")
                     : p.componentBits == 16 ? (p.isSigned ? "short" : "ushort")
                     : p.componentBits == 32 ? (p.isSigned ? "int" : "uint")
                                             : (p.isSigned ? "long" : "ulong");
  return p.components > 1 ? name + std::to_string(p.components) : name;
}

/// The value of a scalar parameter: the smallest global size for integers (a problem
/// size the buffers hold in every dimension), 2 for floating point.
std::string scalarValue(const KernelParam &p, uint64_t problemSize) {
  const std::string one = p.isFloat ? "2" : std::to_string(problemSize);
  if (p.components == 1) return one;
  std::string list = "[";
  for (uint32_t c = 0; c < p.components; ++c) list += (c ? ", " : "") + one;
  return list + "]";
}

/// The channel data type `init` gives images: CL_FLOAT, unless every texel the module's
/// image instructions read or write is an integer vector (read_imagei/ui, write_imagei/ui),
/// then CL_SIGNED_INT32, which holds what both write exactly.
std::string imageDataType(const Module &m) {
  bool floats = false, integers = false;
  auto note = [&](uint32_t typeId) {
    const Type &t = m.type(typeId);
    const Type &scalar = t.kind == TypeKind::Vector ? m.type(t.element) : t;
    (scalar.kind == TypeKind::Float ? floats : integers) = true;
  };
  const std::span<const uint32_t> words = m.words();
  for (const Instruction &inst : m.instructions()) {
    std::span<const uint32_t> w = words.subspan(inst.wordOffset, inst.wordCount);
    if ((inst.opcode == spv::Op::OpImageRead || inst.opcode == spv::Op::OpImageSampleExplicitLod) &&
        w.size() > 1)
      note(w[1]);
    else if (inst.opcode == spv::Op::OpImageWrite && w.size() > 3)
      note(m.typeOf(w[3]));
  }
  return integers && !floats ? "CL_SIGNED_INT32" : "CL_FLOAT";
}

} // namespace

RunFileTemplate makeRunFileTemplate(const Module &module, const ValidatedModule &validated,
                                    const std::string &moduleName, const RunFileRequest &request) {
  const Module *loaded = &module;
  std::vector<KernelSignature> kernels = kernelSignatures(validated);
  if (kernels.empty()) throw Error(moduleName + ": the module has no kernel");
  std::string names;
  for (const KernelSignature &k : kernels) names += (names.empty() ? "" : ", ") + k.name;
  const KernelSignature *kernel = nullptr;
  if (request.kernel.empty()) {
    if (kernels.size() > 1)
      throw Error(moduleName + " has " + std::to_string(kernels.size()) +
                  " kernels; choose one with --kernel NAME (" + names + ")");
    kernel = &kernels.front();
  } else {
    for (const KernelSignature &k : kernels)
      if (k.name == request.kernel) kernel = &k;
    if (!kernel)
      throw Error("--kernel: no kernel named '" + request.kernel + "' (kernels: " + names + ")");
  }
  const EntryPoint *entry = loaded->findEntryPoint(kernel->name);
  const Function *function = loaded->function(entry->function);
  const std::vector<ParameterUse> use = parameterUse(*loaded, *entry);

  RunFileTemplate out;
  out.kernel = kernel->name;
  std::vector<uint64_t> global =
      request.global.empty() ? std::vector<uint64_t>{1024} : request.global;
  if (global.size() > 3) throw Error("--global: 1 to 3 sizes");
  std::vector<uint64_t> local = request.local;
  if (!local.empty() && local.size() != global.size())
    throw Error("--local: as many sizes as --global (" + std::to_string(global.size()) + ")");
  if (local.empty() && kernel->requiredLocalSize)
    local.assign(kernel->requiredLocalSize->begin(),
                 kernel->requiredLocalSize->begin() + global.size());
  const bool hasLocalPointer =
      std::any_of(kernel->params.begin(), kernel->params.end(),
                  [](const KernelParam &p) { return p.kind == ParamKind::LocalBuffer; });
  if (local.empty() && hasLocalPointer) {
    std::array<uint64_t, 3> sizes{1, 1, 1};
    std::copy(global.begin(), global.end(), sizes.begin());
    const std::array<uint64_t, 3> chosen =
        chooseLocalSize(static_cast<uint32_t>(global.size()), sizes, 32);
    local.assign(chosen.begin(), chosen.begin() + global.size());
  }
  uint64_t workItems = 1, groupItems = 1;
  for (uint64_t g : global) workItems *= g;
  for (uint64_t l : local) groupItems *= l;
  const uint64_t problemSize = *std::min_element(global.begin(), global.end());

  std::ostringstream buffers, images, args, hints;
  for (size_t i = 0; i < kernel->params.size(); ++i) {
    const KernelParam &p = kernel->params[i];
    const std::string name = p.name.empty() ? "arg" + std::to_string(i) : p.name;
    const std::string separator = i + 1 < kernel->params.size() ? ",\n" : "\n";
    switch (p.kind) {
    case ParamKind::GlobalBuffer:
    case ParamKind::ConstantBuffer: {
      std::optional<runfile::ElementType> element = elementOfTypeName(p.typeName);
      if (!element) element = elementOfPointee(*loaded, function->params[i]);
      std::string note;
      if (!element) {
        element = runfile::parseElementType("uchar");
        note = " (points to " + p.typeName + ": given as bytes, one per work-item)";
      }
      const ParameterUse u = i < use.size() ? use[i] : ParameterUse{true, true};
      buffers << (buffers.tellp() > 0 ? ",\n" : "") << "    " << quoted(name)
              << ": {\"type\": " << quoted(element->name()) << ", \"count\": " << workItems;
      if (u.read) buffers << ", \"init\": {\"range\": [0, 1]}";
      if (u.written)
        buffers << ", \"dump\": "
                << (workItems <= 65536 ? std::string("true") : quoted(name + ".out.bin"));
      buffers << "}";
      (u.written ? out.writtenNames
       : u.read  ? out.readNames
                 : out.unusedNames)
          .push_back(name + note);
      args << "    {\"buffer\": " << quoted(name) << "}" << separator;
      break;
    }
    case ParamKind::LocalBuffer: {
      std::optional<runfile::ElementType> element = elementOfTypeName(p.typeName);
      if (!element) element = elementOfPointee(*loaded, function->params[i]);
      const uint64_t elementSize = element ? element->size() : 1;
      args << "    {\"local\": " << groupItems * elementSize << "}" << separator;
      hints << "  " << name << ": __local, " << groupItems << " elements of "
            << (element ? element->name() : "1 byte") << " (one per work-item of a group)\n";
      break;
    }
    case ParamKind::Value:
      args << "    {\"scalar\": " << quoted(valueTypeName(p))
           << ", \"value\": " << scalarValue(p, problemSize) << "}" << separator;
      hints << "  " << name << " (" << valueTypeName(p) << ") = " << scalarValue(p, problemSize)
            << (p.isFloat ? "" : ": the smallest global size") << "; set what the kernel expects\n";
      break;
    case ParamKind::ByValStruct:
      args << "    {\"struct\": \"" << std::string(2 * p.size, '0') << "\"}" << separator;
      hints << "  " << name << ": a struct of " << p.size
            << " bytes, all zero: give its bytes in hexadecimal\n";
      break;
    case ParamKind::Image: {
      // One texel per work-item: width × height × depth (or layers) from the global size.
      const ImageType t = p.imageType;
      const bool rows =
          t == ImageType::Image2D || t == ImageType::Image2DArray || t == ImageType::Image3D;
      const bool layers = t == ImageType::Image1DArray || t == ImageType::Image2DArray;
      auto sizeOf = [&](size_t d) { return d < global.size() ? global[d] : uint64_t{1}; };
      uint64_t texels = sizeOf(0);
      images << (images.tellp() > 0 ? ",\n" : "") << "    " << quoted(name)
             << ": {\"type\": " << quoted(p.typeName)
             << ", \"channel_order\": " << (p.imageDepth ? "\"CL_DEPTH\"" : "\"CL_RGBA\"")
             << ", \"channel_data_type\": "
             << quoted(p.imageDepth ? "CL_FLOAT" : imageDataType(*loaded))
             << ", \"width\": " << sizeOf(0);
      if (rows) images << ", \"height\": " << sizeOf(1), texels *= sizeOf(1);
      if (t == ImageType::Image3D) images << ", \"depth\": " << sizeOf(2), texels *= sizeOf(2);
      if (layers) {
        const uint64_t count = sizeOf(t == ImageType::Image1DArray ? 1 : 2);
        images << ", \"array_size\": " << count;
        texels *= count;
      }
      if (p.imageAccess != ImageAccess::WriteOnly)
        images << ", \"init\": {\"random\": {\"seed\": " << i << "}}";
      if (p.imageAccess != ImageAccess::ReadOnly)
        images << ", \"dump\": "
               << (texels <= 16384 ? std::string("true") : quoted(name + ".out.bin"));
      images << "}";
      hints << "  " << name << ": " << p.typeName << ", one texel per work-item"
            << (p.imageAccess != ImageAccess::WriteOnly ? ", random contents" : "")
            << (p.imageAccess != ImageAccess::ReadOnly ? ", dumped" : "")
            << "; set the format and sizes the kernel expects (spvsim help images)\n";
      args << "    {\"image\": " << quoted(name) << "}" << separator;
      break;
    }
    case ParamKind::Sampler: {
      // Unnormalized nearest sampling reads the texel of integer and float coordinates alike.
      const uint32_t bits = sampler_bits::kAddressClampToEdge | sampler_bits::kFilterNearest;
      args << "    " << runfile::samplerArgJson(bits).dump() << separator;
      hints << "  " << name
            << ": sampler_t, unnormalized coordinates, clamp to edge, nearest; set what the "
               "kernel expects\n";
      break;
    }
    case ParamKind::Unsupported:
      throw Error("kernel '" + kernel->name + "': parameter " + std::to_string(i) + " (" + name +
                  ", " + p.typeName + ") cannot be given in a run file");
    }
  }

  std::ostringstream text;
  text << "{\n  \"module\": " << quoted(request.moduleSpelling) << ",\n";
  if (!request.buildOptions.empty())
    text << "  \"build_options\": " << quoted(request.buildOptions) << ",\n";
  text << "  \"kernel\": " << quoted(kernel->name) << ",\n";
  text << "  \"global_size\": " << sizeList(global) << ",\n";
  if (!local.empty()) text << "  \"local_size\": " << sizeList(local) << ",\n";
  if (buffers.tellp() > 0) text << "  \"buffers\": {\n" << buffers.str() << "\n  },\n";
  if (images.tellp() > 0) text << "  \"images\": {\n" << images.str() << "\n  },\n";
  text << "  \"args\": [\n" << args.str() << "  ]\n}\n";

  out.text = text.str();
  out.global = global;
  out.local = local;
  out.workItems = workItems;
  out.hints = hints.str();
  return out;
}

} // namespace spvsim::cli
