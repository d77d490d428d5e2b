// The run-file parser: JSON text to a checked RunSpec (see runfile.h and
// docs/run-files.md). Launch defaults from the top level are applied here, so
// every LaunchSpec is complete; binding to a kernel is runfile_bind.cpp.
#include "spvsim/runfile/run_spec.h"

#include <fstream>
#include <iterator>
#include <sstream>

#include "spvsim/common/error.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/runfile/dump_view.h"
#include "spvsim/runfile/image_args.h"
#include "spvsim/runfile/json.h"
#include "spvsim/runfile/run_vars.h"

namespace spvsim::runfile {

namespace {

/// A buffer may hold at most 2^48 bytes (keeps every size and offset computation exact).
constexpr uint64_t kMaxBufferBytes = uint64_t{1} << 48;

/// The launch keys of the top level or of one `launches` entry, each optional.
struct LaunchFields {
  std::optional<std::string> kernel;
  std::optional<std::vector<uint64_t>> global;
  bool localGiven = false;                    ///< `local_size` present (possibly null)
  std::optional<std::vector<uint64_t>> local; ///< localGiven and not null
  std::optional<std::vector<uint64_t>> offset;
  std::optional<std::vector<ArgSpec>> args;
};

std::vector<uint64_t> readSizeList(const Json &value, const std::string &path, uint64_t min) {
  if (!value.is_array() || value.empty() || value.size() > 3)
    failAt(path, "expected 1 to 3 numbers, got " + describeJsonType(value));
  std::vector<uint64_t> sizes;
  for (size_t i = 0; i < value.size(); ++i)
    sizes.push_back(readWholeNumber(value[i], indexPath(path, i), min));
  return sizes;
}

std::vector<std::byte> parseHexBytes(const std::string &text, const std::string &path) {
  std::string digits;
  for (char c : text)
    if (c != ' ' && c != '\t' && c != '\n') digits += c;
  if (digits.empty()) failAt(path, "expected the struct's bytes in hexadecimal, got \"\"");
  if (digits.size() % 2) failAt(path, "odd number of hexadecimal digits");
  auto nibble = [&](char c) -> unsigned {
    if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
    if (c >= 'a' && c <= 'f') return static_cast<unsigned>(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') return static_cast<unsigned>(c - 'A' + 10);
    failAt(path, std::string("'") + c + "' is not a hexadecimal digit");
  };
  std::vector<std::byte> bytes;
  for (size_t i = 0; i < digits.size(); i += 2)
    bytes.push_back(static_cast<std::byte>(nibble(digits[i]) << 4 | nibble(digits[i + 1])));
  return bytes;
}

void parseBufferArg(const Json &arg, const std::string &path, const RunSpec &spec, ArgSpec &out) {
  rejectUnknownKeys(arg, path, {"buffer", "offset", "size"});
  out.kind = ArgSpec::Kind::Buffer;
  const std::string bufferPath = keyPath(path, "buffer");
  out.buffer = readString(arg["buffer"], bufferPath);
  const BufferSpec *buffer = spec.findBuffer(out.buffer);
  if (!buffer)
    failAt(bufferPath, "no buffer named '" + out.buffer + "'" +
                           (spec.findImage(out.buffer)
                                ? " ('" + out.buffer + "' is an image: {\"image\": name})"
                                : ""));
  out.subBuffer = arg.contains("offset") || arg.contains("size");
  if (!out.subBuffer) return;
  const uint64_t total = buffer->size();
  const std::string described =
      "buffer '" + buffer->name + "' (" + std::to_string(total) + " bytes)";
  const std::string offsetPath = keyPath(path, "offset"), sizePath = keyPath(path, "size");
  if (arg.contains("offset")) out.offset = readWholeNumber(arg["offset"], offsetPath);
  if (out.offset >= total)
    failAt(offsetPath, std::to_string(out.offset) + " is not inside " + described);
  if (out.offset % buffer->type.size())
    failAt(offsetPath, std::to_string(out.offset) + " is not a multiple of the element size of '" +
                           buffer->name + "' (" + std::to_string(buffer->type.size()) + " bytes, " +
                           buffer->type.name() + ")");
  out.size = arg.contains("size") ? readWholeNumber(arg["size"], sizePath, 1) : total - out.offset;
  if (out.size > total - out.offset)
    failAt(sizePath, "offset " + std::to_string(out.offset) + " + size " +
                         std::to_string(out.size) + " exceed " + described);
}

ArgSpec parseArg(const Json &arg, const std::string &path, const RunSpec &spec) {
  requireObject(arg, path);
  constexpr std::array<std::string_view, 7> kForms{"buffer", "image",   "local", "scalar",
                                                   "struct", "sampler", "null"};
  std::vector<std::string_view> forms;
  for (std::string_view form : kForms)
    if (arg.contains(std::string(form))) forms.push_back(form);
  if (forms.empty())
    failAt(path, "expected one of {\"buffer\": name}, {\"local\": bytes}, {\"scalar\": type, "
                 "\"value\": v}, {\"struct\": hex}, {\"image\": name}, {\"sampler\": {...}}, "
                 "{\"null\": true}");
  if (forms.size() > 1)
    failAt(path, "'" + std::string(forms[0]) + "' and '" + std::string(forms[1]) +
                     "' cannot be combined");
  ArgSpec out;
  out.path = path;
  const std::string form(forms[0]);
  const std::string formPath = keyPath(path, form);
  if (form == "buffer") {
    parseBufferArg(arg, path, spec, out);
  } else if (form == "local") {
    rejectUnknownKeys(arg, path, {"local"});
    out.kind = ArgSpec::Kind::Local;
    out.localSize = readWholeNumber(arg["local"], formPath, 1);
    if (out.localSize > kLocalMemorySize)
      failAt(formPath, std::to_string(out.localSize) +
                           " bytes is more than the device's __local memory "
                           "(CL_DEVICE_LOCAL_MEM_SIZE, " +
                           std::to_string(kLocalMemorySize) + " bytes)");
  } else if (form == "scalar") {
    rejectUnknownKeys(arg, path, {"scalar", "value"});
    out.kind = ArgSpec::Kind::Scalar;
    const std::string typeName = readString(arg["scalar"], formPath);
    std::optional<ElementType> type = parseElementType(typeName);
    if (!type) failAt(formPath, "unknown type '" + typeName + "'");
    out.scalarType = *type;
    out.bytes = scalarArgumentBytes(*type, requireKey(arg, path, "value"), keyPath(path, "value"));
  } else if (form == "struct") {
    rejectUnknownKeys(arg, path, {"struct"});
    out.kind = ArgSpec::Kind::Struct;
    out.bytes = parseHexBytes(readString(arg["struct"], formPath), formPath);
  } else if (form == "image") {
    rejectUnknownKeys(arg, path, {"image"});
    out.kind = ArgSpec::Kind::Image;
    out.image = readString(arg["image"], formPath);
    if (!spec.findImage(out.image))
      failAt(formPath, "no image named '" + out.image + "'" +
                           (spec.findBuffer(out.image)
                                ? " ('" + out.image + "' is a buffer: {\"buffer\": name})"
                                : ""));
  } else if (form == "sampler") {
    rejectUnknownKeys(arg, path, {"sampler"});
    out.kind = ArgSpec::Kind::Sampler;
    out.samplerBits = parseSamplerArg(arg["sampler"], formPath);
  } else {
    rejectUnknownKeys(arg, path, {"null"});
    out.kind = ArgSpec::Kind::Null;
    if (arg["null"] != Json(true))
      failAt(formPath, "expected true, got " + describeJsonType(arg["null"]));
  }
  return out;
}

std::vector<ArgSpec> parseArgs(const Json &args, const std::string &path, const RunSpec &spec) {
  if (!args.is_array()) failAt(path, "expected a list, got " + describeJsonType(args));
  std::vector<ArgSpec> out;
  for (size_t i = 0; i < args.size(); ++i)
    out.push_back(parseArg(args[i], indexPath(path, i), spec));
  return out;
}

LaunchFields parseLaunchFields(const Json &object, const std::string &prefix, const RunSpec &spec) {
  LaunchFields fields;
  if (auto it = object.find("kernel"); it != object.end())
    fields.kernel = readString(*it, keyPath(prefix, "kernel"));
  if (auto it = object.find("global_size"); it != object.end())
    fields.global = readSizeList(*it, keyPath(prefix, "global_size"), 1);
  if (auto it = object.find("local_size"); it != object.end()) {
    fields.localGiven = true;
    if (!it->is_null()) fields.local = readSizeList(*it, keyPath(prefix, "local_size"), 1);
  }
  if (auto it = object.find("global_offset"); it != object.end())
    fields.offset = it->is_null() ? std::vector<uint64_t>{}
                                  : readSizeList(*it, keyPath(prefix, "global_offset"), 0);
  if (auto it = object.find("args"); it != object.end())
    fields.args = parseArgs(*it, keyPath(prefix, "args"), spec);
  return fields;
}

/// Applies the top-level defaults to one launch (`own` is the top level itself when
/// `path` is "") and checks what the combination decides.
LaunchSpec resolveLaunch(const LaunchFields &own, const LaunchFields &top,
                         const std::string &path) {
  LaunchSpec launch;
  launch.path = path;
  const bool inList = !path.empty();
  auto missing = [&](std::string_view key) {
    failAt(launch.keyOf(key, false),
           inList ? "required (the top level gives no default)" : "required");
  };

  // No "kernel" anywhere: the module's only kernel, which binding finds (bind.h).
  launch.kernelInherited = !own.kernel && top.kernel;
  launch.kernel = own.kernel ? *own.kernel : top.kernel ? *top.kernel : "";

  launch.globalInherited = !own.global;
  if (!own.global && !top.global) missing("global_size");
  const std::vector<uint64_t> &global = own.global ? *own.global : *top.global;
  launch.dims = static_cast<uint32_t>(global.size());
  uint64_t workItems = 1;
  for (uint32_t d = 0; d < launch.dims; ++d) {
    launch.global[d] = global[d];
    if (__builtin_mul_overflow(workItems, global[d], &workItems))
      failAt(launch.keyOf("global_size", launch.globalInherited),
             "more than 2^64 work-items in all" + launch.contextOf(launch.globalInherited));
  }
  const std::string sameCount =
      "must have the same count as global_size (" + std::to_string(launch.dims) + ")";

  launch.localInherited = !own.localGiven && inList;
  const std::optional<std::vector<uint64_t>> &local = own.localGiven ? own.local : top.local;
  if (local) {
    const std::string key = launch.keyOf("local_size", launch.localInherited);
    const std::string context = launch.contextOf(launch.localInherited);
    if (local->size() != launch.dims) failAt(key, sameCount + context);
    std::array<uint64_t, 3> sizes{1, 1, 1};
    uint64_t product = 1;
    for (uint32_t d = 0; d < launch.dims; ++d) {
      sizes[d] = (*local)[d];
      product = sizes[d] > kMaxWorkGroupSize ? kMaxWorkGroupSize + 1 : product * sizes[d];
      if (product > kMaxWorkGroupSize)
        failAt(key, "more than " + std::to_string(kMaxWorkGroupSize) +
                        " work-items per work-group" + context);
    }
    launch.local = sizes;
  }

  launch.offsetInherited = !own.offset && inList;
  const std::optional<std::vector<uint64_t>> &offset = own.offset ? own.offset : top.offset;
  if (offset && !offset->empty()) {
    const std::string key = launch.keyOf("global_offset", launch.offsetInherited);
    const std::string context = launch.contextOf(launch.offsetInherited);
    if (offset->size() != launch.dims) failAt(key, sameCount + context);
    for (uint32_t d = 0; d < launch.dims; ++d) {
      launch.offset[d] = (*offset)[d];
      if (launch.offset[d] > UINT64_MAX - launch.global[d])
        failAt(indexPath(key, d), "global_offset + global_size exceed 64 bits" + context);
    }
  }

  launch.argsInherited = !own.args && inList;
  if (own.args)
    launch.args = *own.args;
  else if (top.args)
    launch.args = *top.args;
  return launch;
}

BufferSpec parseBuffer(const std::string &name, const Json &value,
                       const std::filesystem::path &baseDir) {
  BufferSpec buffer;
  buffer.name = name;
  const std::string path = buffer.path();
  requireObject(value, path);
  rejectUnknownKeys(value, path, {"type", "count", "init", "dump", "access", "expect"});
  const std::string typePath = keyPath(path, "type");
  const std::string typeName = readString(requireKey(value, path, "type"), typePath);
  std::optional<ElementType> type = parseElementType(typeName);
  if (!type) failAt(typePath, "unknown type '" + typeName + "'");
  buffer.type = *type;
  buffer.count = readWholeNumber(requireKey(value, path, "count"), keyPath(path, "count"), 1,
                                 kMaxBufferBytes / type->size());
  if (auto it = value.find("init"); it != value.end())
    buffer.init = parseBufferInit(*it, buffer.type, buffer.count, baseDir, keyPath(path, "init"));
  if (auto it = value.find("expect"); it != value.end())
    buffer.expect =
        parseExpectation(*it, buffer.type, buffer.count, baseDir, keyPath(path, "expect"));
  if (auto it = value.find("dump"); it != value.end()) {
    const std::string dumpPath = keyPath(path, "dump");
    if (it->is_boolean()) {
      buffer.dumpText = it->get<bool>();
    } else if (it->is_object()) {
      // {"shape": ..., "range": ..., "summary": ...} prints; "file" also writes the bytes.
      buffer.dumpView = parseDumpView(*it, buffer.count, buffer.dumpSpelling, dumpPath);
      buffer.dumpText = it->size() > (it->contains("file") ? 1u : 0u) || it->empty();
    } else {
      buffer.dumpSpelling = readString(*it, dumpPath);
      if (buffer.dumpSpelling.empty()) failAt(dumpPath, "expected a file path or true");
    }
    if (!buffer.dumpSpelling.empty()) {
      buffer.dumpFile = baseDir / buffer.dumpSpelling;
      std::filesystem::path folder = buffer.dumpFile->parent_path();
      std::error_code ec;
      if (!folder.empty() && !std::filesystem::is_directory(folder, ec))
        failAt(dumpPath, "the folder of '" + buffer.dumpSpelling + "' does not exist");
    }
  }
  if (auto it = value.find("access"); it != value.end()) {
    const std::string accessPath = keyPath(path, "access");
    const std::string access = readString(*it, accessPath);
    if (access == "read_write")
      buffer.access = BufferAccess::ReadWrite;
    else if (access == "read_only")
      buffer.access = BufferAccess::ReadOnly;
    else if (access == "write_only")
      buffer.access = BufferAccess::WriteOnly;
    else
      failAt(accessPath, "unknown access '" + access + "' (read_write, read_only or write_only)");
  }
  return buffer;
}

std::vector<SpecConstantSpec> parseSpecConstants(const Json &value) {
  const std::string path = "spec_constants";
  requireObject(value, path);
  std::vector<SpecConstantSpec> constants;
  for (const auto &item : value.items()) {
    SpecConstantSpec constant;
    constant.path = keyPath(path, item.key());
    const std::string &key = item.key();
    uint64_t id = 0;
    bool decimal = !key.empty() && key.size() <= 10;
    for (char c : key) {
      decimal = decimal && c >= '0' && c <= '9';
      if (decimal) id = id * 10 + static_cast<uint64_t>(c - '0');
    }
    if (!decimal || id > UINT32_MAX)
      failAt(constant.path, "a SpecId must be a decimal number below 2^32");
    constant.specId = static_cast<uint32_t>(id);
    if (item.value().is_boolean()) {
      constant.isBoolean = true;
      constant.boolean = item.value().get<bool>();
    } else {
      constant.number = parseNumber(item.value(), constant.path);
    }
    constants.push_back(std::move(constant));
  }
  return constants;
}

/// Whether two paths name the same file (hard links and symbolic links included); a path
/// that does not exist yet names the same file as another only if they resolve alike.
bool sameFile(const std::filesystem::path &a, const std::filesystem::path &b) {
  std::error_code ec;
  if (std::filesystem::exists(a, ec) && std::filesystem::exists(b, ec))
    return std::filesystem::equivalent(a, b, ec) && !ec;
  const auto ca = std::filesystem::weakly_canonical(a, ec);
  if (ec) return false;
  const auto cb = std::filesystem::weakly_canonical(b, ec);
  return !ec && ca == cb;
}

/// A `dump` file may not be a file the run reads (the module, an init file, `runFile`) nor
/// another buffer's or image's dump: malformed input must never overwrite what the user
/// gave.
void checkDumpTargets(const RunSpec &spec, const std::filesystem::path *runFile) {
  struct Target {
    std::string path; ///< the buffer's or image's key path
    const std::filesystem::path *dump;
    std::string spelling;
    const std::filesystem::path *init; ///< its init file, or null
  };
  std::vector<Target> targets;
  for (const BufferSpec &b : spec.buffers)
    targets.push_back({b.path(), b.dumpFile ? &*b.dumpFile : nullptr, b.dumpSpelling,
                       b.init.kind == BufferInit::Kind::File ? &b.init.file : nullptr});
  for (const ImageSpec &i : spec.images)
    targets.push_back(
        {i.path(), i.dumpFile ? &*i.dumpFile : nullptr, i.dumpSpelling,
         i.init.kind == ImageContents::Kind::File || i.init.kind == ImageContents::Kind::Netpbm
             ? &i.init.file
             : nullptr});
  for (size_t i = 0; i < targets.size(); ++i) {
    const Target &t = targets[i];
    if (!t.dump) continue;
    const std::string where = keyPath(t.path, "dump");
    const std::string target = "'" + t.spelling + "'";
    if (sameFile(*t.dump, spec.module))
      failAt(where, target + " is the module: spvsim does not overwrite its inputs");
    if (runFile && sameFile(*t.dump, *runFile))
      failAt(where, target + " is the run file: spvsim does not overwrite its inputs");
    for (size_t j = 0; j < targets.size(); ++j) {
      const Target &other = targets[j];
      if (other.init && sameFile(*t.dump, *other.init))
        failAt(where, target + " is the init file of " + other.path +
                          ": spvsim does not overwrite its inputs");
      if (j < i && other.dump && sameFile(*t.dump, *other.dump))
        failAt(where, target + " is also the dump of " + other.path);
    }
  }
}

RunSpec parseRunText(std::string_view text, const std::filesystem::path &baseDir,
                     const std::string &sourceName, const std::filesystem::path *runFile,
                     const VarOverrides &overrides);

} // namespace

std::string runFileGivenAsModule(const std::filesystem::path &file) {
  if (file.extension() == ".json") return "a run file";
  std::ifstream in(file, std::ios::binary);
  char c = 0;
  while (in.get(c) && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
  }
  return in && c == '{' && file.extension() != ".spvasm" ? "JSON" : "";
}

bool isOpenCLSource(const std::filesystem::path &module) {
  return module.extension() == ".cl" || module.extension() == ".clcpp";
}

std::string BufferSpec::path() const {
  return keyPath("buffers", name);
}

std::string LaunchSpec::keyOf(std::string_view key, bool inherited) const {
  return inherited ? std::string(key) : keyPath(path, key);
}

std::string LaunchSpec::contextOf(bool inherited) const {
  return inherited && !path.empty() ? " (in " + path + ")" : "";
}

const BufferSpec *RunSpec::findBuffer(std::string_view name) const {
  for (const BufferSpec &b : buffers)
    if (b.name == name) return &b;
  return nullptr;
}

const ImageSpec *RunSpec::findImage(std::string_view name) const {
  for (const ImageSpec &i : images)
    if (i.name == name) return &i;
  return nullptr;
}

RunSpec parseRunText(std::string_view text, const std::filesystem::path &baseDir,
                     const std::string &sourceName, const VarOverrides &overrides) {
  return parseRunText(text, baseDir, sourceName, nullptr, overrides);
}

namespace {

RunSpec parseRunText(std::string_view text, const std::filesystem::path &baseDir,
                     const std::string &sourceName, const std::filesystem::path *runFile,
                     const VarOverrides &overrides) {
  Json root = parseJsonText(text, sourceName);
  if (!root.is_object()) failAt("", "expected a JSON object, got " + describeJsonType(root));
  rejectUnknownKeys(root, "",
                    {"module", "build_options", "kernel", "global_size", "local_size",
                     "global_offset", "spec_constants", "buffers", "images", "args", "launches",
                     "vars"});
  substituteVars(root, overrides);
  RunSpec spec;
  const std::string moduleSpelling = readString(requireKey(root, "", "module"), "module");
  spec.module = baseDir / moduleSpelling;
  requireReadableFile(spec.module, moduleSpelling, "module");
  if (const std::string what = runFileGivenAsModule(spec.module); !what.empty())
    failAt("module", "'" + moduleSpelling + "' is " + what +
                         ", not a module: the module is a SPIR-V binary (.spv), SPIR-V "
                         "assembly (.spvasm) or OpenCL C source (.cl, .clcpp)");
  if (auto it = root.find("build_options"); it != root.end()) {
    spec.buildOptions = readString(*it, "build_options");
    if (!isOpenCLSource(spec.module))
      failAt("build_options", "only an OpenCL C module (.cl, .clcpp) is compiled; '" +
                                  moduleSpelling + "' is SPIR-V");
  }

  if (auto it = root.find("buffers"); it != root.end()) {
    requireObject(*it, "buffers");
    for (const auto &item : it->items()) {
      if (item.key().empty()) failAt("buffers", "a buffer name cannot be empty");
      spec.buffers.push_back(parseBuffer(item.key(), item.value(), baseDir));
    }
  }
  if (auto it = root.find("images"); it != root.end()) {
    requireObject(*it, "images");
    for (const auto &item : it->items()) {
      if (item.key().empty()) failAt("images", "an image name cannot be empty");
      if (spec.findBuffer(item.key()))
        failAt(keyPath("images", item.key()),
               "'" + item.key() + "' is also a buffer: images and buffers need different names");
      spec.images.push_back(parseImage(item.key(), item.value(), baseDir));
      if (ImageSpec &image = spec.images.back(); !image.viewedImage.empty()) {
        const ImageSpec *viewed = nullptr;
        for (size_t i = 0; i + 1 < spec.images.size(); ++i)
          if (spec.images[i].name == image.viewedImage) viewed = &spec.images[i];
        if (!viewed)
          failAt(keyPath(image.path(), "image"),
                 "no image above this one is named '" + image.viewedImage + "'" +
                     (spec.findBuffer(image.viewedImage)
                          ? " ('" + image.viewedImage + "' is a buffer: \"buffer\": name)"
                          : std::string()));
        checkImageView(image, *viewed);
      }
      if (const ImageSpec &image = spec.images.back(); !image.buffer.empty()) {
        const std::string bufferPath = keyPath(image.path(), "buffer");
        const BufferSpec *buffer = spec.findBuffer(image.buffer);
        if (!buffer) failAt(bufferPath, "no buffer is named '" + image.buffer + "'");
        if (buffer->size() < image.size() || buffer->size() - image.size() < image.bufferOffset)
          failAt(bufferPath,
                 "the image takes " + std::to_string(image.size()) + " bytes" +
                     (image.bufferOffset ? " from offset " + std::to_string(image.bufferOffset)
                                         : std::string()) +
                     ", more than buffer '" + image.buffer + "' has (" +
                     std::to_string(buffer->size()) + ")");
      }
    }
  }
  if (auto it = root.find("spec_constants"); it != root.end())
    spec.specConstants = parseSpecConstants(*it);

  checkDumpTargets(spec, runFile);

  const LaunchFields top = parseLaunchFields(root, "", spec);
  auto launches = root.find("launches");
  if (launches == root.end()) {
    spec.launches.push_back(resolveLaunch(top, LaunchFields{}, ""));
    return spec;
  }
  if (!launches->is_array())
    failAt("launches", "expected a list of launches, got " + describeJsonType(*launches));
  if (launches->empty()) failAt("launches", "expected at least one launch");
  for (size_t i = 0; i < launches->size(); ++i) {
    const std::string path = indexPath("launches", i);
    const Json &entry = (*launches)[i];
    requireObject(entry, path);
    rejectUnknownKeys(entry, path,
                      {"kernel", "global_size", "local_size", "global_offset", "args"});
    spec.launches.push_back(resolveLaunch(parseLaunchFields(entry, path, spec), top, path));
  }
  return spec;
}

} // namespace

RunSpec parseRunFile(const std::filesystem::path &file, const VarOverrides &overrides) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error(file.string() + ": cannot open");
  std::ostringstream text;
  text << in.rdbuf();
  return parseRunText(text.str(), file.parent_path(), file.string(), &file, overrides);
}

} // namespace spvsim::runfile
