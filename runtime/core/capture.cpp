// Capturing launches as run files (see capture.h).
#include "core/capture.h"

#include <cstring>
#include <iostream>
#include <map>

#include "core/config.h"
#include "core/launch.h"
#include "core/tools.h"
#include "spvsim/common/error.h"
#include "spvsim/runfile/bind.h"
#include "spvsim/runfile/image_spec.h"
#include "spvsim/runfile/writer.h"

namespace spvsim::runtime {

namespace {

/// The element type a pointer parameter names ("float4*", "constant uint*"), if the
/// run file can spell it.
std::optional<runfile::ElementType> pointeeType(const KernelParam &param) {
  std::string name = param.typeName;
  for (const char *prefix : {"constant ", "global ", "local ", "const ", "volatile "})
    if (name.rfind(prefix, 0) == 0) name = name.substr(std::strlen(prefix));
  while (!name.empty() && (name.back() == '*' || name.back() == ' ')) name.pop_back();
  return runfile::parseElementType(name);
}

/// An unsigned integer scalar or vector type of exactly `size` bytes.
std::optional<runfile::ElementType> unsignedTypeOfSize(size_t size) {
  for (runfile::ScalarType s : {runfile::ScalarType::ULong, runfile::ScalarType::UInt,
                                runfile::ScalarType::UShort, runfile::ScalarType::UChar}) {
    const size_t width = size / runfile::scalarSize(s);
    if (size % runfile::scalarSize(s) == 0 &&
        (width == 1 || width == 2 || width == 4 || width == 8 || width == 16))
      return runfile::ElementType{s, static_cast<uint32_t>(width)};
  }
  return std::nullopt;
}

std::string launchFolderName(uint64_t number, const std::string &kernel) {
  std::string digits = std::to_string(number);
  if (digits.size() < 4) digits.insert(0, 4 - digits.size(), '0');
  return digits + "-" + kernel;
}

runfile::SpecConstantSpec specConstant(uint32_t id, uint64_t bits,
                                       const runfile::SpecConstantType &type) {
  runfile::SpecConstantSpec c;
  c.specId = id;
  c.path = "spec_constants." + std::to_string(id);
  switch (type.kind) {
  case runfile::SpecConstantType::Kind::Bool:
    c.isBoolean = true;
    c.boolean = bits != 0;
    break;
  case runfile::SpecConstantType::Kind::Int:
    c.number = runfile::Number::ofUnsigned(bits, std::to_string(bits));
    break;
  case runfile::SpecConstantType::Kind::Float: {
    double v = 0;
    if (type.bits == 16) {
      v = runfile::halfBitsToFloat(static_cast<uint16_t>(bits));
    } else if (type.bits == 32) {
      float f;
      uint32_t b = static_cast<uint32_t>(bits);
      std::memcpy(&f, &b, 4);
      v = f;
    } else {
      std::memcpy(&v, &bits, 8);
    }
    c.number = runfile::Number::ofReal(v, runfile::formatDouble(v));
    break;
  }
  }
  return c;
}

/// The run-file image of image `mem`, bound to `param`: its type, format and layout (an
/// image made from a buffer becomes an image of its own: run files cannot share bytes).
runfile::ImageSpec imageSpec(const std::string &name, const Mem &mem, const KernelParam &param) {
  runfile::ImageSpec image;
  image.name = name;
  image.typeName = param.typeName;
  image.depthImage = param.imageDepth;
  image.image = mem.image();
  image.image.buffer = 0;
  image.channels = runfile::texelChannels(image.image.format);
  image.access = accessOf(mem.flags());
  return image;
}

} // namespace

Capture *Capture::get() {
  // Never destroyed: commands may still run while the process exits.
  static Capture *capture = Config::get().captureDir.empty()
                                ? nullptr
                                : std::make_unique<Capture>(Config::get().captureDir).release();
  return capture;
}

Capture::Capture(std::filesystem::path directory) : directory_(std::move(directory)) {}

std::optional<CapturedLaunch> Capture::begin(const LaunchCommand &launch) {
  const KernelSignature &signature = launch.signature;
  CapturedLaunch captured;
  std::error_code error;
  std::filesystem::create_directories(directory_, error);
  // A folder that exists already (another process, an earlier run) is skipped.
  for (;;) {
    captured.directory = directory_ / launchFolderName(++next_, signature.name);
    if (std::filesystem::create_directory(captured.directory, error)) break;
    if (error) {
      std::cerr << "spvsim: SPVSIM_CAPTURE: cannot create " << captured.directory.string() << ": "
                << error.message() << "\n";
      return std::nullopt;
    }
  }
  GlobalMemory &memory = launch.context->memory();
  runfile::RunSpec spec;
  spec.module = captured.directory / "module.spv";
  const std::vector<uint32_t> &words = launch.executable->words();
  writeFile(spec.module, words.data(), words.size() * 4);

  const auto types = runfile::specConstantTypes(launch.executable->module().module());
  for (const auto &[id, bits] : launch.executable->specConstants())
    if (auto type = types.find(id); type != types.end())
      spec.specConstants.push_back(specConstant(id, bits, type->second));

  runfile::LaunchSpec run;
  run.kernel = signature.name;
  run.dims = launch.range.dims;
  run.global = launch.range.global;
  run.offset = launch.range.offset;
  run.local = launch.range.local;
  std::map<BufferId, std::string> names;         // root buffer -> its name in the run file
  std::map<const Mem *, std::string> imageNames; // image -> its name in the run file
  for (size_t i = 0; i < launch.args.size(); ++i) {
    const KernelArg &a = launch.args[i];
    const KernelParam &param = signature.params[i];
    runfile::ArgSpec arg;
    arg.path = "args[" + std::to_string(i) + "]";
    switch (a.kind) {
    case KernelArg::Kind::Buffer: {
      const std::shared_ptr<Mem> &mem = launch.buffers[i];
      if (!mem) { // released by the application: nothing to capture
        arg.kind = runfile::ArgSpec::Kind::Null;
        break;
      }
      const Mem &root = mem->parent() ? *mem->parent() : *mem;
      auto [it, isNew] =
          names.emplace(root.id(), param.name.empty() ? "arg" + std::to_string(i) : param.name);
      if (isNew) {
        runfile::BufferSpec buffer;
        buffer.name = it->second;
        std::optional<runfile::ElementType> type = pointeeType(param);
        if (!type || root.size() % type->size() != 0)
          type = runfile::ElementType{runfile::ScalarType::UChar, 1};
        buffer.type = *type;
        buffer.count = root.size() / type->size();
        buffer.access = accessOf(root.flags());
        buffer.init.kind = runfile::BufferInit::Kind::File;
        buffer.init.file = captured.directory / (buffer.name + ".bin");
        std::span<const std::byte> bytes = memory.bytes(root.id());
        writeFile(buffer.init.file, bytes.data(), bytes.size());
        const bool written =
            buffer.access != BufferAccess::ReadOnly && param.kind != ParamKind::ConstantBuffer;
        if (written) buffer.dumpFile = captured.directory / (buffer.name + ".out.bin");
        captured.buffers.push_back({buffer.name, root.id(), written});
        spec.buffers.push_back(std::move(buffer));
      }
      arg.kind = runfile::ArgSpec::Kind::Buffer;
      arg.buffer = it->second;
      if (mem->parent()) {
        arg.subBuffer = true;
        arg.offset = mem->origin();
        arg.size = mem->size();
      }
      break;
    }
    case KernelArg::Kind::Image: {
      const std::shared_ptr<Mem> &mem = launch.buffers[i];
      if (!mem) { // released by the application: nothing to capture
        arg.kind = runfile::ArgSpec::Kind::Null;
        break;
      }
      auto [it, isNew] = imageNames.emplace(
          mem.get(), param.name.empty() ? "arg" + std::to_string(i) : param.name);
      if (isNew) {
        runfile::ImageSpec image = imageSpec(it->second, *mem, param);
        image.init.kind = runfile::ImageContents::Kind::File;
        image.init.file = captured.directory / (image.name + ".bin");
        const std::span<const std::byte> bytes = memory.bytes(mem->id()).first(image.size());
        writeFile(image.init.file, bytes.data(), bytes.size());
        const bool written =
            image.access != BufferAccess::ReadOnly && param.imageAccess != ImageAccess::ReadOnly;
        if (written) image.dumpFile = captured.directory / (image.name + ".out.bin");
        captured.buffers.push_back({image.name, mem->id(), written, image.size()});
        spec.images.push_back(std::move(image));
      }
      arg.kind = runfile::ArgSpec::Kind::Image;
      arg.image = it->second;
      break;
    }
    case KernelArg::Kind::Null:
    case KernelArg::Kind::Unset:
      arg.kind = runfile::ArgSpec::Kind::Null;
      break;
    case KernelArg::Kind::Sampler:
      arg.kind = runfile::ArgSpec::Kind::Sampler;
      arg.samplerBits = a.samplerBits;
      break;
    case KernelArg::Kind::Local:
      arg.kind = runfile::ArgSpec::Kind::Local;
      arg.localSize = a.localSize;
      break;
    case KernelArg::Kind::Bytes:
      arg.bytes = a.bytes;
      if (param.kind == ParamKind::ByValStruct) {
        arg.kind = runfile::ArgSpec::Kind::Struct;
      } else {
        // Any type of the parameter's size reads back as the same bytes; the parameter's
        // own type keeps the file readable.
        arg.kind = runfile::ArgSpec::Kind::Scalar;
        std::optional<runfile::ElementType> type = runfile::parseElementType(param.typeName);
        if (!type || type->size() != a.bytes.size()) type = unsignedTypeOfSize(a.bytes.size());
        if (!type) { // no run-file type has this size: leave it to the binding to explain
          type = runfile::ElementType{runfile::ScalarType::UChar, 1};
          arg.bytes.resize(1);
        }
        if (type) arg.scalarType = *type;
      }
      break;
    }
    run.args.push_back(std::move(arg));
  }
  spec.launches.push_back(std::move(run));
  try {
    runfile::writeRunFile(spec, captured.directory / "run.json");
  } catch (const Error &e) {
    std::cerr << "spvsim: SPVSIM_CAPTURE: " << e.what() << "\n";
    return std::nullopt;
  }
  return captured;
}

void Capture::end(const CapturedLaunch &captured, const LaunchCommand &launch) {
  GlobalMemory &memory = launch.context->memory();
  for (const CapturedLaunch::Buffer &b : captured.buffers) {
    if (!b.written) continue;
    std::span<const std::byte> bytes = memory.bytes(b.root);
    if (b.size) bytes = bytes.first(b.size);
    writeFile(captured.directory / (b.name + ".expected.bin"), bytes.data(), bytes.size());
  }
}

} // namespace spvsim::runtime
