// `spvsim init MODULE [--kernel NAME] [--global N...] [--local N...]`: writes a run
// file that runs one kernel of a module (SPIR-V, or OpenCL C compiled as `spvsim run`
// compiles it) as written: one buffer per pointer parameter with one element per
// work-item, initialised when the kernel reads it and dumped when it may write it
// (parameter_use.h), a `local` entry per __local pointer, a value per scalar. JSON has
// no comments and the run-file reader takes no unknown keys: what to change is said on
// standard error.
#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "opencl_module.h"
#include "parameter_use.h"
#include "spvsim/common/error.h"
#include "spvsim/common/finding.h"
#include "spvsim/interpreter/kernel_signature.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/runfile/output_file.h"
#include "spvsim/runfile/values.h"
#include "spvsim/validator/device.h"
#include "spvsim/validator/validator.h"

namespace spvsim::cli {

namespace {

namespace fs = std::filesystem;

struct InitOptions {
  std::string module;
  std::string kernel;
  std::vector<uint64_t> global;
  std::vector<uint64_t> local;
  std::string buildOptions;
  std::string output;
  bool force = false;
};

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
  std::string name;
  if (scalar.kind == TypeKind::Float)
    name = scalar.width == 16 ? "half" : scalar.width == 32 ? "float" : "double";
  else if (scalar.kind == TypeKind::Int)
    name = scalar.width == 8    ? "uchar"
           : scalar.width == 16 ? "ushort"
           : scalar.width == 32 ? "uint"
                                : "ulong";
  else
    return std::nullopt;
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

/// `module` as the run file written to `output` names it: relative to the run file's
/// folder when they share a folder below the root, else absolute.
std::string modulePathFrom(const fs::path &output, const fs::path &module) {
  std::error_code ignored;
  const fs::path folder = fs::absolute(output, ignored).parent_path().lexically_normal();
  const fs::path absolute = fs::absolute(module, ignored).lexically_normal();
  const fs::path relative = absolute.lexically_relative(folder);
  size_t up = 0, depth = 0;
  for (const fs::path &part : relative) up += part == "..";
  for (const fs::path &part : folder.relative_path()) depth += !part.empty();
  return relative.empty() || up >= depth ? absolute.string() : relative.string();
}

/// Sizes as the command line gives them: "16 8".
std::string spaced(const std::vector<uint64_t> &sizes) {
  std::string text;
  for (uint64_t s : sizes) text += (text.empty() ? "" : " ") + std::to_string(s);
  return text;
}

int runInit(const InitOptions &options) {
  const fs::path module(options.module);
  const bool toStdout = options.output == "-";
  fs::path output = options.output;
  if (output.empty()) output = fs::path(module).replace_extension(".json");
  if (!toStdout && output == module) output += ".json";
  if (!toStdout && !options.force && fs::exists(output))
    throw Error(output.string() + " exists; give -o FILE or --force to replace it");
  // -I folders in build_options are relative to the run file, as `spvsim run` takes them.
  const fs::path base = toStdout ? fs::current_path() : fs::absolute(output).parent_path();

  std::shared_ptr<const Module> loaded =
      loadModuleFile(module, options.buildOptions, base, "--build-options");
  ValidationResult validation = validate(loaded, DeviceDescription::spvsim());
  if (!validation.ok()) {
    for (const Finding &f : validation.findings)
      if (f.severity == Severity::Error) std::cerr << formatText(f);
    return kBadInput;
  }
  const ValidatedModule &validated = *validation.module;

  std::vector<KernelSignature> kernels = kernelSignatures(validated);
  if (kernels.empty()) throw Error(options.module + ": the module has no kernel");
  std::string names;
  for (const KernelSignature &k : kernels) names += (names.empty() ? "" : ", ") + k.name;
  const KernelSignature *kernel = nullptr;
  if (options.kernel.empty()) {
    if (kernels.size() > 1)
      throw Error(options.module + " has " + std::to_string(kernels.size()) +
                  " kernels; choose one with --kernel NAME (" + names + ")");
    kernel = &kernels.front();
  } else {
    for (const KernelSignature &k : kernels)
      if (k.name == options.kernel) kernel = &k;
    if (!kernel)
      throw Error("--kernel: no kernel named '" + options.kernel + "' (kernels: " + names + ")");
  }
  const EntryPoint *entry = loaded->findEntryPoint(kernel->name);
  const Function *function = loaded->function(entry->function);
  const std::vector<ParameterUse> use = parameterUse(*loaded, *entry);

  std::vector<uint64_t> global =
      options.global.empty() ? std::vector<uint64_t>{1024} : options.global;
  if (global.size() > 3) throw Error("--global: 1 to 3 sizes");
  std::vector<uint64_t> local = options.local;
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

  std::ostringstream buffers, args, hints;
  std::vector<std::string> readNames, writtenNames, unusedNames;
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
      (u.written ? writtenNames : u.read ? readNames : unusedNames).push_back(name + note);
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
    case ParamKind::Unsupported:
      throw Error("kernel '" + kernel->name + "': parameter " + std::to_string(i) + " (" + name +
                  ", " + p.typeName + ") cannot be given in a run file");
    }
  }

  std::ostringstream text;
  text << "{\n  \"module\": " << quoted(toStdout ? module.string() : modulePathFrom(output, module))
       << ",\n";
  if (!options.buildOptions.empty())
    text << "  \"build_options\": " << quoted(options.buildOptions) << ",\n";
  text << "  \"kernel\": " << quoted(kernel->name) << ",\n";
  text << "  \"global_size\": " << sizeList(global) << ",\n";
  if (!local.empty()) text << "  \"local_size\": " << sizeList(local) << ",\n";
  if (buffers.tellp() > 0) text << "  \"buffers\": {\n" << buffers.str() << "\n  },\n";
  text << "  \"args\": [\n" << args.str() << "  ]\n}\n";

  if (toStdout)
    std::cout << text.str();
  else
    runfile::writeWholeFile(output, output.string(), text.str());

  auto list = [](const std::vector<std::string> &names) {
    std::string text;
    for (const std::string &n : names) text += (text.empty() ? "" : ", ") + n;
    return text;
  };
  std::cerr << "spvsim: " << (toStdout ? std::string("wrote") : "wrote " + output.string())
            << " for kernel '" << kernel->name << "', " << workItems << " work-items (--global "
            << spaced(global) << (local.empty() ? "" : ", --local " + spaced(local))
            << "); change in it:\n";
  if (!readNames.empty() || !writtenNames.empty() || !unusedNames.empty())
    std::cerr << "  buffers: " << workItems << " elements each (\"count\")\n";
  if (!readNames.empty())
    std::cerr << "  read: " << list(readNames)
              << ": \"init\" gives their values ({\"range\": [0, 1]} is 0, 1, 2, ...; also "
                 "\"fill\", \"values\", \"file\", \"random\")\n";
  if (!writtenNames.empty())
    std::cerr << "  written: " << list(writtenNames)
              << ": \"dump\" prints them after the run (true) or writes their bytes (a file)\n";
  if (!unusedNames.empty()) std::cerr << "  not accessed: " << list(unusedNames) << "\n";
  std::cerr << hints.str();
  if (!toStdout) std::cerr << "run it: spvsim run " << output.string() << "\n";
  return kClean;
}

} // namespace

void addInitCommand(CLI::App &app, int &exitStatus) {
  auto options = std::make_shared<InitOptions>();
  CLI::App *init = app.add_subcommand(
      "init", "Write a run file for a kernel of a module (.spv, .spvasm) or OpenCL C source "
              "(.cl, .clcpp), with buffers sized from --global");
  init->add_option("module", options->module, "The module or OpenCL C file")->required();
  init->add_option("--kernel", options->kernel, "The kernel (needed when there are several)");
  init->add_option("--global", options->global, "Global size: 1 to 3 numbers (default 1024)")
      ->check(CLI::PositiveNumber)
      ->expected(1, 3);
  init->add_option("--local", options->local,
                   "Work-group size, as many numbers as --global (default: the kernel's "
                   "reqd_work_group_size, or spvsim's choice)")
      ->check(CLI::PositiveNumber)
      ->expected(1, 3);
  init->add_option("--build-options", options->buildOptions,
                   "build_options of OpenCL C source (-D, -I relative to the run file, "
                   "-cl-std=...)");
  init->add_option("-o,--output", options->output,
                   "The run file to write (default: the module's name with .json; -: standard "
                   "output)");
  init->add_flag("--force", options->force, "Replace the run file if it exists");
  init->callback([options, &exitStatus] { exitStatus = runInit(*options); });
}

} // namespace spvsim::cli
