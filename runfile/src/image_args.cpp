// Run-file sampler arguments: parsing and writing (see image_args.h).
#include "spvsim/runfile/image_args.h"

#include <array>
#include <string_view>
#include <utility>

#include "spvsim/common/error.h"
#include "spvsim/interpreter/image.h"
#include "spvsim/runfile/json.h"

namespace spvsim::runfile {

namespace {

using NamedBits = std::pair<std::string_view, uint32_t>;

constexpr std::array<NamedBits, 5> kAddressingModes{{
    {"none", sampler_bits::kAddressNone},
    {"clamp_to_edge", sampler_bits::kAddressClampToEdge},
    {"clamp", sampler_bits::kAddressClamp},
    {"repeat", sampler_bits::kAddressRepeat},
    {"mirrored_repeat", sampler_bits::kAddressMirroredRepeat},
}};
constexpr std::array<NamedBits, 2> kFilterModes{{
    {"nearest", sampler_bits::kFilterNearest},
    {"linear", sampler_bits::kFilterLinear},
}};

template <size_t N>
uint32_t readNamed(const Json &value, const std::string &path,
                   const std::array<NamedBits, N> &names) {
  const std::string given = readString(value, path);
  std::string known;
  for (const auto &[name, bits] : names) {
    if (given == name) return bits;
    known += (known.empty() ? "" : ", ") + std::string(name);
  }
  failAt(path, "unknown value '" + given + "' (expected one of: " + known + ")");
}

template <size_t N> std::string_view nameOf(uint32_t bits, const std::array<NamedBits, N> &names) {
  for (const auto &[name, value] : names)
    if (value == bits) return name;
  return names[0].first;
}

} // namespace

uint32_t parseSamplerArg(const Json &sampler, const std::string &path) {
  requireObject(sampler, path);
  rejectUnknownKeys(sampler, path, {"normalized_coords", "addressing_mode", "filter_mode"});
  bool normalized = true;
  if (sampler.contains("normalized_coords")) {
    const Json &value = sampler["normalized_coords"];
    if (!value.is_boolean())
      failAt(keyPath(path, "normalized_coords"),
             "expected true or false, got " + describeJsonType(value));
    normalized = value.get<bool>();
  }
  uint32_t addressing = sampler_bits::kAddressClamp;
  if (sampler.contains("addressing_mode"))
    addressing =
        readNamed(sampler["addressing_mode"], keyPath(path, "addressing_mode"), kAddressingModes);
  uint32_t filter = sampler_bits::kFilterNearest;
  if (sampler.contains("filter_mode"))
    filter = readNamed(sampler["filter_mode"], keyPath(path, "filter_mode"), kFilterModes);
  // OpenCL SPIR-V Env §7.2: repeat and mirrored repeat are defined for normalized
  // coordinates only.
  if (!normalized && (addressing == sampler_bits::kAddressRepeat ||
                      addressing == sampler_bits::kAddressMirroredRepeat))
    failAt(keyPath(path, "addressing_mode"),
           "'" + std::string(nameOf(addressing, kAddressingModes)) +
               "' needs normalized coordinates (\"normalized_coords\": true)");
  return (normalized ? sampler_bits::kNormalized : 0) | addressing | filter;
}

Json samplerArgJson(uint32_t bits) {
  return Json{
      {"sampler",
       {{"normalized_coords", (bits & sampler_bits::kNormalized) != 0},
        {"addressing_mode",
         std::string(nameOf(bits & sampler_bits::kAddressMask, kAddressingModes))},
        {"filter_mode", std::string(nameOf(bits & sampler_bits::kFilterMask, kFilterModes))}}}};
}

} // namespace spvsim::runfile
