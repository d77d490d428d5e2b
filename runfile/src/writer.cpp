// Run-file text from a RunSpec (see writer.h).
#include "spvsim/runfile/writer.h"

#include <cmath>
#include <cstring>
#include <fstream>

#include "spvsim/common/error.h"
#include "spvsim/runfile/image_args.h"

namespace spvsim::runfile {

namespace {

constexpr uint64_t kExactInJson = uint64_t{1} << 53;

std::string relativeTo(const std::filesystem::path &file, const std::filesystem::path &baseDir) {
  std::filesystem::path relative = file.lexically_relative(baseDir);
  return (relative.empty() ? file : relative).generic_string();
}

std::string hex(uint64_t v) {
  static const char digits[] = "0123456789abcdef";
  std::string s;
  do {
    s.insert(s.begin(), digits[v & 15]);
    v >>= 4;
  } while (v);
  return "0x" + s;
}

Json unsignedJson(uint64_t v) {
  return v > kExactInJson ? Json(hex(v)) : Json(v);
}

Json signedJson(int64_t v) {
  if (v < -int64_t(kExactInJson)) return Json("-" + hex(0 - uint64_t(v)));
  if (v > int64_t(kExactInJson)) return Json(hex(uint64_t(v)));
  return Json(v);
}

/// A float value as JSON: "nan", "inf", "-inf", or a number that parses as a float.
Json realJson(double v, const std::string &shortest) {
  if (std::isnan(v)) return Json("nan");
  if (std::isinf(v)) return Json(v > 0 ? "inf" : "-inf");
  // Always a JSON float (so -0 keeps its sign); the text is the shortest that rounds back.
  return Json::parse(shortest.find_first_of(".e") == std::string::npos ? shortest + ".0"
                                                                       : shortest);
}

/// One component of type `t` given as its bits (zero-extended).
Json componentJson(ScalarType t, uint64_t bits) {
  const uint32_t size = scalarSize(t);
  switch (t) {
  case ScalarType::Half: {
    float f = halfBitsToFloat(static_cast<uint16_t>(bits));
    return realJson(f, formatFloat(f));
  }
  case ScalarType::Float: {
    float f;
    uint32_t b = static_cast<uint32_t>(bits);
    std::memcpy(&f, &b, 4);
    return realJson(f, formatFloat(f));
  }
  case ScalarType::Double: {
    double d;
    std::memcpy(&d, &bits, 8);
    return realJson(d, formatDouble(d));
  }
  default:
    break;
  }
  if (isSignedType(t)) {
    const uint32_t shift = 64 - 8 * size;
    return signedJson(int64_t(bits << shift) >> shift);
  }
  return unsignedJson(bits);
}

/// The bits "nan" reads as for a float type (to know when a NaN survives as text).
uint64_t canonicalNan(ScalarType t) {
  return componentBitsFromDouble(std::nan(""), t, "");
}

Json numberJson(const Number &n) {
  switch (n.kind) {
  case Number::Kind::Signed:
    return signedJson(n.asSigned);
  case Number::Kind::Unsigned:
    return unsignedJson(n.asUnsigned);
  case Number::Kind::Real:
    return realJson(n.asReal, formatDouble(n.asReal));
  }
  return Json();
}

Json sizeList(const std::array<uint64_t, 3> &sizes, uint32_t dims) {
  Json list = Json::array();
  for (uint32_t d = 0; d < dims; ++d) list.push_back(sizes[d]);
  return list;
}

Json initJson(const BufferSpec &b, const std::filesystem::path &baseDir) {
  const BufferInit &init = b.init;
  const ScalarType t = b.type.scalar;
  switch (init.kind) {
  case BufferInit::Kind::None:
    return Json();
  case BufferInit::Kind::Fill:
    return Json{{"fill", componentJson(t, init.fillBits)}};
  case BufferInit::Kind::Range:
    return Json{{"range", Json::array({realJson(init.rangeStart, formatDouble(init.rangeStart)),
                                       realJson(init.rangeStep, formatDouble(init.rangeStep))})}};
  case BufferInit::Kind::Values: {
    Json values = Json::array();
    for (uint64_t bits : init.valueBits) values.push_back(componentJson(t, bits));
    return Json{{"values", std::move(values)}};
  }
  case BufferInit::Kind::File:
    return Json{{"file", relativeTo(init.file, baseDir)}};
  case BufferInit::Kind::Random: {
    Json random{{"seed", unsignedJson(init.randomSeed)}};
    if (isFloatType(t)) {
      random["min"] = realJson(init.randomMinReal, formatDouble(init.randomMinReal));
      random["max"] = realJson(init.randomMaxReal, formatDouble(init.randomMaxReal));
    } else if (isSignedType(t)) {
      random["min"] = signedJson(int64_t(init.randomMinInt));
      random["max"] = signedJson(int64_t(init.randomMaxInt));
    } else {
      random["min"] = unsignedJson(init.randomMinInt);
      random["max"] = unsignedJson(init.randomMaxInt);
    }
    return Json{{"random", std::move(random)}};
  }
  }
  return Json();
}

/// One channel's value as JSON.
Json channelJson(const TexelChannel &channel, uint64_t bits) {
  return channel.packed() ? unsignedJson(bits) : componentJson(channel.scalar, bits);
}

/// An image's contents (`init` or `expect`) as JSON, per channel.
Json imageContentsJson(const ImageSpec &image, const ImageContents &contents,
                       const std::filesystem::path &baseDir) {
  const std::vector<TexelChannel> &channels = image.channels;
  switch (contents.kind) {
  case ImageContents::Kind::None:
    return Json();
  case ImageContents::Kind::Fill: {
    Json fill = Json::array();
    for (size_t c = 0; c < channels.size(); ++c)
      fill.push_back(channelJson(channels[c], contents.fillBits[c]));
    return Json{{"fill", std::move(fill)}};
  }
  case ImageContents::Kind::Values: {
    Json values = Json::array();
    for (size_t i = 0; i < contents.valueBits.size(); ++i)
      values.push_back(channelJson(channels[i % channels.size()], contents.valueBits[i]));
    return Json{{"values", std::move(values)}};
  }
  case ImageContents::Kind::File:
    return Json{{"file", relativeTo(contents.file, baseDir)}};
  case ImageContents::Kind::Netpbm:
    return Json{{"ppm", relativeTo(contents.file, baseDir)}};
  case ImageContents::Kind::Random: {
    Json min = Json::array(), max = Json::array();
    for (size_t c = 0; c < channels.size(); ++c) {
      const TexelChannel &channel = channels[c];
      if (!channel.packed() && isFloatType(channel.scalar)) {
        min.push_back(realJson(contents.randomMinReal[c], formatDouble(contents.randomMinReal[c])));
        max.push_back(realJson(contents.randomMaxReal[c], formatDouble(contents.randomMaxReal[c])));
      } else if (!channel.packed() && isSignedType(channel.scalar)) {
        min.push_back(signedJson(int64_t(contents.randomMinInt[c])));
        max.push_back(signedJson(int64_t(contents.randomMaxInt[c])));
      } else {
        min.push_back(unsignedJson(contents.randomMinInt[c]));
        max.push_back(unsignedJson(contents.randomMaxInt[c]));
      }
    }
    return Json{
        {"random", {{"seed", unsignedJson(contents.randomSeed)}, {"min", min}, {"max", max}}}};
  }
  }
  return Json();
}

const char *accessName(BufferAccess a) {
  switch (a) {
  case BufferAccess::ReadOnly:
    return "read_only";
  case BufferAccess::WriteOnly:
    return "write_only";
  default:
    return "read_write";
  }
}

std::string hexBytes(const std::vector<std::byte> &bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string s;
  for (std::byte b : bytes) {
    s += digits[std::to_integer<unsigned>(b) >> 4];
    s += digits[std::to_integer<unsigned>(b) & 15];
  }
  return s;
}

Json scalarJson(const ArgSpec &arg) {
  ElementType type = arg.scalarType;
  const uint32_t size = type.componentSize();
  std::vector<uint64_t> components;
  for (uint32_t c = 0; c < type.width; ++c)
    components.push_back(loadComponent(arg.bytes.data() + c * size, size));
  // A NaN whose bits "nan" would not give back is written as the integer of its bits.
  if (isFloatType(type.scalar)) {
    bool exotic = false;
    for (uint64_t bits : components) {
      Json asText = componentJson(type.scalar, bits);
      exotic = exotic || (asText == Json("nan") && bits != canonicalNan(type.scalar));
    }
    if (exotic)
      type.scalar = size == 2   ? ScalarType::UShort
                    : size == 4 ? ScalarType::UInt
                                : ScalarType::ULong;
  }
  Json value;
  if (type.width == 1) {
    value = componentJson(type.scalar, components[0]);
  } else {
    value = Json::array();
    for (uint64_t bits : components) value.push_back(componentJson(type.scalar, bits));
  }
  return Json{{"scalar", type.name()}, {"value", std::move(value)}};
}

Json argJson(const ArgSpec &arg) {
  switch (arg.kind) {
  case ArgSpec::Kind::Buffer: {
    Json j{{"buffer", arg.buffer}};
    if (arg.subBuffer) {
      j["offset"] = arg.offset;
      j["size"] = arg.size;
    }
    return j;
  }
  case ArgSpec::Kind::Local:
    return Json{{"local", arg.localSize}};
  case ArgSpec::Kind::Scalar:
    return scalarJson(arg);
  case ArgSpec::Kind::Struct:
    return Json{{"struct", hexBytes(arg.bytes)}};
  case ArgSpec::Kind::Sampler:
    return samplerArgJson(arg.samplerBits);
  case ArgSpec::Kind::Image:
    return Json{{"image", arg.image}};
  case ArgSpec::Kind::Null:
    return Json{{"null", true}};
  }
  return Json();
}

/// The launch's range (kernel, sizes, offset), in docs/run-files.md's order.
void writeRange(Json &out, const LaunchSpec &launch) {
  if (!launch.kernel.empty()) out["kernel"] = launch.kernel; // "": the module's only one
  out["global_size"] = sizeList(launch.global, launch.dims);
  out["local_size"] = launch.local ? sizeList(*launch.local, launch.dims) : Json();
  bool offset = false;
  for (uint32_t d = 0; d < launch.dims; ++d) offset = offset || launch.offset[d] != 0;
  if (offset) out["global_offset"] = sizeList(launch.offset, launch.dims);
}

Json argsJson(const LaunchSpec &launch) {
  Json args = Json::array();
  for (const ArgSpec &a : launch.args) args.push_back(argJson(a));
  return args;
}

} // namespace

std::string writeRunText(const RunSpec &spec, const std::filesystem::path &baseDir) {
  const bool single = spec.launches.size() == 1 && spec.launches[0].path.empty();
  Json root = Json::object();
  root["module"] = relativeTo(spec.module, baseDir);
  if (single) writeRange(root, spec.launches[0]);
  if (!spec.specConstants.empty()) {
    Json constants = Json::object();
    for (const SpecConstantSpec &c : spec.specConstants)
      constants[std::to_string(c.specId)] = c.isBoolean ? Json(c.boolean) : numberJson(c.number);
    root["spec_constants"] = std::move(constants);
  }
  Json buffers = Json::object();
  for (const BufferSpec &b : spec.buffers) {
    Json buffer{{"type", b.type.name()}, {"count", b.count}};
    if (Json init = initJson(b, baseDir); !init.is_null()) buffer["init"] = std::move(init);
    if (b.access != BufferAccess::ReadWrite) buffer["access"] = accessName(b.access);
    if (b.dumpFile)
      buffer["dump"] = relativeTo(*b.dumpFile, baseDir);
    else if (b.dumpText)
      buffer["dump"] = true;
    buffers[b.name] = std::move(buffer);
  }
  root["buffers"] = std::move(buffers);
  if (!spec.images.empty()) {
    Json images = Json::object();
    for (const ImageSpec &i : spec.images) {
      const ImageDescription &d = i.image;
      Json image{{"type", i.typeName},
                 {"channel_order", channelOrderName(d.format.order)},
                 {"channel_data_type", channelTypeName(d.format.type)},
                 {"width", d.width}};
      if (d.type == ImageType::Image2D || d.type == ImageType::Image2DArray ||
          d.type == ImageType::Image3D) {
        image["height"] = d.height;
        image["row_pitch"] = d.rowPitch;
      }
      if (d.type == ImageType::Image3D) image["depth"] = d.depth;
      if (d.type == ImageType::Image1DArray || d.type == ImageType::Image2DArray)
        image["array_size"] = d.arraySize;
      if (d.type == ImageType::Image3D || d.type == ImageType::Image1DArray ||
          d.type == ImageType::Image2DArray)
        image["slice_pitch"] = d.slicePitch;
      if (Json init = imageContentsJson(i, i.init, baseDir); !init.is_null())
        image["init"] = std::move(init);
      if (i.access != BufferAccess::ReadWrite) image["access"] = accessName(i.access);
      if (!i.viewedImage.empty()) image["image"] = i.viewedImage;
      if (!i.buffer.empty()) image["buffer"] = i.buffer;
      if (i.bufferOffset) image["buffer_offset"] = i.bufferOffset;
      if (i.dumpFile)
        image["dump"] = relativeTo(*i.dumpFile, baseDir);
      else if (i.dumpText)
        image["dump"] = true;
      if (i.expect) {
        Json expect = imageContentsJson(i, i.expect->contents, baseDir);
        const Tolerance &t = i.expect->tolerance;
        if (t.kind == Tolerance::Kind::Ulp) expect["ulp"] = t.amount;
        if (t.kind == Tolerance::Kind::Abs) expect["abs"] = t.amount;
        if (t.kind == Tolerance::Kind::Rel) expect["rel"] = t.amount;
        image["expect"] = std::move(expect);
      }
      images[i.name] = std::move(image);
    }
    root["images"] = std::move(images);
  }
  if (single) {
    root["args"] = argsJson(spec.launches[0]);
  } else {
    Json launches = Json::array();
    for (const LaunchSpec &l : spec.launches) {
      Json launch = Json::object();
      writeRange(launch, l);
      launch["args"] = argsJson(l);
      launches.push_back(std::move(launch));
    }
    root["launches"] = std::move(launches);
  }
  return root.dump(2) + "\n";
}

void writeRunFile(const RunSpec &spec, const std::filesystem::path &file) {
  const std::string text = writeRunText(spec, file.parent_path());
  std::ofstream out(file, std::ios::binary);
  out << text;
  if (!out) throw Error(file.string() + ": cannot write");
}

} // namespace spvsim::runfile
