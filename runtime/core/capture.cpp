// Capturing launches as run files (see capture.h).
#include "core/capture.h"

#include <algorithm>
#include <cstring>
#include <iostream>
#include <map>
#include <set>

#include "core/config.h"
#include "core/launch.h"
#include "core/tools.h"
#include "spvsim/common/error.h"
#include "spvsim/interpreter/kernel_signature.h"
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

/// The run-file image of image `mem`, bound to `param`: its type, format and layout, with
/// bytes of its own (`buffer` empty).
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

/// Whether a run file can make an image of `image`'s type from a buffer (its "buffer"
/// key): an image1d_buffer_t, or an image2d_t or image2d_depth_t as
/// cl_khr_image2d_from_buffer makes one.
bool runFileMayView(const runfile::ImageSpec &image) {
  return image.image.type == ImageType::Image1DBuffer || image.image.type == ImageType::Image2D;
}

/// The allocation whose bytes an image made from a buffer, sub-buffer or image views, and
/// where in it the image's bytes start (OpenCL API §5.3.1.2, mem_object: a sub-buffer's
/// origin moves them, an image made from an image starts where that image does).
struct ViewedBytes {
  const Mem *root = nullptr; ///< a buffer, or an image with bytes of its own
  uint64_t offset = 0;
};

/// The bytes image `mem` views; nullopt for an image with bytes of its own.
std::optional<ViewedBytes> viewedBytes(const Mem &mem) {
  if (!mem.imageBuffer()) return std::nullopt;
  ViewedBytes viewed{mem.imageBuffer().get(), 0};
  for (;;) {
    if (viewed.root->isImage() && viewed.root->imageBuffer()) {
      viewed.root = viewed.root->imageBuffer().get();
    } else if (viewed.root->parent()) {
      viewed.offset += viewed.root->origin();
      viewed.root = viewed.root->parent().get();
    } else {
      return viewed;
    }
  }
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
  // Root buffer -> its entries in spec.buffers and captured.buffers.
  struct BufferEntry {
    size_t spec = 0, captured = 0;
  };
  std::map<BufferId, BufferEntry> buffers;
  std::map<const Mem *, std::string> imageNames; // image -> its name in the run file
  // Captures root buffer `root` once, as `name` of elements `type` (uchar when the type
  // does not divide it); later uses that may write it keep what the launch leaves.
  auto captureBuffer = [&](const Mem &root, const std::string &name,
                           std::optional<runfile::ElementType> type,
                           bool mayWrite) -> const std::string & {
    auto [it, isNew] = buffers.emplace(root.id(), BufferEntry{});
    if (isNew) {
      runfile::BufferSpec buffer;
      buffer.name = name;
      // A buffer named after an image must not take a parameter's or buffer's name.
      auto taken = [&](const std::string &n) {
        for (const KernelParam &p : signature.params)
          if (p.name == n) return true;
        for (const runfile::BufferSpec &b : spec.buffers)
          if (b.name == n) return true;
        return false;
      };
      if (!type)
        while (taken(buffer.name)) buffer.name += "_";
      if (!type || root.size() % type->size() != 0)
        type = runfile::ElementType{runfile::ScalarType::UChar, 1};
      buffer.type = *type;
      buffer.count = root.size() / type->size();
      buffer.access = accessOf(root.flags());
      buffer.init.kind = runfile::BufferInit::Kind::File;
      buffer.init.file = captured.directory / (parameterFileStem(buffer.name) + ".bin");
      std::span<const std::byte> bytes = memory.bytes(root.id());
      writeFile(buffer.init.file, bytes.data(), bytes.size());
      it->second = {spec.buffers.size(), captured.buffers.size()};
      captured.buffers.push_back({buffer.name, root.id(), false});
      spec.buffers.push_back(std::move(buffer));
    }
    runfile::BufferSpec &buffer = spec.buffers[it->second.spec];
    if (mayWrite && buffer.access != BufferAccess::ReadOnly &&
        !captured.buffers[it->second.captured].written) {
      buffer.dumpFile = captured.directory / (parameterFileStem(buffer.name) + ".out.bin");
      captured.buffers[it->second.captured].written = true;
    }
    return buffer.name;
  };
  auto argName = [&](size_t i) { return parameterName(signature.params[i].name, i); };
  // An image with bytes of its own that an image argument views (that argument made from
  // it, OpenCL API §5.3.1.2) is captured with its bytes, named as the first image argument
  // over them when it is no argument itself, before the arguments that view it: the
  // run-file images made from it ("image") then share its bytes as the program's did.
  std::map<const Mem *, size_t> viewedImages; // such an image -> the run-file image
  auto captureViewedImage = [&](const Mem &root, const std::string &fallbackName,
                                bool mayWrite) -> std::string {
    auto [it, isNew] = viewedImages.emplace(&root, spec.images.size());
    if (isNew) {
      std::string name = fallbackName + "_image";
      auto taken = [&](const std::string &n) {
        return std::any_of(signature.params.begin(), signature.params.end(),
                           [&](const KernelParam &p) { return p.name == n; });
      };
      while (taken(name)) name += "_";
      KernelParam param;
      param.imageDepth = root.imageFormat().image_channel_order == CL_DEPTH;
      param.typeName = param.imageDepth ? "image2d_depth_t" : "image2d_t";
      for (size_t j = 0; j < launch.args.size(); ++j)
        if (launch.args[j].kind == KernelArg::Kind::Image && launch.buffers[j].get() == &root) {
          name = argName(j);
          param = signature.params[j];
          mayWrite = mayWrite || param.imageAccess != ImageAccess::ReadOnly;
          break;
        }
      runfile::ImageSpec image = imageSpec(name, root, param);
      image.init.kind = runfile::ImageContents::Kind::File;
      image.init.file = captured.directory / (parameterFileStem(image.name) + ".bin");
      const std::span<const std::byte> bytes = memory.bytes(root.id()).first(image.size());
      writeFile(image.init.file, bytes.data(), bytes.size());
      imageNames.emplace(&root, name);
      captured.buffers.push_back({image.name, root.id(), false, image.size()});
      spec.images.push_back(std::move(image));
    }
    runfile::ImageSpec &image = spec.images[it->second];
    if (mayWrite && image.access != BufferAccess::ReadOnly && !image.dumpFile) {
      image.dumpFile = captured.directory / (parameterFileStem(image.name) + ".out.bin");
      for (CapturedLaunch::Buffer &b : captured.buffers)
        if (b.name == image.name) b.written = true;
    }
    return image.name;
  };
  for (size_t i = 0; i < launch.args.size(); ++i)
    if (const std::shared_ptr<Mem> &mem = launch.buffers[i];
        launch.args[i].kind == KernelArg::Kind::Image && mem)
      if (std::optional<ViewedBytes> viewed = viewedBytes(*mem); viewed && viewed->root->isImage())
        captureViewedImage(*viewed->root, argName(i), false);
  // Buffer arguments first, so that a buffer an image views is named and typed as the
  // kernel's parameter names it.
  for (size_t i = 0; i < launch.args.size(); ++i) {
    const std::shared_ptr<Mem> &mem = launch.buffers[i];
    if (launch.args[i].kind != KernelArg::Kind::Buffer || !mem) continue;
    const KernelParam &param = signature.params[i];
    captureBuffer(mem->parent() ? *mem->parent() : *mem, argName(i), pointeeType(param),
                  param.kind != ParamKind::ConstantBuffer);
  }
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
      arg.kind = runfile::ArgSpec::Kind::Buffer;
      arg.buffer = spec.buffers[buffers.at((mem->parent() ? *mem->parent() : *mem).id()).spec].name;
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
      auto [it, isNew] = imageNames.emplace(mem.get(), argName(i));
      if (isNew) {
        runfile::ImageSpec image = imageSpec(it->second, *mem, param);
        const bool written =
            image.access != BufferAccess::ReadOnly && param.imageAccess != ImageAccess::ReadOnly;
        std::optional<ViewedBytes> viewed = viewedBytes(*mem);
        if (viewed && viewed->root->isImage()) {
          // A view of an image's bytes, as the run file's "image" makes one (captured above).
          image.viewedImage = captureViewedImage(*viewed->root, it->second, written);
        } else if (viewed && runFileMayView(image)) {
          // A view of a buffer's bytes, as the run file's "buffer" and "buffer_offset" make
          // one: the replay aliases them as the application did (docs/images.md).
          image.buffer =
              captureBuffer(*viewed->root, it->second + "_buffer", std::nullopt, written);
          image.bufferOffset = viewed->offset;
        } else {
          image.init.kind = runfile::ImageContents::Kind::File;
          image.init.file = captured.directory / (parameterFileStem(image.name) + ".bin");
          const std::span<const std::byte> bytes = memory.bytes(mem->id()).first(image.size());
          writeFile(image.init.file, bytes.data(), bytes.size());
          if (written)
            image.dumpFile = captured.directory / (parameterFileStem(image.name) + ".out.bin");
          captured.buffers.push_back({image.name, mem->id(), written, image.size()});
        }
        spec.images.push_back(std::move(image));
      }
      arg.kind = runfile::ArgSpec::Kind::Image;
      arg.image = it->second;
      break;
    }
    case KernelArg::Kind::Null:
    case KernelArg::Kind::Unset:
    case KernelArg::Kind::Svm: // run files have no SVM: an SVM pointer is captured as NULL
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
    writeFile(captured.directory / (parameterFileStem(b.name) + ".expected.bin"), bytes.data(),
              bytes.size());
  }
}

} // namespace spvsim::runtime
