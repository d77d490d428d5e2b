// The run file `spvsim init` writes and `spvsim run MODULE` runs (run_file_template.h),
// from the kernel's signature, the recorded OpenCL C type names and parameter_use.h.
#include "run_file_template.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <sstream>
#include <utility>

#include <nlohmann/json.hpp>

#include "kernel_shape.h"
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

/// What an integer scalar is taken for, from its name: a problem size ("n", "width",
/// "count", "K"), a starting point ("offset", "start": 0), or anything else (a stage,
/// a stride, a seed: 1), so that indices the kernel derives from it stay in the buffers.
enum class ScalarRole { Size, Origin, Other };

ScalarRole scalarRole(const std::string &name) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto has = [&](const char *part) { return lower.find(part) != std::string::npos; };
  if (has("offset") || has("start") || has("begin") || has("base") || has("first") ||
      has("shift") || has("origin"))
    return ScalarRole::Origin;
  if (has("size") || has("count") || has("len") || has("num") || has("width") || has("height") ||
      has("depth") || has("rows") || has("cols") || has("dim") || has("total") || has("elem") ||
      has("items"))
    return ScalarRole::Size;
  for (const char *size : {"n", "m", "k", "w", "h", "d", "nx", "ny", "nz", "nn", "sz", "cnt"})
    if (lower == size) return ScalarRole::Size;
  return ScalarRole::Other;
}

/// The size variable a size-like scalar takes: with sizes per dimension (NX, NY, NZ),
/// one whose name says its dimension ("width", "cols", "nx" → NX; "height", "rows",
/// "ny" → NY; "depth", "slices", "nz" → NZ); otherwise the smallest size.
std::string sizeVariableOf(const std::string &name, const std::vector<std::string> &varNames,
                           const std::string &smallest) {
  if (varNames.size() < 2 || varNames[0] != "NX") return smallest;
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto has = [&](std::initializer_list<const char *> parts) {
    return std::any_of(parts.begin(), parts.end(),
                       [&](const char *part) { return lower.find(part) != std::string::npos; });
  };
  auto is = [&](std::initializer_list<const char *> names) {
    return std::any_of(names.begin(), names.end(), [&](const char *n) { return lower == n; });
  };
  if (has({"width", "cols", "column"}) || is({"w", "nx", "sizex", "size_x", "dimx", "dim_x"}))
    return varNames[0];
  if (has({"height", "rows"}) || is({"h", "ny", "sizey", "size_y", "dimy", "dim_y"}))
    return varNames[1];
  if (varNames.size() > 2 &&
      (has({"depth", "slices"}) || is({"d", "nz", "sizez", "size_z", "dimz", "dim_z"})))
    return varNames[2];
  return smallest;
}

/// The value of a scalar parameter: the problem-size variable for sizes, 0 for origins,
/// 1 for other integers, 2 for floating point.
std::string scalarValue(const KernelParam &p, const std::string &name,
                        const std::string &problemVar) {
  std::string one = "2";
  if (!p.isFloat) switch (p.name.empty() ? ScalarRole::Size : scalarRole(name)) {
    case ScalarRole::Size:
      one = quoted(problemVar);
      break;
    case ScalarRole::Origin:
      one = "0";
      break;
    case ScalarRole::Other:
      one = "1";
      break;
    }
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
  // Without --global: as many dimensions as the kernel's work-item queries use, 1024
  // work-items in one, 64×64 in two, 16×16×16 in three.
  const KernelShape shape = kernelShape(*loaded, *entry);
  std::vector<uint64_t> global = request.global;
  if (global.empty()) global.assign(shape.dims, shape.dims == 1 ? 1024 : shape.dims == 2 ? 64 : 16);
  if (global.size() > 3) throw Error("--global: 1 to 3 sizes");
  std::vector<uint64_t> local = request.local;
  if (!local.empty() && local.size() != global.size())
    throw Error("--local: as many sizes as --global (" + std::to_string(global.size()) + ")");
  if (local.empty() && kernel->requiredLocalSize)
    local.assign(kernel->requiredLocalSize->begin(),
                 kernel->requiredLocalSize->begin() + global.size());
  // A kernel with a fixed __local tile (float As[16][16]) is written for work-groups of
  // that size: use it, rounding the default global size up to whole groups.
  bool tiled = false;
  if (local.empty() && shape.tile.size() == global.size()) {
    bool fits = true;
    for (size_t d = 0; d < global.size(); ++d) {
      if (request.global.empty())
        global[d] = (global[d] + shape.tile[d] - 1) / shape.tile[d] * shape.tile[d];
      fits = fits && global[d] % shape.tile[d] == 0;
    }
    if (fits) local = shape.tile, tiled = true;
  }
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
  // The sizes as variables (docs/run-files.md "Variables"): N when every dimension has
  // the same size, else NX, NY, NZ; buffers hold their product and size-like scalars
  // take the smallest, so one edit (or --set) changes them together.
  const bool square =
      std::all_of(global.begin(), global.end(), [&](uint64_t g) { return g == global.front(); });
  std::vector<std::string> varNames;
  for (size_t d = 0; d < global.size(); ++d)
    varNames.push_back(square ? "N" : std::string("N") + "XYZ"[d]);
  std::string countExpr, globalList = "[", varList = "{";
  for (size_t d = 0; d < global.size(); ++d) {
    countExpr += (d ? "*" : "") + varNames[d];
    globalList += (d ? ", " : "") + quoted(std::as_const(varNames[d]));
    if (!square || d == 0)
      varList +=
          (d ? ", " : "") + quoted(std::as_const(varNames[d])) + ": " + std::to_string(global[d]);
  }
  globalList += "]";
  varList += "}";
  const std::string problemVar =
      varNames[std::min_element(global.begin(), global.end()) - global.begin()];
  std::vector<std::string> sizeScalars;
  bool multiples = false; // a buffer holds a multiple of the work-items

  std::ostringstream buffers, images, args, hints;
  for (size_t i = 0; i < kernel->params.size(); ++i) {
    const KernelParam &p = kernel->params[i];
    const std::string name = parameterName(p.name, i);
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
      const auto perItem = request.elementsPerItem.find(name);
      const uint64_t factor = perItem == request.elementsPerItem.end() ? 1 : perItem->second;
      const std::string count = (factor > 1 ? std::to_string(factor) + "*" : "") + countExpr;
      multiples = multiples || factor > 1;
      if (factor > 1)
        hints << "  " << name << ": " << count << " elements, " << factor
              << " per work-item: a trial run of the kernel reached past " << countExpr
              << "; check that it should\n";
      buffers << (buffers.tellp() > 0 ? ",\n" : "") << "    " << quoted(name)
              << ": {\"type\": " << quoted(element->name()) << ", \"count\": " << quoted(count);
      // 0, 1, 2, ... unless the type cannot count that far (char, short, half, and the
      // bytes of a struct): then small random numbers; counters and histograms (updated
      // by atomics) start at zero.
      if (u.read)
        buffers << ", \"init\": "
                << (u.atomic ? std::string("{\"fill\": 0}")
                    : element->componentSize() > 2
                        ? std::string("{\"range\": [0, 1]}")
                        : "{\"random\": {\"seed\": " + std::to_string(i) +
                              ", \"min\": 0, \"max\": 100}}");
      if (u.written)
        buffers << ", \"dump\": "
                << (factor * workItems <= 65536 ? std::string("true")
                                                : quoted(parameterFileStem(name) + ".out.bin"));
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
    case ParamKind::Value: {
      const std::string sizeVar = sizeVariableOf(name, varNames, problemVar);
      const std::string value = scalarValue(p, name, sizeVar);
      args << "    {\"scalar\": " << quoted(valueTypeName(p)) << ", \"value\": " << value << "}"
           << separator;
      const ScalarRole role = p.isFloat        ? ScalarRole::Other
                              : p.name.empty() ? ScalarRole::Size
                                               : scalarRole(name);
      if (role == ScalarRole::Size && !p.name.empty())
        sizeScalars.push_back(name + " = " + sizeVar);
      hints << "  " << name << " (" << valueTypeName(p)
            << ") = " << (role == ScalarRole::Size ? sizeVar : value)
            << (p.name.empty()               ? ": no name says what it is; given " + problemVar
                : role == ScalarRole::Size   ? ": a size, as its name says"
                : role == ScalarRole::Origin ? ": a starting point, as its name says"
                                             : "")
            << "; set what the kernel expects\n";
      break;
    }
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
      // Sizes follow the variables as the buffers' counts do.
      auto spelled = [&](size_t d) {
        return d < global.size() ? quoted(std::as_const(varNames[d])) : std::string("1");
      };
      uint64_t texels = sizeOf(0);
      images << (images.tellp() > 0 ? ",\n" : "") << "    " << quoted(name)
             << ": {\"type\": " << quoted(p.typeName)
             << ", \"channel_order\": " << (p.imageDepth ? "\"CL_DEPTH\"" : "\"CL_RGBA\"")
             << ", \"channel_data_type\": "
             << quoted(p.imageDepth ? "CL_FLOAT" : imageDataType(*loaded))
             << ", \"width\": " << spelled(0);
      if (rows) images << ", \"height\": " << spelled(1), texels *= sizeOf(1);
      if (t == ImageType::Image3D) images << ", \"depth\": " << spelled(2), texels *= sizeOf(2);
      if (layers) {
        const size_t d = t == ImageType::Image1DArray ? 1 : 2;
        images << ", \"array_size\": " << spelled(d);
        texels *= sizeOf(d);
      }
      if (p.imageAccess != ImageAccess::WriteOnly)
        images << ", \"init\": {\"random\": {\"seed\": " << i << "}}";
      if (p.imageAccess != ImageAccess::ReadOnly)
        images << ", \"dump\": "
               << (texels <= 16384 ? std::string("true")
                                   : quoted(parameterFileStem(name) + ".out.bin"));
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
  text << "{\n  \"vars\": " << varList << ",\n";
  text << "  \"module\": " << quoted(request.moduleSpelling) << ",\n";
  if (!request.buildOptions.empty())
    text << "  \"build_options\": " << quoted(request.buildOptions) << ",\n";
  text << "  \"kernel\": " << quoted(kernel->name) << ",\n";
  text << "  \"global_size\": " << globalList << ",\n";
  if (!local.empty()) text << "  \"local_size\": " << sizeList(local) << ",\n";
  if (buffers.tellp() > 0) text << "  \"buffers\": {\n" << buffers.str() << "\n  },\n";
  if (images.tellp() > 0) text << "  \"images\": {\n" << images.str() << "\n  },\n";
  text << "  \"args\": [\n" << args.str() << "  ]\n}\n";

  out.text = text.str();
  out.global = global;
  out.local = local;
  out.workItems = workItems;
  out.hints = hints.str();
  std::string sizes;
  for (size_t d = 0; d < varNames.size(); ++d)
    if (!square || d == 0)
      sizes += (sizes.empty() ? "" : ", ") + varNames[d] + " = " + std::to_string(global[d]);
  std::string followers;
  for (const std::string &n : sizeScalars) followers += (followers.empty() ? "" : ", ") + n;
  out.varsNote = "vars: " + sizes + (square && global.size() > 1 ? " in each dimension" : "") +
                 " (the global size)" +
                 (tiled ? ", a multiple of local_size (the kernel's __local tile)" : "") +
                 ": buffers hold " + countExpr + " elements" + (multiples ? " or a multiple" : "") +
                 (followers.empty() ? "" : ", " + followers) + "; edit it here or run with --set " +
                 varNames[0] + "=...";
  return out;
}

} // namespace spvsim::cli
