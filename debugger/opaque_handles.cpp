// The values of OpenCL C's opaque types as the debugger prints them: an image
// argument (its debug type a pointer to `opencl_image2d_ro_t` and the like, its
// register an index into the launch's image table) as its type, access, size and
// format; a sampler (`sampler_t`) as the CLK_* constants of its bits (OpenCL C
// §6.15.15.1). gdb prints such a handle as a typed opaque pointer; spvsim knows what
// it stands for.
#include <cstdio>
#include <string_view>

#include "evaluator.h"
#include "exec/execution_events.h"
#include "exec/launch_context.h"
#include "memory/tagged_pointer.h"

namespace spvsim::debugger {

namespace {

/// The OpenCL C spelling of a debug type named "opencl_image2d_array_ro_t" (through a
/// pointer: "struct opencl_image2d_array_ro_t *"): {"image2d_array_t", "read_only"}.
std::pair<std::string, std::string> imageTypeWords(std::string_view name) {
  const size_t at = name.find("opencl_image");
  if (at == std::string_view::npos) return {};
  std::string_view rest = name.substr(at + 7); // "image2d_array_ro_t *"
  rest = rest.substr(0, rest.find_first_of(" *"));
  std::string access;
  for (const auto &[suffix, words] :
       {std::pair{"_ro_t", "read_only"}, {"_wo_t", "write_only"}, {"_rw_t", "read_write"}})
    if (rest.ends_with(suffix)) {
      rest.remove_suffix(5);
      access = words;
    }
  if (access.empty()) rest.remove_suffix(rest.ends_with("_t") ? 2 : 0);
  return {std::string(rest) + "_t", access};
}

/// "2 x 2", "16 x 4 x 3 layers": the sizes the image's type has.
std::string imageSizeText(const ImageDescription &d) {
  std::string s = std::to_string(d.width);
  switch (d.type) {
  case ImageType::Image1DArray:
    return s + " x " + std::to_string(d.arraySize) + " layers";
  case ImageType::Image2D:
    return s + " x " + std::to_string(d.height);
  case ImageType::Image2DArray:
    return s + " x " + std::to_string(d.height) + " x " + std::to_string(d.arraySize) + " layers";
  case ImageType::Image3D:
    return s + " x " + std::to_string(d.height) + " x " + std::to_string(d.depth);
  default:
    return s;
  }
}

/// A sampler's bits as OpenCL C's constants: addressing, coordinates and filter.
std::string samplerText(uint64_t bits) {
  static constexpr const char *addressing[] = {"CLK_ADDRESS_NONE", "CLK_ADDRESS_CLAMP_TO_EDGE",
                                               "CLK_ADDRESS_CLAMP", "CLK_ADDRESS_REPEAT",
                                               "CLK_ADDRESS_MIRRORED_REPEAT"};
  const uint64_t address = (bits >> 1) & 7;
  std::string s =
      std::string(bits & 1 ? "CLK_NORMALIZED_COORDS_TRUE" : "CLK_NORMALIZED_COORDS_FALSE") + " | " +
      (address < 5 ? addressing[address] : "CLK_ADDRESS_?") + " | " +
      ((bits & 0x30) == 0x20 ? "CLK_FILTER_LINEAR" : "CLK_FILTER_NEAREST");
  return s;
}

} // namespace

std::optional<std::string> Evaluator::describeHandle(const Value &v) const {
  if (!v.type || v.type->kind != ValueType::Kind::Pointer || v.optimizedOut) return std::nullopt;
  const std::string &name = v.type->name;
  const bool sampler = name == "sampler_t" || name.find("opencl_sampler_t") != std::string::npos;
  const auto [imageType, access] = imageTypeWords(name);
  if (!sampler && imageType.empty()) return std::nullopt;
  const uint64_t bits = scalarBits(v, reader());
  char hex[24];
  std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(bits));
  if (sampler) return "(sampler_t) " + std::string(hex) + " <" + samplerText(bits) + ">";
  const std::string type = "(" + imageType + (access.empty() ? "" : " " + access) + ") ";
  if (!x_.launch || bits >= x_.launch->images.size())
    return type + "image " + std::to_string(bits) + " <not bound to this launch>";
  const ImageView &image = x_.launch->images[bits];
  std::string owner = allocationName(x_, tagged::make(AddressSpace::Global, image.allocation, 0));
  return type + "image '" + owner + "' <" + imageSizeText(image.image) + ", " +
         formatName(image.image.format) + ">";
}

} // namespace spvsim::debugger
